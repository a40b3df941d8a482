import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { createDeliveryLine, holdLease } from '../../lib/delivery-line';
import {
  claimDueSms,
  insertPendingSms,
  markSmsFailed,
  markSmsSent,
  markSmsSubmitting,
  recoverInterruptedSms,
  releaseClaimedSms,
  renewSmsLease,
  retrySmsLater,
  type ClaimedSms,
  type SmsSent,
} from './queries';
import type { SmsOutcome, SmsTransport } from './transport';

/**
 * The SMS outbox (decision 015): every text is a row before it is sent (record), claimed with a lease,
 * marked 'submitting' just before its one request to the provider, then 'sent' or 'failed'. After a
 * crash, claimed rows go out again (never submitted), a submitting code is given up, a submitting order
 * message is sent again: at least once, and a duplicate only of a message in flight at the crash. The
 * claiming, sweeping and recovering is the shared delivery line's (lib/delivery-line.ts, decision 028).
 */

export interface OutgoingSms {
  /** What the message is for ('sign-in-code', 'order-placed'...), kept on its row. */
  kind: string;
  /** One recipient, +260XXXXXXXXX (readZambianMobile's e164). */
  to: string;
  text: string;
  orderId?: string;
  /** a one-time code: body blanked once sent, never resent after a crash */
  secret?: boolean;
}

export interface SmsOutbox {
  readonly mode: 'africastalking' | 'outbox';
  /** Records the messages as pending inside the caller's transaction; call `wake()` after the commit. */
  record(tx: Tx, messages: OutgoingSms[]): Promise<void>;
  /** Records the messages (resolves once they are stored), then wakes the line. Never rejects. */
  sendLater(messages: OutgoingSms[]): Promise<void>;
  /** Starts the delivery line if it is idle. */
  wake(): void;
  /** Resolves once no background delivery is running (tests, shutdown). */
  idle(): Promise<void>;
}

/** How long a claim holds; renewed every third of that while this instance still holds the message. */
export const SMS_LEASE_MS = 30_000;
/** How often to look for lapsed claims (a dead instance's) and messages due for another try. */
const SWEEP_MS = 5_000;
/** Messages claimed in one statement: a minute or so of work against a slow provider. */
const LINE_BATCH = 20;
/**
 * Requests in flight at once. Small on purpose: a crash can only duplicate a message whose request was
 * in flight, so this is also the most a kill can duplicate.
 */
const PROVIDER_CONCURRENCY = 2;
/** Files are written in whole claimed batches: three statements for twenty texts. */
const FILE_CONCURRENCY = LINE_BATCH;
/** Tries of a message the provider could not take (unreachable, overloaded, out of credit) before giving up. */
const MAX_ATTEMPTS = 8;
const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 15 * 60_000);

const E164 = /^\+[1-9]\d{7,14}$/;

interface SmsOutboxDeps {
  db: Db;
  log: FastifyBaseLogger;
  transport: SmsTransport;
  /** The embedded database is opened by one process at a time: at start, every claim left is a dead one's. */
  soleSender?: boolean;
}

export function createSmsOutbox({ db, log, transport, soleSender = false }: SmsOutboxDeps) {
  const atOnce = transport.mode === 'africastalking' ? PROVIDER_CONCURRENCY : FILE_CONCURRENCY;

  function rowsOf(messages: OutgoingSms[]) {
    return messages.map((m) => {
      // A programming error, not a shopper's: callers read numbers with readZambianMobile first.
      if (!E164.test(m.to)) throw new Error(`An SMS needs a number in +E.164 form (kind ${m.kind})`);
      return {
        id: randomUUID(),
        kind: m.kind,
        toNumber: m.to,
        body: m.text,
        secret: m.secret ?? false,
        orderId: m.orderId ?? null,
      };
    });
  }

  /** Records a message the provider did not take: failed, or pending again for a later try. */
  async function settle(message: ClaimedSms, outcome: SmsOutcome): Promise<'sent' | 'refused' | 'provider-down'> {
    if (outcome.ok) return 'sent';
    const context = { smsId: message.id, kind: message.kind, attempts: message.attempts, reason: outcome.reason };
    if (!outcome.retry || message.secret || message.attempts >= MAX_ATTEMPTS) {
      // A code is useful for minutes only: the customer asks for a new one rather than getting this one late.
      const reason = message.secret && outcome.retry ? `${outcome.reason}; ask for a new code` : outcome.reason;
      log.warn(context, 'sms not sent');
      await markSmsFailed(
        db,
        message,
        message.attempts >= MAX_ATTEMPTS && outcome.retry
          ? `Gave up after ${message.attempts} tries: ${reason}`
          : reason,
      );
      return outcome.retry ? 'provider-down' : 'refused';
    }
    log.warn(context, 'sms not sent yet; tried again later');
    await retrySmsLater(db, message.id, outcome.reason, retryDelayMs(message.attempts));
    return 'provider-down';
  }

  /**
   * Sends a few claimed messages at once: all marked 'submitting' in one statement, each asked of the
   * provider, those taken recorded 'sent' in one statement. Answers false if the provider is down.
   */
  async function sendGroup(group: ClaimedSms[]): Promise<boolean> {
    const mine = await markSmsSubmitting(
      db,
      group.map((m) => m.id),
      SMS_LEASE_MS,
    );
    const toSend = group.filter((m) => mine.has(m.id));
    const outcomes = await Promise.all(
      toSend.map((message) =>
        transport.send(message).catch((error: unknown): SmsOutcome => ({
          ok: false,
          reason: error instanceof Error ? error.message.slice(0, 300) : 'Unknown error',
          retry: true,
        })),
      ),
    );
    const sent: SmsSent[] = [];
    let providerUp = true;
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) sent.push({ id: toSend[i].id, providerMessageId: outcome.providerMessageId, cost: outcome.cost });
      else if ((await settle(toSend[i], outcome)) === 'provider-down') providerUp = false;
    }
    await markSmsSent(db, sent);
    return providerUp;
  }

  /** Sends a claimed batch a group at a time; stops taking new ones when the provider is down or the app stops. */
  async function sendBatch(batch: ClaimedSms[]): Promise<boolean> {
    const lease = holdLease(
      batch.map((m) => m.id),
      SMS_LEASE_MS,
      (ids) => renewSmsLease(db, ids, SMS_LEASE_MS),
      (error) => log.warn({ err: error }, 'sms lease not renewed'),
    );
    let providerUp = true;
    let next = 0;
    try {
      while (next < batch.length && providerUp && !line.closing) {
        const group = batch.slice(next, next + atOnce);
        next += group.length;
        providerUp = await sendGroup(group);
        lease.letGo(group.map((m) => m.id));
      }
    } finally {
      lease.stop();
    }
    await releaseClaimedSms(
      db,
      batch.slice(next).map((m) => m.id),
    );
    return providerUp;
  }

  // Provider down: the line stops and the sweep tries again in a few seconds (each message waits its own delay).
  const line = createDeliveryLine<ClaimedSms>({
    name: 'sms',
    log,
    sweepMs: SWEEP_MS,
    soleSender,
    claim: () => claimDueSms(db, LINE_BATCH, SMS_LEASE_MS),
    startRun: () => sendBatch,
    async recover({ all }) {
      const counts = await recoverInterruptedSms(db, all);
      if (counts.claimed + counts.resent + counts.secretsFailed > 0)
        log.warn(counts, 'sms interrupted by a stopped sender recovered');
    },
  });

  const outbox: SmsOutbox = {
    mode: transport.mode,

    async record(tx, messages) {
      if (messages.length > 0) await insertPendingSms(tx, rowsOf(messages));
    },

    async sendLater(messages) {
      if (messages.length === 0) return;
      try {
        await insertPendingSms(db, rowsOf(messages));
      } catch (error) {
        log.error({ err: error, kinds: messages.map((m) => m.kind) }, 'sms not recorded');
        return;
      }
      outbox.wake();
    },

    wake: () => line.wake(),
    idle: () => line.idle(),
  };

  return {
    outbox,
    /** At start: recovers what a stopped sender left (decision 015), sends what is pending, starts the sweep. */
    recover: () => line.start(),
    /** Stops taking messages; those claimed and not yet submitted go back to pending for the next start. */
    close: () => line.close(),
  };
}
