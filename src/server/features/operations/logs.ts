import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readableLogFormatter } from '../../lib/readable-log';
import type { OperationsContext } from './context';
import { mustRun, OperationFailed } from './host';
import type { ShopLayout } from './layout';

/** Which log: the shop's (default), Caddy's (certificates, HTTPS), or the nightly backup check's. */
const SOURCES: Record<string, (layout: ShopLayout) => string> = {
  shop: (layout) => layout.service,
  caddy: () => 'caddy',
  'backup-check': (layout) => `${layout.service}-backup-check`,
};

/**
 * One line a person reads for each line the journal kept: the date, then the shop's own readable form
 * (src/server/lib/readable-log.ts: time, level, message, a request's method, address and status), or
 * Caddy's level, message and error. Nothing is added that the log did not already hold (no secrets: the
 * shop's log is redacted where it is written).
 */
export function logLineFormatter() {
  const shopLine = readableLogFormatter();
  return (message: string): string => {
    let parsed: { time?: number; ts?: number; level?: unknown; msg?: string; error?: string; logger?: string };
    try {
      parsed = JSON.parse(message);
    } catch {
      return message;
    }
    if (typeof parsed.level === 'number') {
      const day = new Date(parsed.time ?? Date.now()).toISOString().slice(0, 10);
      return `${day} ${shopLine(message).trimEnd()}`;
    }
    const at = new Date((parsed.ts ?? Date.now() / 1000) * 1000);
    const parts = [
      at.toISOString().slice(0, 19).replace('T', ' '),
      String(parsed.level ?? 'info')
        .toUpperCase()
        .padEnd(5),
      parsed.logger ? `${parsed.logger}:` : '',
      parsed.msg ?? '',
      parsed.error ? `(${parsed.error})` : '',
    ];
    return parts.filter(Boolean).join(' ');
  };
}

export interface LogsOptions {
  source?: string;
  lines?: number;
  follow?: boolean;
}

/** coop-shop logs [shop|caddy|backup-check] [--lines N] [--follow] */
export async function logs(context: OperationsContext, layout: ShopLayout, options: LogsOptions): Promise<void> {
  const source = options.source ?? 'shop';
  const unit = SOURCES[source]?.(layout);
  if (!unit) throw new OperationFailed(`no log called ${source}: say shop, caddy or backup-check`);
  const lines = options.lines ?? 50;
  const format = logLineFormatter();
  const args = ['--unit', unit, '--lines', String(lines), '--output', 'cat', '--no-pager'];
  if (!options.follow) {
    const text = await mustRun(context.host, 'journalctl', args);
    const shown = text.split('\n').filter(Boolean);
    if (shown.length === 0) context.out(`The ${source} log is empty.`);
    for (const line of shown) context.out(format(line));
    return;
  }
  // Until Ctrl-C: each new line as it comes.
  const child = spawn('journalctl', [...args, '--follow'], { stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout })) context.out(format(line));
}
