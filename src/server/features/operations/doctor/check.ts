import type { AppConfig } from '../../../config';
import type { OperationsContext } from '../context';
import type { Settings } from '../env-file';
import type { ShopLayout } from '../layout';
import type { MachineProbes } from './probes';

/** One line of the doctor: ok, a warning, or a problem; the text says what was found and what to do. */
export interface Finding {
  verdict: 'ok' | 'warn' | 'fail';
  text: string;
}

export const ok = (text: string): Finding => ({ verdict: 'ok', text });
export const warn = (text: string): Finding => ({ verdict: 'warn', text });
export const fail = (text: string): Finding => ({ verdict: 'fail', text });

/** What every check may look at. */
export interface DoctorFacts {
  context: OperationsContext;
  layout: ShopLayout;
  settings: Settings;
  /** The settings as the shop reads them; undefined when it would refuse them (a finding of its own). */
  config?: AppConfig;
  domain: string;
  probes: MachineProbes;
}

export type Check = (facts: DoctorFacts) => Promise<Finding | Finding[]>;
