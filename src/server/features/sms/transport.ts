import type { AppConfig } from '../../config';
import { africasTalkingTransport } from './africastalking';
import { fileTransport, smsOutboxFolder } from './file-transport';

/** One text message as the transport sends it: one recipient, one row. */
export interface SmsToSend {
  id: string;
  kind: string;
  to: string;
  text: string;
}

/**
 * What became of one send. `ok: false` is an answer from the provider (or our folder) about this
 * message; `retry` says whether the message may simply be tried again later (provider unreachable or
 * overloaded) rather than refused. A refusal never holds a secret (the API key, the text).
 */
export type SmsOutcome =
  { ok: true; providerMessageId: string | null; cost: string | null } | { ok: false; reason: string; retry: boolean };

export interface SmsTransport {
  readonly mode: 'africastalking' | 'outbox';
  send(message: SmsToSend): Promise<SmsOutcome>;
  /** At start, before anything is sent: clears what a killed process left half written. Answers what it removed. */
  sweepAtStart?(): Promise<string[]>;
}

export function createSmsTransport(config: AppConfig): SmsTransport {
  return config.sms ? africasTalkingTransport(config.sms) : fileTransport(smsOutboxFolder(config.dataDir));
}
