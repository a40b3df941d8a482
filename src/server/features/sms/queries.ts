import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { PREPARED_ROWS_MAX, preparedRows } from '../../db/prepared';
import { smsMessages, users } from '../../db/schema';

export type SmsRow = typeof smsMessages.$inferSelect;
export type NewSmsRow = typeof smsMessages.$inferInsert;

/** What the line needs of a claimed message. */
export interface ClaimedSms {
  id: string;
  kind: string;
  to: string;
  text: string;
  secret: boolean;
  attempts: number;
}

/** What a secret's row keeps once it is out (or given up): the code itself is never kept. */
export const REMOVED_SECRET = '(code removed)';

const leaseEnd = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** Records messages as pending; `db` may be the transaction of the change the messages are about. */
export async function insertPendingSms(db: Db | Tx, rows: NewSmsRow[]): Promise<void> {
  if (rows.length === 0) return;
  const pending = rows.map((r) => ({ ...r, status: 'pending' }));
  if (pending.length <= PREPARED_ROWS_MAX) await insertSmsPrepared(db, pending);
  else await db.insert(smsMessages).values(pending);
}

/** A text the shop chose not to send (decision 057): kept as failed with the reason, never claimed. */
export async function insertHeldBackSms(tx: Tx, row: NewSmsRow, reason: string): Promise<void> {
  await tx.insert(smsMessages).values({ ...row, status: 'failed', lastError: reason });
}

/** An order's few texts, by a statement built once (db/prepared.ts). */
const insertSmsPrepared = preparedRows<NewSmsRow, unknown>('insert_sms', (db, rows) =>
  db.insert(smsMessages).values(rows as unknown as NewSmsRow[]),
);

/**
 * Takes up to `limit` pending messages that are due (a retry waits until its lease_until), oldest first,
 * as 'claimed' until the lease ends. Rows another instance is claiming are skipped, and the outer
 * condition re-checks the status, so two instances never take one row.
 */
export async function claimDueSms(db: Db, limit: number, leaseMs: number): Promise<ClaimedSms[]> {
  const result = await db.execute(sql`
    update ${smsMessages} set status = 'claimed', attempts = attempts + 1, lease_until = ${leaseEnd(leaseMs)}
    where id in (
      select id from ${smsMessages}
      where status = 'pending' and (lease_until is null or lease_until <= now())
      order by created_at limit ${limit}
      for update skip locked)
    and status = 'pending'
    returning id, kind, to_number, body, secret, attempts, created_at`);
  return rowsOf<{
    id: string;
    kind: string;
    to_number: string;
    body: string;
    secret: boolean;
    attempts: number;
    created_at: unknown;
  }>(result)
    .sort((a, b) => new Date(a.created_at as string).getTime() - new Date(b.created_at as string).getTime())
    .map((r) => ({ id: r.id, kind: r.kind, to: r.to_number, text: r.body, secret: r.secret, attempts: r.attempts }));
}

/**
 * The last step before the provider is asked, for the messages about to be sent together: from here a
 * crash leaves them in doubt. Answers the ids still claimed (a claim may have lapsed meanwhile and
 * another instance taken the row). One statement for the group, not one a message: on the embedded
 * database every statement waits its turn behind the orders in flight.
 */
export async function markSmsSubmitting(db: Db, ids: readonly string[], leaseMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(smsMessages)
    .set({ status: 'submitting', submittedAt: sql`now()`, leaseUntil: leaseEnd(leaseMs) })
    .where(and(inArray(smsMessages.id, [...ids]), eq(smsMessages.status, 'claimed')))
    .returning({ id: smsMessages.id });
  return new Set(rows.map((row) => row.id));
}

/** Extends the claim of messages this instance still holds (a slow provider), so nobody else takes them. */
export async function renewSmsLease(db: Db, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(smsMessages)
    .set({ leaseUntil: leaseEnd(leaseMs) })
    .where(and(inArray(smsMessages.id, [...ids]), inArray(smsMessages.status, ['claimed', 'submitting'])));
}

export interface SmsSent {
  id: string;
  providerMessageId: string | null;
  cost: string | null;
}

/** Records the messages of a group the provider took, in one statement; a secret's text is blanked. */
export async function markSmsSent(db: Db, sent: readonly SmsSent[]): Promise<void> {
  if (sent.length === 0) return;
  const values = sql.join(
    sent.map((m) => sql`(${m.id}::uuid, ${m.providerMessageId}::text, ${m.cost}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${smsMessages} as s set status = 'sent', sent_at = now(), lease_until = null, last_error = null,
      provider_message_id = v.provider_message_id, cost = v.cost,
      body = case when s.secret then ${REMOVED_SECRET} else s.body end
    from (values ${values}) as v(id, provider_message_id, cost)
    where s.id = v.id`);
}

export async function markSmsFailed(db: Db, message: Pick<ClaimedSms, 'id' | 'secret'>, reason: string): Promise<void> {
  await db
    .update(smsMessages)
    .set({ status: 'failed', leaseUntil: null, lastError: reason, ...(message.secret ? { body: REMOVED_SECRET } : {}) })
    .where(eq(smsMessages.id, message.id));
}

/** Back to pending, not to be tried before `afterMs` (the provider was unreachable or overloaded). */
export async function retrySmsLater(db: Db, id: string, reason: string, afterMs: number): Promise<void> {
  await db
    .update(smsMessages)
    .set({ status: 'pending', leaseUntil: leaseEnd(afterMs), lastError: reason })
    .where(eq(smsMessages.id, id));
}

/** Claimed messages this process did not get to (it is stopping): back to pending, the claim's attempt taken back. */
export async function releaseClaimedSms(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(smsMessages)
    .set({ status: 'pending', leaseUntil: null, attempts: sql`${smsMessages.attempts} - 1` })
    .where(and(inArray(smsMessages.id, [...ids]), eq(smsMessages.status, 'claimed')));
}

/**
 * Messages whose sender stopped (decision 015). `all` is for the embedded database at start, which one
 * process opens at a time, so every claim left is a dead one's; otherwise only lapsed leases.
 * - 'claimed': the provider was never asked, so back to pending (safe).
 * - 'submitting', a secret: in doubt, and a code minutes late is useless and must not come twice: failed.
 * - 'submitting', any other: in doubt; sent again (at least once: a lost order message is worse than a
 *   rare duplicate).
 */
export async function recoverInterruptedSms(
  db: Db,
  all: boolean,
): Promise<{ claimed: number; resent: number; secretsFailed: number }> {
  const lapsed = all ? undefined : or(isNull(smsMessages.leaseUntil), lt(smsMessages.leaseUntil, sql`now()`));
  const claimed = await db
    .update(smsMessages)
    .set({ status: 'pending', leaseUntil: null })
    .where(and(eq(smsMessages.status, 'claimed'), lapsed))
    .returning({ id: smsMessages.id });
  const secrets = await db
    .update(smsMessages)
    .set({
      status: 'failed',
      leaseUntil: null,
      body: REMOVED_SECRET,
      lastError: 'Interrupted while being sent (the sender stopped); ask for a new code',
    })
    .where(and(eq(smsMessages.status, 'submitting'), eq(smsMessages.secret, true), lapsed))
    .returning({ id: smsMessages.id });
  const resent = await db
    .update(smsMessages)
    .set({
      status: 'pending',
      leaseUntil: null,
      lastError: 'Interrupted while being sent (the sender stopped); sent again',
    })
    .where(and(eq(smsMessages.status, 'submitting'), eq(smsMessages.secret, false), lapsed))
    .returning({ id: smsMessages.id });
  return { claimed: claimed.length, resent: resent.length, secretsFailed: secrets.length };
}

/** The account's confirmed sign-in number (+260...), if it has one. */
export async function signInNumberOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.mobile ?? null;
}
