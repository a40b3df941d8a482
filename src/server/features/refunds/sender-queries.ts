import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { paymentAttempts, refunds } from '../../db/schema';
import type { RefundRow } from './queries';

/** The refund sender's statements (sender.ts, docs/decisions/032-refunds-sent-once.md). */

export interface DueRefund {
  refund: RefundRow;
  /** Our reference of the collection it pays back (MTN's referenceIdToRefund); null for none. */
  collectionReference: string | null;
}

/**
 * Claims up to `limit` refunds to send (approved) or read (sent) whose time has come and whose lease is
 * free, on the given routes, in one statement: SKIP LOCKED lets instances claim side by side, and the
 * lease keeps a claimed refund from anyone else while it is sent or read (a killed sender's lease runs out).
 */
export async function claimDueRefunds(
  db: Db,
  routes: readonly string[],
  limit: number,
  leaseMs: number,
): Promise<DueRefund[]> {
  if (routes.length === 0) return [];
  const result = await db.execute(sql`
    update refunds set lease_until = now() + ${`${leaseMs} milliseconds`}::interval, poll_count = poll_count + 1
    where id in (
      select id from refunds
      where state in ('approved','sent') and route in (${sql.join(
        routes.map((r) => sql`${r}`),
        sql`, `,
      )})
        and next_poll_at <= now() and (lease_until is null or lease_until < now())
      order by next_poll_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ refund: refunds, collectionReference: paymentAttempts.reference })
    .from(refunds)
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(inArray(refunds.id, ids));
  return rows.map((r) => ({ refund: r.refund, collectionReference: r.collectionReference ?? null }));
}

/**
 * approved > sent, send_count + 1, committed before the request goes out: a crash after this leaves a
 * sent refund that the next read finds or not (then it is sent again with the same reference), never an
 * approved one that a restart would send a second time under a new guess. Null: it was cancelled meanwhile.
 */
export async function markSent(db: Db, id: string): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ state: 'sent', sendCount: sql`${refunds.sendCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.state, 'approved')))
    .returning();
  return row ?? null;
}

/** Counts one more send of a sent refund the provider says it never received (same reference); false: it has been accepted or ended. */
export async function markSentAgain(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(refunds)
    .set({ sendCount: sql`${refunds.sendCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.state, 'sent'), isNull(refunds.acceptedAt)))
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** The provider took the send (or said it had it already): from now on "not found" is not a reason to send again. */
export async function markAccepted(db: Db, id: string): Promise<void> {
  await db
    .update(refunds)
    .set({ acceptedAt: sql`coalesce(${refunds.acceptedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.state, 'sent')));
}

/** Gives a refund back with its next read. */
export async function releaseRefund(db: Db, id: string, nextPollAt: Date): Promise<void> {
  await db
    .update(refunds)
    .set({ leaseUntil: null, nextPollAt, updatedAt: sql`now()` })
    .where(eq(refunds.id, id));
}
