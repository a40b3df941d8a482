import { and, desc, eq, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { paymentAttempts } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { LIVE_ATTEMPT_STATES, isLiveState, type AttemptState } from '../../../shared/schemas/payments';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
type Queryable = Db | Tx;

/** Initiated or pending: the poller and the callbacks still read it. */
export const isLive = inArray(paymentAttempts.state, [...LIVE_ATTEMPT_STATES]);
/** Live, or ended by the shop and still read for a late approval (docs/decisions/029-late-approvals.md). */
const isRead = or(isLive, sql`${paymentAttempts.lateReadsUntil} is not null`)!;

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
    .orderBy(
      sql`(${paymentAttempts.state} in ('initiated','pending')) desc`,
      desc(paymentAttempts.createdAt),
      desc(paymentAttempts.id),
    );
}

export type AttemptChange = Partial<
  Pick<
    AttemptRow,
    | 'state'
    | 'providerTransactionId'
    | 'failureReason'
    | 'flagged'
    | 'flagNote'
    | 'nextPollAt'
    | 'lateReadsUntil'
    | 'collectedAt'
  >
>;

/** Changes a live attempt only: an ended one stays as it ended (false then). */
export async function updateLiveAttempt(db: Queryable, id: string, change: AttemptChange): Promise<boolean> {
  const ends = change.state !== undefined && !isLiveState(change.state as AttemptState);
  const rows = await db
    .update(paymentAttempts)
    .set({ ...change, ...(ends ? { endedAt: sql`now()`, leaseUntil: null } : {}), updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), isLive))
    .returning({ id: paymentAttempts.id });
  return rows.length > 0;
}

export interface Resolution {
  by: { id: string; name: string };
  note: string;
}

/**
 * Records that an admin dealt with an ended attempt, once: the update takes only an attempt that has
 * ended and has no resolution, so of two admins at once, or an admin and the poller, one wins; null when
 * the attempt is live or resolved by then (the caller reads it again to say which).
 */
export async function resolveEndedAttempt(
  db: Queryable,
  id: string,
  resolution: Resolution,
): Promise<AttemptRow | null> {
  const [row] = await db
    .update(paymentAttempts)
    .set({
      resolvedBy: resolution.by.id,
      resolvedByName: resolution.by.name,
      resolvedAt: sql`now()`,
      resolvedNote: resolution.note,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(paymentAttempts.id, id),
        not(isLive),
        isNull(paymentAttempts.resolvedAt),
        // A successful attempt that paid its order has nothing to settle (the poller may have just settled it).
        or(ne(paymentAttempts.state, 'successful'), eq(paymentAttempts.flagged, true)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Ends the order's live attempt (cancellation). Its prompt may still be on the phone, so the provider is
 * still read, more slowly, until `lateReadsUntil`; a late approval is then recorded, never dropped.
 */
export async function endLiveAttemptsOfOrder(
  db: Queryable,
  orderId: string,
  reason: string,
  lateReadsUntil: Date,
  nextPollAt: Date,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({
      state: 'failed',
      failureReason: reason,
      endedAt: sql`now()`,
      leaseUntil: null,
      lateReadsUntil,
      nextPollAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentAttempts.orderId, orderId), isLive));
}

/** The provider gave its final word on an ended attempt, or the window ran out: no more late reads. */
export async function endLateReads(db: Queryable, id: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ lateReadsUntil: null, leaseUntil: null, callbackOwed: false, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), not(isLive)));
}

export interface LateCollection {
  providerTransactionId: string | null;
  /** Null when it paid its order; else why not, and the refund that is due. */
  flagNote: string | null;
}

/**
 * Records a success found after the shop ended the attempt, once: only an ended attempt still read late
 * and not yet collected is taken, so two readers (instances, a poll and a callback) record it once. An
 * earlier "dealt with" was about the attempt as it had ended, so it is cleared (the audit trail keeps it).
 */
export async function recordLateCollection(tx: Tx, id: string, collection: LateCollection): Promise<AttemptRow | null> {
  const flagged = collection.flagNote !== null;
  const [row] = await tx
    .update(paymentAttempts)
    .set({
      state: 'successful',
      providerTransactionId: collection.providerTransactionId,
      flagged,
      flagNote: collection.flagNote,
      refundDue: flagged,
      collectedAt: sql`now()`,
      lateReadsUntil: null,
      leaseUntil: null,
      callbackOwed: false,
      resolvedBy: null,
      resolvedByName: null,
      resolvedAt: null,
      resolvedNote: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(paymentAttempts.id, id),
        not(isLive),
        sql`${paymentAttempts.lateReadsUntil} is not null`,
        isNull(paymentAttempts.collectedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Claims up to `limit` attempts whose poll is due (live ones, and ended ones still read for a late
 * approval) and whose lease (if any) has run out: SKIP LOCKED
 * lets several instances claim side by side without waiting, and the lease keeps a claimed attempt from
 * being taken again while its status is being read (after a crash, the lease running out frees it).
 */
export async function claimDueAttempts(
  db: Db,
  limit: number,
  leaseMs: number,
  callbackGapMs: number,
): Promise<AttemptRow[]> {
  // A read owed to a callback (callback_owed) is a callback's read: it starts a new gap.
  const result = await db.execute(sql`
    update payment_attempts set lease_until = now() + ${`${leaseMs} milliseconds`}::interval, poll_count = poll_count + 1,
      callback_read_after = case when callback_owed then now() + ${`${callbackGapMs} milliseconds`}::interval else callback_read_after end,
      callback_owed = false
    where id in (
      select id from payment_attempts
      where (state in ('initiated','pending') or late_reads_until is not null) and next_poll_at <= now() and (lease_until is null or lease_until < now())
      order by next_poll_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(paymentAttempts).where(inArray(paymentAttempts.id, ids));
}

/** Gives a read attempt back with its next poll, or sooner when a callback came during the read (at its gap's end). */
export async function releaseAttempt(db: Queryable, id: string, nextPollAt: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({
      leaseUntil: null,
      nextPollAt: owedReadOr(sql`${nextPollAt.toISOString()}::timestamptz`),
      updatedAt: sql`now()`,
    })
    .where(eq(paymentAttempts.id, id));
}

/**
 * Callbacks are forgeable and anyone who knows an order's reference can send them
 * (docs/decisions/023-counts-that-hold-under-bursts.md), so each costs a status read only when none is
 * in flight (the lease) and the gap after the last callback's read has passed; the claim is one
 * conditional update, so it holds across instances. Null: not now.
 */
export async function claimForCallback(
  db: Queryable,
  id: string,
  leaseMs: number,
  callbackGapMs: number,
): Promise<AttemptRow | null> {
  const [row] = await db
    .update(paymentAttempts)
    .set({
      leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      callbackReadAfter: sql`now() + ${`${callbackGapMs} milliseconds`}::interval`,
      callbackOwed: false,
    })
    .where(
      and(
        eq(paymentAttempts.id, id),
        isRead,
        sql`(${paymentAttempts.leaseUntil} is null or ${paymentAttempts.leaseUntil} < now())`,
        sql`(${paymentAttempts.callbackReadAfter} is null or ${paymentAttempts.callbackReadAfter} <= now())`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * A callback that could not read now: one read is owed, by the poller at the gap's end (or once the
 * read in flight is given back). However many callbacks come, they owe one read.
 */
export async function oweCallbackRead(db: Queryable, id: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ callbackOwed: true, nextPollAt: sql`least(${paymentAttempts.nextPollAt}, ${gapEnd})` })
    .where(and(eq(paymentAttempts.id, id), isRead));
}

const gapEnd = sql`greatest(coalesce(${paymentAttempts.callbackReadAfter}, now()), now())`;
/** The sooner of `next` and, when a callback is owed a read, the end of its gap. */
const owedReadOr = (next: SQL) =>
  sql`case when ${paymentAttempts.callbackOwed} then least(${next}, ${gapEnd}) else ${next} end`;
