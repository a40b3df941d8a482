import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { createDeliveryLine, holdLease } from '../../lib/delivery-line';
import {
  claimMailForSending,
  claimNextMail,
  failPendingMail,
  insertPendingMail,
  mailContents,
  markMailFailed,
  markMailSent,
  pendingBatchMailIds,
  reclaimInterruptedMail,
  releaseClaimedMail,
  renewMailLease,
  type MailContent,
} from './queries';
import { describeFailure, senderDomain, type MailTransport } from './transport';

/**
 * The mail outbox: every message is a row before it is sent (record), is claimed with a lease (claim),
 * sent with a Message-ID derived from its row (deliver), and sent again when its sender stopped
 * mid-send (recover): at least once, never by two live instances at once. Decisions 004 and 008; the
 * claiming, sweeping and recovering is the shared delivery line's (lib/delivery-line.ts, decision 028).
 */

export interface MailAddress {
  name?: string;
  address: string;
}

export interface OutgoingMail {
  /** What the message is for ('bulk', 'contact', 'order-confirmation'...), kept on its row. */
  kind: string;
  /** Exactly one recipient: nobody ever sees another recipient's address. */
  to: string;
  subject: string;
  /** Always sent; html, when given, is an alternative to it (escape what you put in it: see escape-html.ts). */
  text: string;
  html?: string;
  /** Where replies go (the visitor of the contact form); stored on the row like the rest of the message. */
  replyTo?: MailAddress;
}

export interface Outbox {
  readonly mode: 'smtp' | 'outbox';
  /** Records the messages as pending (one row each) and answers their ids, in order. */
  queue(messages: OutgoingMail[], batchId?: string): Promise<string[]>;
  /**
   * Records the messages as pending inside the caller's transaction: they exist exactly when the change
   * they are about commits. Call `wake()` after the commit.
   */
  record(tx: Tx, messages: OutgoingMail[]): Promise<void>;
  /** Sends recorded pending messages, each claimed ('sending') first, then 'sent' or 'failed'. */
  deliver(ids: string[]): Promise<{ sent: string[]; failed: string[] }>;
  /** Starts the delivery line if it is idle: it sends every pending message outside a bulk batch. */
  wake(): void;
  /**
   * For use after a transaction commits: records the messages (resolves once they are stored, so a
   * crash after the answer cannot lose them) and wakes the delivery line. Never rejects.
   */
  sendLater(messages: OutgoingMail[]): Promise<void>;
  /** Resolves once no background delivery is running (tests, shutdown). */
  idle(): Promise<void>;
}

const MAX_SERVER_FAILURES_IN_A_ROW = 3;
/** Messages claimed together by `deliver(ids)` (bulk mail: an admin waits for the outcome of each). */
const CLAIMED_TOGETHER = 10;
/**
 * Messages the delivery line claims (and records sent) in one statement each. Under an order burst on
 * the embedded database, each statement waits its turn behind every order in flight, so the line must
 * take all that piled up meanwhile, not ten: it then keeps up with the orders (decision 008).
 */
const LINE_BATCH = 1_000;
/** How long a claim holds; a sender renews it every third of that while it is still sending. */
export const LEASE_MS = 20_000;
/** How often the outbox looks for messages whose sender died: lapsed claims, pending rows nobody took. */
const SWEEP_MS = 5_000;
/** Contents of messages recorded here, kept until sent so they need not be read back: an optimisation only. */
const MAX_HELD = 5_000;

/** A refusal of this message or recipient, as opposed to the server (or outbox folder) being unusable. */
function isRecipientFailure(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

interface OutboxDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  transport: MailTransport;
  /** The embedded database is opened by one process at a time: at start, every claim left is a dead one's. */
  soleSender?: boolean;
}

export function createOutbox({ db, config, log, transport, soleSender = false }: OutboxDeps) {
  const domain = senderDomain(config.mailFrom);
  // SMTP sends over a small connection pool; bulk mail writes a few files at once. The delivery line
  // writes its whole batch of files at once (their names never collide): under an order burst every turn
  // of the event loop waits behind the orders, and composing one message takes about a dozen turns, so
  // files written a few at a time fell ever further behind the orders (decision 008).
  const concurrency = transport.mode === 'smtp' ? 3 : 4;
  const lineConcurrency = transport.mode === 'smtp' ? 3 : LINE_BATCH;

  const held = new Map<string, MailContent>();

  const compose = (message: MailContent): SendMailOptions => ({
    from: config.mailFrom,
    to: message.toAddress,
    subject: message.subject,
    text: message.textBody,
    html: message.htmlBody ?? undefined,
    replyTo: message.replyTo ?? undefined,
    // Derived from the row, so every attempt at one message carries the same id (a resend after a crash
    // is recognisably the same message) and it can be matched to its record and .eml file.
    messageId: `<${message.id}@${domain}>`,
  });

  function rowsOf(messages: OutgoingMail[], batchId?: string) {
    return messages.map((m) => ({
      id: randomUUID(),
      kind: m.kind,
      batchId: batchId ?? null,
      toAddress: m.to,
      subject: m.subject.replace(/[\r\n]+/g, ' ').trim(),
      textBody: m.text,
      htmlBody: m.html ?? null,
      replyTo: m.replyTo ? formatAddress(m.replyTo) : null,
    }));
  }

  function hold(rows: MailContent[]) {
    for (const row of rows) held.set(row.id, row);
    for (const [oldest] of held) {
      if (held.size <= MAX_HELD) break;
      held.delete(oldest);
    }
  }

  /** The contents of claimed messages, in the order of `ids`. */
  async function contentsOf(ids: string[]): Promise<MailContent[]> {
    const unknown = ids.filter((id) => !held.has(id));
    const read = new Map(
      (unknown.length > 0 ? await mailContents(db, unknown) : []).map((message) => [message.id, message]),
    );
    const messages = ids.map((id) => held.get(id) ?? read.get(id));
    for (const id of ids) held.delete(id);
    return messages.filter((message): message is MailContent => message !== undefined);
  }

  /** Null once the transport accepted the message, else the error. */
  async function send(message: MailContent): Promise<unknown> {
    try {
      await transport.send(compose(message), message.id);
      return null;
    } catch (error) {
      return error ?? new Error('Unknown error');
    }
  }

  interface Run {
    sent: string[];
    failed: string[];
    serverFailuresInARow: number;
    serverDown: string | null;
  }

  /** Sends claimed messages, renewing their lease meanwhile, and records the outcome of each. */
  async function sendClaimed(toSend: MailContent[], run: Run, atOnce = concurrency): Promise<void> {
    const sentNow: string[] = [];
    const notAttempted: string[] = [];
    const lease = holdLease(
      toSend.map((m) => m.id),
      LEASE_MS,
      (ids) => renewMailLease(db, ids, LEASE_MS),
      (error) => log.warn({ err: error }, 'mail lease not renewed'),
    );
    const worker = async () => {
      for (let message = toSend.shift(); message; message = toSend.shift()) {
        if (run.serverDown || line.closing) {
          notAttempted.push(message.id);
          continue;
        }
        const failure = await send(message);
        lease.letGo([message.id]);
        if (failure === null) {
          sentNow.push(message.id);
          run.serverFailuresInARow = 0;
          continue;
        }
        run.failed.push(message.id);
        const reason = describeFailure(failure, config.smtpUrl);
        log.warn({ mailId: message.id, kind: message.kind, reason }, 'mail not sent');
        await markMailFailed(db, message.id, reason);
        if (isRecipientFailure(failure)) run.serverFailuresInARow = 0;
        else if (++run.serverFailuresInARow >= MAX_SERVER_FAILURES_IN_A_ROW) {
          run.serverDown ??= `the mail server failed ${run.serverFailuresInARow} times in a row (${reason.slice(0, 200)})`;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(atOnce, toSend.length) }, worker));
    } finally {
      lease.stop();
    }
    // Until this is recorded the rows say 'sending': if the server stops first they are sent again
    // (same Message-ID) once their claim lapses, a rare duplicate rather than a lost message.
    await markMailSent(db, sentNow);
    run.sent.push(...sentNow);
    if (run.serverDown) {
      await releaseClaimedMail(db, notAttempted, { status: 'failed', error: `Not attempted: ${run.serverDown}` });
      run.failed.push(...notAttempted);
    } else await releaseClaimedMail(db, notAttempted, { status: 'pending' });
  }

  const newRun = (): Run => ({ sent: [], failed: [], serverFailuresInARow: 0, serverDown: null });

  /**
   * One background line for all mail sent 'later' (orders, contact): it claims every pending message in
   * one statement, sends them, and records them in one statement (decision 008). A sweep's run takes
   * only messages nobody took up for a lease (a dead sender's).
   */
  const line = createDeliveryLine<string>({
    name: 'mail',
    log,
    sweepMs: SWEEP_MS,
    soleSender,
    claim: (orphansOnly) => claimNextMail(db, LINE_BATCH, LEASE_MS, orphansOnly ? LEASE_MS : 0),
    startRun() {
      const run = newRun();
      return async (ids) => {
        await sendClaimed(await contentsOf(ids), run, lineConcurrency);
        return !run.serverDown;
      };
    },
    async recover({ all, atStart }) {
      const reclaimed = await reclaimInterruptedMail(db, all);
      if (reclaimed > 0)
        log.warn(
          { count: reclaimed },
          atStart ? 'mail interrupted by a stop is sent again' : 'mail whose sender stopped mid-send is sent again',
        );
    },
  });

  const outbox: Outbox = {
    mode: transport.mode,

    async queue(messages, batchId) {
      const rows = rowsOf(messages, batchId);
      await insertPendingMail(db, rows);
      hold(rows);
      return rows.map((r) => r.id);
    },

    async record(tx, messages) {
      if (messages.length === 0) return;
      const rows = rowsOf(messages);
      await insertPendingMail(tx, rows);
      // Held before the commit; if the transaction rolls back, no row exists to claim and the copy ages out.
      hold(rows);
    },

    async deliver(ids) {
      const run = newRun();
      // Once the app is closing, the rest stay 'pending' and go out at the next start.
      for (let start = 0; start < ids.length && !line.closing; start += CLAIMED_TOGETHER) {
        const chunk = ids.slice(start, start + CLAIMED_TOGETHER);
        if (run.serverDown) {
          // Each attempt against an unreachable server can take a connection timeout; do not make an
          // admin wait that long per recipient. The rows say why, so they can be sent again later.
          for (const id of chunk) held.delete(id);
          run.failed.push(...(await failPendingMail(db, chunk, `Not attempted: ${run.serverDown}`)));
          continue;
        }
        const taken = new Set(await claimMailForSending(db, chunk, LEASE_MS));
        await sendClaimed(await contentsOf(chunk.filter((id) => taken.has(id))), run);
      }
      return { sent: run.sent, failed: run.failed };
    },

    wake: () => line.wake(),

    async sendLater(messages) {
      if (messages.length === 0) return;
      try {
        await outbox.queue(messages);
      } catch (error) {
        log.error({ err: error, kinds: messages.map((m) => m.kind) }, 'mail not recorded');
        return;
      }
      outbox.wake();
    },

    idle: () => line.idle(),
  };

  return {
    outbox,
    /**
     * At start: messages interrupted while sending go out again (same Message-ID), with every pending
     * one. On the embedded database that is every 'sending' row at once; on PostgreSQL, where another
     * live instance may be sending, only those whose claim has lapsed (the sweep takes the rest later).
     */
    async recover() {
      await line.start();
      // Order and contact mail goes through the line, in big batches; a bulk batch's rest by id.
      line.track(
        (async () => {
          const ids = await pendingBatchMailIds(db);
          if (ids.length === 0) return;
          const { sent, failed } = await outbox.deliver(ids);
          log.info({ sent: sent.length, failed: failed.length }, 'pending bulk mail from before the start delivered');
        })(),
      );
    },
    async close() {
      await line.close();
      transport.close();
    },
  };
}

/** "Name <address>" with the name quoted, so a comma or angle bracket in a visitor's name cannot add recipients. */
function formatAddress({ name, address }: MailAddress): string {
  const safeName = (name ?? '').replace(/["\\\r\n]/g, ' ').trim();
  return safeName ? `"${safeName}" <${address}>` : address;
}
