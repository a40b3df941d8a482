import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { payoutRuns, payouts } from '../../db/schema';
import type { PayoutRow } from './queries';

/** The payout sender's statements (sender.ts), as the refund sender's (docs/decisions/032-refunds-sent-once.md). */

/** A claimed payout, with when its run was approved (reads wait as long as it has been on its way). */
export type DuePayout = PayoutRow & { approvedAt: Date | null };

/**
 * Claims up to `limit` payouts to send (approved) or read (sent) whose time has come and whose lease is
 * free, on the given routes, in one statement: SKIP LOCKED lets instances claim side by side, and the
 * lease keeps a claimed payout from anyone else while it is sent or read (a killed sender's lease runs out).
 */
export async function claimDuePayouts(
  db: Db,
  routes: readonly string[],
  limit: number,
  leaseMs: number,
): Promise<DuePayout[]> {
  if (routes.length === 0) return [];
  const result = await db.execute(sql`
    update payouts set lease_until = now() + ${`${leaseMs} milliseconds`}::interval, poll_count = poll_count + 1
    where id in (
      select id from payouts
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
  return db
    .select({ ...getTableColumns(payouts), approvedAt: payoutRuns.approvedAt })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .where(inArray(payouts.id, ids));
}

/**
 * approved > sent, send_count + 1, committed before the request goes out: a crash after this leaves a sent
 * payout that the next read finds or not (then it is sent again with the same reference), never an
 * approved one that a restart would send a second time unknowingly. Null: it moved on meanwhile.
 */
export async function markSent(db: Db, id: string): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({ state: 'sent', sendCount: sql`${payouts.sendCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'approved')))
    .returning();
  return row ?? null;
}

/** Counts one more send of a sent payout the provider says it never received (same reference); false: accepted or ended. */
export async function markSentAgain(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ sendCount: sql`${payouts.sendCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'sent'), isNull(payouts.acceptedAt)))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** The provider took the send (or said it had it already): from now on "not found" is not a reason to send again. */
export async function markAccepted(db: Db, id: string): Promise<void> {
  await db
    .update(payouts)
    .set({ acceptedAt: sql`coalesce(${payouts.acceptedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'sent')));
}

/** Gives a payout back with its next read. */
export async function releasePayout(db: Db, id: string, nextPollAt: Date): Promise<void> {
  await db
    .update(payouts)
    .set({ leaseUntil: null, nextPollAt, updatedAt: sql`now()` })
    .where(eq(payouts.id, id));
}
