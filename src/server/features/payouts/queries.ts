import { and, count, desc, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { members, payoutRuns, payouts } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { PAYOUT_STUCK_HOURS } from '../../../shared/payouts';
import type { PayoutFilter } from '../../../shared/schemas/payouts';

/** Payout runs and payouts (docs/decisions/064-member-payouts.md): reads for admins, and each step once. */
type Queryable = Db | Tx;

export type RunRow = typeof payoutRuns.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = Omit<typeof payouts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** One run proposal at a time, in every instance: the schedule's and admins' (held to the transaction's end). */
export async function lockRunProposals(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coop-shop:payout-runs'))`);
}

/** The run waiting for approval (or confirmation), if any: one at a time. */
export async function openRun(tx: Queryable): Promise<RunRow | null> {
  const [row] = await tx.select().from(payoutRuns).where(eq(payoutRuns.state, 'proposed')).limit(1);
  return row ?? null;
}

export async function runOfSlot(tx: Queryable, slot: string): Promise<RunRow | null> {
  const [row] = await tx.select().from(payoutRuns).where(eq(payoutRuns.slot, slot)).limit(1);
  return row ?? null;
}

export async function insertRun(tx: Tx, run: Omit<typeof payoutRuns.$inferInsert, 'id'>): Promise<RunRow> {
  const [row] = await tx.insert(payoutRuns).values(run).returning();
  return row;
}

export async function insertPayouts(tx: Tx, rows: NewPayout[]): Promise<PayoutRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(payouts).values(rows).returning();
}

export async function findRun(db: Queryable, id: string): Promise<RunRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, id)).limit(1);
  return row ?? null;
}

/** The run's row, locked: approving, confirming and cancelling one run take turns. */
export async function lockRun(tx: Tx, id: string): Promise<RunRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, id)).for('update');
  return row ?? null;
}

/** A run the schedule proposed: the first admin's word makes her its proposer (it stays proposed). */
export async function confirmRunOnce(tx: Tx, id: string, admin: { id: string; name: string }): Promise<RunRow | null> {
  const [row] = await tx
    .update(payoutRuns)
    .set({ proposedBy: admin.id, proposedByName: admin.name, updatedAt: sql`now()` })
    .where(and(eq(payoutRuns.id, id), eq(payoutRuns.state, 'proposed'), isNull(payoutRuns.proposedBy)))
    .returning();
  return row ?? null;
}

/**
 * The second admin's approval, once: only a proposed run with a proposer who is someone else moves (two
 * checkers at once: one wins, the other finds it approved). Its payouts are approved with it, to be sent.
 */
export async function approveRunOnce(tx: Tx, id: string, admin: { id: string; name: string }): Promise<RunRow | null> {
  const [row] = await tx
    .update(payoutRuns)
    .set({
      state: 'approved',
      approvedBy: admin.id,
      approvedByName: admin.name,
      approvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payoutRuns.id, id),
        eq(payoutRuns.state, 'proposed'),
        sql`${payoutRuns.proposedBy} is not null`,
        ne(payoutRuns.proposedBy, admin.id),
      ),
    )
    .returning();
  if (!row) return null;
  await tx
    .update(payouts)
    .set({ state: 'approved', nextPollAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payouts.runId, id), eq(payouts.state, 'proposed')));
  return row;
}

/** Calls a run off before approval, once; its payouts are cancelled (the caller releases their entries). */
export async function cancelRunOnce(
  tx: Tx,
  id: string,
  by: { name: string },
  note: string,
): Promise<{ run: RunRow; payoutIds: string[] } | null> {
  const [run] = await tx
    .update(payoutRuns)
    .set({ state: 'cancelled', cancelledByName: by.name, cancelNote: note, updatedAt: sql`now()` })
    .where(and(eq(payoutRuns.id, id), eq(payoutRuns.state, 'proposed')))
    .returning();
  if (!run) return null;
  const cancelled = await tx
    .update(payouts)
    .set({ state: 'cancelled', endedAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(payouts.runId, id), eq(payouts.state, 'proposed')))
    .returning({ id: payouts.id });
  return { run, payoutIds: cancelled.map((p) => p.id) };
}

export async function findPayout(db: Queryable, id: string): Promise<PayoutRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  return row ?? null;
}

/** The states a payout may end from: sent (a provider's answer), or approved when it goes by hand. */
const endable = or(eq(payouts.state, 'sent'), and(eq(payouts.state, 'approved'), eq(payouts.route, 'by-hand')));

/** Ends a payout once (a conditional update): a second answer for it finds nothing to change and gets null. */
export async function endPayoutOnce(
  tx: Tx,
  id: string,
  end: {
    state: 'successful' | 'failed';
    providerTransactionId: string | null;
    failureReason: string | null;
    sentByHandByName?: string;
    note?: string;
  },
): Promise<PayoutRow | null> {
  const [row] = await tx
    .update(payouts)
    .set({ ...end, endedAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), endable))
    .returning();
  return row ?? null;
}

/** A failed payout an admin has dealt with, once. */
export async function resolvePayoutOnce(tx: Tx, id: string, by: { name: string }, note: string) {
  const [row] = await tx
    .update(payouts)
    .set({ resolvedByName: by.name, resolvedAt: sql`now()`, note, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'failed'), isNull(payouts.resolvedAt)))
    .returning();
  return row ?? null;
}

/**
 * Approved (waiting to be sent, or for the treasurer) or on its way PAYOUT_STUCK_HOURS after its run's
 * approval: shown to admins, never failed on our clock. On the database's clock, as the sender's reads are.
 */
const stuck = sql<boolean>`(${payouts.state} in ('approved','sent') and ${payoutRuns.approvedAt} < now() - ${`${PAYOUT_STUCK_HOURS} hours`}::interval)`;

/** A payout as admins read it: its row, its run's month, its member's name, whether it is stuck. */
const seenPayout = {
  ...getTableColumns(payouts),
  period: payoutRuns.period,
  memberName: members.name,
  stuck,
};
export type SeenPayoutRow = PayoutRow & { period: string; memberName: string; stuck: boolean };

const seenPayouts = (db: Queryable) =>
  db
    .select(seenPayout)
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .innerJoin(members, eq(members.id, payouts.memberId));

export function payoutsOfRun(db: Queryable, runId: string): Promise<SeenPayoutRow[]> {
  return seenPayouts(db).where(eq(payouts.runId, runId)).orderBy(members.name, payouts.id);
}

export async function findSeenPayout(db: Queryable, id: string): Promise<SeenPayoutRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await seenPayouts(db).where(eq(payouts.id, id)).limit(1);
  return row ?? null;
}

const FILTERS: Record<PayoutFilter, SQL | undefined> = {
  all: undefined,
  failed: and(eq(payouts.state, 'failed'), isNull(payouts.resolvedAt)),
  stuck,
};

/** A page of payouts newest first: one member's (her page), or everyone's, under a filter. */
export async function listPayouts(
  db: Queryable,
  search: { memberId?: string; filter: PayoutFilter; page: number; limit: number },
) {
  const where = and(search.memberId ? eq(payouts.memberId, search.memberId) : undefined, FILTERS[search.filter]);
  const [rows, [{ total }]] = await Promise.all([
    seenPayouts(db)
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(search.limit)
      .offset((search.page - 1) * search.limit),
    db.select({ total: count() }).from(payouts).innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId)).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function listRuns(db: Queryable, page: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(payoutRuns)
      .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(payoutRuns),
  ]);
  return { rows, total: Number(total) };
}

export interface RunFigures {
  runId: string;
  state: string;
  payouts: number;
  amountNgwee: number;
  stuck: number;
}

/** Per run and payout state: how many payouts, how much, how many stuck (one grouped statement for a page). */
export async function figuresOfRuns(db: Queryable, runIds: string[]): Promise<RunFigures[]> {
  if (runIds.length === 0) return [];
  const rows = await db
    .select({
      runId: payouts.runId,
      state: payouts.state,
      payouts: sql<number>`count(*)::int`,
      amountNgwee: sql<number>`coalesce(sum(${payouts.amountNgwee}), 0)::bigint`,
      stuck: sql<number>`count(*) filter (where ${stuck})::int`,
    })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .where(inArray(payouts.runId, runIds))
    .groupBy(payouts.runId, payouts.state);
  return rows.map((r) => ({ ...r, amountNgwee: Number(r.amountNgwee), stuck: Number(r.stuck) }));
}
