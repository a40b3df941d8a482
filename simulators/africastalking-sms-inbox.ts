import { randomBytes } from 'node:crypto';

/**
 * What the simulated Africa's Talking SMS API received, and how it was told to misbehave. In memory
 * only; a long run keeps the newest messages.
 */
export interface SimSms {
  /** ATXid_..., as Africa's Talking numbers a message. */
  messageId: string;
  to: string;
  from: string | null;
  text: string;
  receivedAt: string;
  /** The per-recipient code answered: 101 Sent, or the failure asked for. */
  statusCode: number;
}

export interface SmsBehaviour {
  /** How many of the next messages fail (per recipient, with `statusCode`, or the whole request with `httpStatus`). */
  failNext: number;
  /** The per-recipient failure: 403 InvalidPhoneNumber, 405 InsufficientBalance, 500 InternalServerError... */
  statusCode: number;
  /** When set, a failing request answers this HTTP status (e.g. 500) instead of 201 with a failed recipient. */
  httpStatus: number | null;
  /** Every answer waits this long first. */
  slowMs: number;
}

export const DEFAULT_SMS_BEHAVIOUR: SmsBehaviour = { failNext: 0, statusCode: 500, httpStatus: null, slowMs: 0 };

/** Africa's Talking's per-recipient status names, as its answers spell them. */
export const AT_STATUS: Record<number, string> = {
  100: 'Processed',
  101: 'Success',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

const KEPT = 10_000;

export class SmsInbox {
  messages: SimSms[] = [];
  behaviour: SmsBehaviour = { ...DEFAULT_SMS_BEHAVIOUR };
  /** Requests that reached the messaging endpoint, answered or not. */
  requests = 0;
  /** Requests being answered right now (slowMs): a crash test kills the shop while one is in flight. */
  inFlight = 0;

  receive(to: string, from: string | null, text: string, statusCode: number): SimSms {
    const message = {
      messageId: `ATXid_${randomBytes(16).toString('hex')}`,
      to,
      from,
      text,
      receivedAt: new Date().toISOString(),
      statusCode,
    };
    this.messages.push(message);
    if (this.messages.length > KEPT) this.messages.splice(0, this.messages.length - KEPT);
    return message;
  }

  /** Messages to one number (or all), oldest first; only those the API accepted unless `all`. */
  to(number?: string, all = false): SimSms[] {
    return this.messages.filter((m) => (!number || m.to === number) && (all || m.statusCode < 200));
  }

  reset(): void {
    this.messages = [];
    this.behaviour = { ...DEFAULT_SMS_BEHAVIOUR };
    this.requests = 0;
  }
}
