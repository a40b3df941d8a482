import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { paymentAttempts } from '../../db/schema';
import { isUuid } from '../../lib/ids';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
type Queryable = Db | Tx;

export const LIVE_STATES = ['initiated', 'pending'] as const;
const isLive = inArray(paymentAttempts.state, [...LIVE_STATES]);

export async function insertAttempt(db: Queryable, values: typeof paymentAttempts.$inferInsert): Promise<AttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row;
}

export async function findLiveAttempt(db: Queryable, orderId: string): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), isLive))
    .limit(1);
  return row ?? null;
}

export async function findAttempt(db: Queryable, id: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).limit(1);
  return row ?? null;
}

export async function findAttemptByReference(db: Queryable, reference: string): Promise<AttemptRow | null> {
  if (!isUuid(reference)) return null;
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)).limit(1);
  return row ?? null;
}

/** Locks the attempt for the rest of the transaction; the caller holds the order's lock first. */
export async function lockAttempt(tx: Tx, id: string): Promise<AttemptRow | null> {
  const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
  return row ?? null;
}

/** The live one first, then newest first. */
export function attemptsOfOrder(db: Queryable, orderId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(sql`(${paymentAttempts.state} in ('initiated','pending')) desc`, desc(paymentAttempts.createdAt), desc(paymentAttempts.id));
}

export type AttemptChange = Partial<Pick<AttemptRow, 'state' | 'providerTransactionId' | 'failureReason' | 'flagged' | 'flagNote' | 'nextPollAt'>>;

/** Changes a live attempt only: an ended one stays as it ended (false then). */
export async function updateLiveAttempt(db: Queryable, id: string, change: AttemptChange): Promise<boolean> {
  const ends = change.state !== undefined && !(LIVE_STATES as readonly string[]).includes(change.state);
  const rows = await db
    .update(paymentAttempts)
    .set({ ...change, ...(ends ? { endedAt: sql`now()`, leaseUntil: null } : {}), updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), isLive))
    .returning({ id: paymentAttempts.id });
  return rows.length > 0;
}

/** Ends the order's live attempt (cancellation); the provider is then no longer polled for it. */
export async function endLiveAttemptsOfOrder(db: Queryable, orderId: string, state: 'failed' | 'expired', reason: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ state, failureReason: reason, endedAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.orderId, orderId), isLive));
}

/**
 * Claims up to `limit` live attempts whose poll is due and whose lease (if any) has run out: SKIP LOCKED
 * lets several instances claim side by side without waiting, and the lease keeps a claimed attempt from
 * being taken again while its status is being read (after a crash, the lease running out frees it).
 */
export async function claimDueAttempts(db: Db, limit: number, leaseMs: number): Promise<AttemptRow[]> {
  const result = await db.execute(sql`
    update payment_attempts set lease_until = now() + ${`${leaseMs} milliseconds`}::interval, poll_count = poll_count + 1
    where id in (
      select id from payment_attempts
      where state in ('initiated','pending') and next_poll_at <= now() and (lease_until is null or lease_until < now())
      order by next_poll_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(paymentAttempts).where(inArray(paymentAttempts.id, ids));
}

/** Gives a claimed attempt back with its next poll time. */
export async function releaseAttempt(db: Queryable, id: string, nextPollAt: Date): Promise<void> {
  await db.update(paymentAttempts).set({ leaseUntil: null, nextPollAt, updatedAt: sql`now()` }).where(eq(paymentAttempts.id, id));
}
