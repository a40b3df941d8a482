import type { Host } from './host';
import type { LineReader } from './secret-input';
import type { Services } from './services';

/** What every verb acts through: the machine, its service manager, where it speaks, where it reads secrets. */
export interface OperationsContext {
  host: Host;
  services: Services;
  out: (line: string) => void;
  readLine: LineReader;
  /** How long a (re)started shop has to answer its health check (default 2 minutes). */
  healthTimeoutMs?: number;
}
