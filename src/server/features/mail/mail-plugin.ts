import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SendMailOptions } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import {
  claimMailForSending,
  failPendingMail,
  insertPendingMail,
  mailContents,
  markInterruptedMailUncertain,
  markMailFailed,
  markMailSent,
  pendingMailIds,
  releaseClaimedMail,
  type MailContent,
} from './queries';
import { createMailTransport, describeFailure, senderDomain, type MailTransport } from './transport';

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

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** Records the messages as pending (one row each) and answers their ids, in order. */
  queue(messages: OutgoingMail[], batchId?: string): Promise<string[]>;
  /** Sends recorded pending messages, each marked 'sending' first, then 'sent' or 'failed'. */
  deliver(ids: string[]): Promise<{ sent: string[]; failed: string[] }>;
  /**
   * For use after a transaction commits: records the messages (resolves once they are stored, so a
   * crash after the answer cannot lose them: a restart sends 'pending' rows) and delivers them in the
   * background. Never rejects; failures are logged and kept on the rows.
   */
  sendLater(messages: OutgoingMail[]): Promise<void>;
  /** Resolves once no background delivery is running (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const MAX_SERVER_FAILURES_IN_A_ROW = 3;
/**
 * Messages claimed for sending in one statement, and recorded as sent in one. A stop in between leaves
 * at most this many 'uncertain' (never resent), against two statements a message otherwise.
 */
const CLAIMED_TOGETHER = 10;
/** Contents of messages queued here, kept until sent so they need not be read back: an optimisation only. */
const MAX_HELD = 5_000;

/** A refusal of this message or recipient, as opposed to the server (or outbox folder) being unusable. */
function isRecipientFailure(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

interface MailerDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  transport: MailTransport;
}

export function createMailer({ db, config, log, transport }: MailerDeps) {
  const domain = senderDomain(config.mailFrom);
  const background = new Set<Promise<unknown>>();
  // SMTP sends over a small connection pool; the outbox writes a few files at once (its names never collide).
  const concurrency = transport.mode === 'smtp' ? 3 : 4;
  let closing = false;

  const held = new Map<string, MailContent>();

  const compose = (message: MailContent): SendMailOptions => ({
    from: config.mailFrom,
    to: message.toAddress,
    subject: message.subject,
    text: message.textBody,
    html: message.htmlBody ?? undefined,
    replyTo: message.replyTo ?? undefined,
    // Derived from the row, so the message can always be matched to its record (and to the .eml file).
    messageId: `<${message.id}@${domain}>`,
  });

  /** Claims the pending messages among `ids` and answers their contents, in the order of `ids`. */
  async function claim(ids: string[]): Promise<MailContent[]> {
    const taken = new Set(await claimMailForSending(db, ids));
    const unknown = ids.filter((id) => taken.has(id) && !held.has(id));
    const read = new Map((unknown.length > 0 ? await mailContents(db, unknown) : []).map((message) => [message.id, message]));
    const messages = ids.filter((id) => taken.has(id)).map((id) => held.get(id) ?? read.get(id));
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

  const mailer: Mailer = {
    mode: transport.mode,

    async queue(messages, batchId) {
      const rows = messages.map((m) => ({
        id: randomUUID(),
        kind: m.kind,
        batchId: batchId ?? null,
        toAddress: m.to,
        subject: m.subject.replace(/[\r\n]+/g, ' ').trim(),
        textBody: m.text,
        htmlBody: m.html ?? null,
        replyTo: m.replyTo ? formatAddress(m.replyTo) : null,
      }));
      await insertPendingMail(db, rows);
      for (const row of rows) held.set(row.id, row);
      for (const [oldest] of held) {
        if (held.size <= MAX_HELD) break;
        held.delete(oldest);
      }
      return rows.map((r) => r.id);
    },

    async deliver(ids) {
      const sent: string[] = [];
      const failed: string[] = [];
      let serverFailuresInARow = 0;
      let serverDown: string | null = null;
      // Once the app is closing, the rest stay 'pending' and go out at the next start.
      for (let start = 0; start < ids.length && !closing; start += CLAIMED_TOGETHER) {
        const chunk = ids.slice(start, start + CLAIMED_TOGETHER);
        if (serverDown) {
          // Each attempt against an unreachable server can take a connection timeout; do not make an
          // admin wait that long per recipient. The rows say why, so they can be sent again later.
          for (const id of chunk) held.delete(id);
          failed.push(...(await failPendingMail(db, chunk, `Not attempted: ${serverDown}`)));
          continue;
        }
        const toSend = await claim(chunk);
        const sentNow: string[] = [];
        const notAttempted: string[] = [];
        const worker = async () => {
          for (let message = toSend.shift(); message; message = toSend.shift()) {
            if (serverDown || closing) {
              notAttempted.push(message.id);
              continue;
            }
            const failure = await send(message);
            if (failure === null) {
              sentNow.push(message.id);
              serverFailuresInARow = 0;
              continue;
            }
            failed.push(message.id);
            const reason = describeFailure(failure, config.smtpUrl);
            log.warn({ mailId: message.id, kind: message.kind, reason }, 'mail not sent');
            await markMailFailed(db, message.id, reason);
            if (isRecipientFailure(failure)) serverFailuresInARow = 0;
            else if (++serverFailuresInARow >= MAX_SERVER_FAILURES_IN_A_ROW) {
              serverDown ??= `the mail server failed ${serverFailuresInARow} times in a row (${reason.slice(0, 200)})`;
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, toSend.length) }, worker));
        // Until this is recorded the rows say 'sending': if the server stops first, or recording fails,
        // they become 'uncertain' at the next start rather than being wrongly failed (and resent by someone).
        await markMailSent(db, sentNow);
        sent.push(...sentNow);
        if (serverDown) {
          await releaseClaimedMail(db, notAttempted, { status: 'failed', error: `Not attempted: ${serverDown}` });
          failed.push(...notAttempted);
        } else await releaseClaimedMail(db, notAttempted, { status: 'pending' });
      }
      return { sent, failed };
    },

    async sendLater(messages) {
      if (messages.length === 0) return;
      let ids: string[];
      try {
        ids = await mailer.queue(messages);
      } catch (error) {
        log.error({ err: error, kinds: messages.map((m) => m.kind) }, 'mail not recorded');
        return;
      }
      enqueue(ids);
    },

    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };

  /**
   * One background line for all mail sent 'later' (orders, contact): under a burst of orders the mail
   * work waits its turn instead of doubling the work of every order; the rows are already stored, so
   * whatever is still waiting at a stop goes out at the next start.
   */
  const waiting: string[] = [];
  let draining = false;
  function enqueue(ids: string[]) {
    waiting.push(...ids);
    if (draining) return;
    draining = true;
    track(
      (async () => {
        try {
          while (waiting.length > 0 && !closing) await mailer.deliver(waiting.splice(0, waiting.length));
        } finally {
          draining = false;
        }
      })(),
    );
  }

  function track(task: Promise<unknown>) {
    const guarded = task.catch((error) => log.error({ err: error }, 'background mail delivery failed'));
    background.add(guarded);
    void guarded.finally(() => background.delete(guarded));
  }

  return {
    mailer,
    /**
     * After a crash, 'sending' rows become 'uncertain' and are NOT resent: the server may have accepted
     * them just before the crash, and a duplicate is worse than a message an admin can check and resend.
     * 'pending' rows were never handed over, so they are sent now, in the background.
     */
    async recover() {
      const interrupted = await markInterruptedMailUncertain(db);
      if (interrupted > 0) log.warn({ count: interrupted }, 'mail interrupted by a stop marked uncertain (not resent)');
      track(
        (async () => {
          const ids = await pendingMailIds(db);
          if (ids.length === 0) return;
          const { sent, failed } = await mailer.deliver(ids);
          log.info({ sent: sent.length, failed: failed.length }, 'pending mail from before the start delivered');
        })(),
      );
    },
    async close() {
      closing = true;
      await mailer.idle();
      transport.close();
    },
  };
}

export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const { mailer, recover, close } = createMailer({
      db: app.db,
      config: app.config,
      log: app.log.child({ feature: 'mail' }),
      transport: createMailTransport(app.config),
    });
    app.decorate('mailer', mailer);
    // Not awaited beyond the quick status update: start does not wait for old mail to go out.
    app.addHook('onReady', recover);
    // onClose runs after in-flight requests are done, so a bulk send finishes before the transport closes.
    app.addHook('onClose', close);
  },
  { name: 'mail', dependencies: ['db'] },
);

/** "Name <address>" with the name quoted, so a comma or angle bracket in a visitor's name cannot add recipients. */
function formatAddress({ name, address }: MailAddress): string {
  const safeName = (name ?? '').replace(/["\\\r\n]/g, ' ').trim();
  return safeName ? `"${safeName}" <${address}>` : address;
}
