import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { PREPARED_ROWS_MAX, preparedRows } from '../../db/prepared';
import { mailMessages } from '../../db/schema';

export type MailRow = typeof mailMessages.$inferSelect;
export type NewMailRow = typeof mailMessages.$inferInsert;

/** Records messages as pending; `db` may be the transaction of the change the messages are about. */
export async function insertPendingMail(db: Db | Tx, rows: NewMailRow[]): Promise<void> {
  if (rows.length === 0) return;
  const pending = rows.map((r) => ({ ...r, status: 'pending' }));
  if (pending.length <= PREPARED_ROWS_MAX) await insertMailPrepared(db, pending);
  else await db.insert(mailMessages).values(pending);
}

/** An order's few messages, by a statement built once (db/prepared.ts); bulk mail is built each time. */
const insertMailPrepared = preparedRows<NewMailRow, unknown>('insert_mail', (db, rows) =>
  db.insert(mailMessages).values(rows as unknown as NewMailRow[]),
);

/** What a message is sent with. */
export type MailContent = Pick<MailRow, 'id' | 'kind' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'replyTo'>;

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/**
 * Takes pending messages for sending until the lease ends, and answers the ids taken. The conditional
 * update is the lock: of two live instances (or a restart racing a request) only one gets a row, so a
 * message is never sent twice by two live instances at once.
 */
export async function claimMailForSending(db: Db, ids: readonly string[], leaseMs: number): Promise<string[]> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'sending', attempts: sql`${mailMessages.attempts} + 1`, leaseUntil: leaseEnd(leaseMs) })
    .where(and(inArray(mailMessages.id, [...ids]), eq(mailMessages.status, 'pending')))
    .returning({ id: mailMessages.id });
  return rows.map((row) => row.id);
}

/**
 * The delivery line's claim: up to `limit` pending messages outside any bulk batch (a batch is sent by
 * the request that queued it), oldest first, in one statement; rows another instance is claiming are
 * skipped. `olderThanMs` limits it to messages nobody took up in that time (orphans of a dead instance).
 */
export async function claimNextMail(db: Db, limit: number, leaseMs: number, olderThanMs = 0): Promise<string[]> {
  const result = await db.execute(sql`
    update ${mailMessages} set status = 'sending', attempts = attempts + 1, lease_until = ${leaseEnd(leaseMs)}
    where id in (
      select id from ${mailMessages}
      where status = 'pending' and batch_id is null and created_at <= now() - make_interval(secs => ${olderThanMs / 1000})
      order by created_at limit ${limit}
      for update skip locked)
    and status = 'pending'
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Extends the claim of messages still being sent (a slow SMTP server), so nobody else takes them. */
export async function renewMailLease(db: Db, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({ leaseUntil: leaseEnd(leaseMs) })
    .where(and(inArray(mailMessages.id, [...ids]), eq(mailMessages.status, 'sending')));
}

/**
 * Messages whose sender stopped while sending them go back to 'pending', to be sent again with the same
 * Message-ID: a rare duplicate beats a lost confirmation (decision 004). `all` is for the embedded
 * database at start, which one process opens at a time, so every claim left is a dead process's;
 * otherwise only claims whose lease has ended are taken back. Answers how many.
 */
export async function reclaimInterruptedMail(db: Db, all: boolean): Promise<number> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'pending', leaseUntil: null, lastError: 'Interrupted while sending (sender stopped); sent again' })
    .where(
      and(
        eq(mailMessages.status, 'sending'),
        all ? undefined : or(isNull(mailMessages.leaseUntil), lt(mailMessages.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: mailMessages.id });
  return rows.length;
}

export function mailContents(db: Db, ids: readonly string[]): Promise<MailContent[]> {
  const { id, kind, toAddress, subject, textBody, htmlBody, replyTo } = mailMessages;
  return db
    .select({ id, kind, toAddress, subject, textBody, htmlBody, replyTo })
    .from(mailMessages)
    .where(inArray(id, [...ids]));
}

export async function markMailSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, leaseUntil: null })
    .where(inArray(mailMessages.id, [...ids]));
}

export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'failed', lastError: error, leaseUntil: null })
    .where(eq(mailMessages.id, id));
}

/** Gives up on pending messages without sending them (their rows say why); answers the ids that were pending. */
export async function failPendingMail(db: Db, ids: readonly string[], error: string): Promise<string[]> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'failed', lastError: error })
    .where(and(inArray(mailMessages.id, [...ids]), eq(mailMessages.status, 'pending')))
    .returning({ id: mailMessages.id });
  return rows.map((row) => row.id);
}

/**
 * Messages this process claimed but did not try to send: back to 'pending' (sent at the next start), or
 * 'failed' with the reason. Either way the claim's attempt is taken back.
 */
export async function releaseClaimedMail(
  db: Db,
  ids: readonly string[],
  outcome: { status: 'pending' } | { status: 'failed'; error: string },
) {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({
      status: outcome.status,
      leaseUntil: null,
      attempts: sql`${mailMessages.attempts} - 1`,
      ...(outcome.status === 'failed' ? { lastError: outcome.error } : {}),
    })
    .where(and(inArray(mailMessages.id, [...ids]), eq(mailMessages.status, 'sending')));
}

/** Pending messages of bulk batches (the rest are the delivery line's). */
export async function pendingBatchMailIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, 'pending'), isNotNull(mailMessages.batchId)))
    .orderBy(asc(mailMessages.createdAt));
  return rows.map((r) => r.id);
}
