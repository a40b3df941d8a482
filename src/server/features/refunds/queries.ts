import { and, count, desc, eq, getTableColumns, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, paymentAttempts, refunds } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { REFUND_STUCK_HOURS } from '../../../shared/refunds';
import type { RefundFilter } from '../../../shared/schemas/refunds';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type CollectionRow = Pick<
  typeof paymentAttempts.$inferSelect,
  'id' | 'orderId' | 'provider' | 'phone' | 'amountNgwee' | 'currency' | 'refundDue' | 'collectedAt'
>;
type Queryable = Db | Tx;

/**
 * Still approved or sent REFUND_STUCK_HOURS after its approval: shown to admins to check in the provider's
 * portal, still read, never failed on our clock, since the money may have moved (docs/decisions/032-refunds-sent-once.md).
 * On the database's clock, as the sender's reads are.
 */
const stuck = sql<boolean>`(${refunds.state} in ('approved','sent') and coalesce(${refunds.approvedAt}, ${refunds.createdAt}) < now() - ${`${REFUND_STUCK_HOURS} hours`}::interval)`;

/** A refund as admins read it: its row and whether it is stuck. */
export type SeenRefundRow = RefundRow & { stuck: boolean };
const seenRefund = { ...getTableColumns(refunds), stuck };

/** A refund with the provider of the collection it sends back (null for money that came by hand). */
export interface RefundWithProvider {
  refund: SeenRefundRow;
  provider: string | null;
}

export async function findRefundWithProvider(db: Queryable, id: string): Promise<RefundWithProvider | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ refund: seenRefund, provider: paymentAttempts.provider })
    .from(refunds)
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(eq(refunds.id, id))
    .limit(1);
  return row ?? null;
}

export async function findRefund(db: Queryable, id: string): Promise<RefundRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row ?? null;
}

export function refundsOfOrder(db: Queryable, orderId: string): Promise<SeenRefundRow[]> {
  return db
    .select(seenRefund)
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** The order's successful provider collections (late ones too): where its money can go back. */
export function collectionsOfOrder(db: Queryable, orderId: string): Promise<CollectionRow[]> {
  return db
    .select({
      id: paymentAttempts.id,
      orderId: paymentAttempts.orderId,
      provider: paymentAttempts.provider,
      phone: paymentAttempts.phone,
      amountNgwee: paymentAttempts.amountNgwee,
      currency: paymentAttempts.currency,
      refundDue: paymentAttempts.refundDue,
      collectedAt: paymentAttempts.collectedAt,
    })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), isNotNull(paymentAttempts.collectedAt)))
    .orderBy(paymentAttempts.collectedAt);
}

export async function insertRefund(tx: Tx, refund: NewRefund): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(refund).returning();
  return row;
}

/** The states a refund may end from: sent (a provider's answer), or approved when a member sent it by hand. */
const endable = or(eq(refunds.state, 'sent'), and(eq(refunds.state, 'approved'), eq(refunds.route, 'by-hand')));

/** Ends a refund once (a conditional update): a second answer for it finds nothing to change and gets null. */
export async function endRefundOnce(
  tx: Tx,
  id: string,
  end: { state: 'successful' | 'failed'; providerTransactionId: string | null; failureReason: string | null },
): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ ...end, endedAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), endable))
    .returning();
  return row ?? null;
}

/**
 * The second admin's approval, once: only a requested refund asked by someone else moves (two checkers at
 * once: one wins, the other finds it approved). Null when it did not move; the caller tells why.
 */
export async function approveOnce(tx: Tx, id: string, admin: { id: string; name: string }): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({
      state: 'approved',
      approvedBy: admin.id,
      approvedByName: admin.name,
      approvedAt: sql`now()`,
      nextPollAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.state, 'requested'),
        or(sql`${refunds.requestedBy} is null`, ne(refunds.requestedBy, admin.id)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Calls a refund off, once, while it was not sent yet. */
export async function cancelOnce(tx: Tx, id: string, admin: { name: string }, note: string): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({
      state: 'cancelled',
      cancelledByName: admin.name,
      cancelNote: note,
      endedAt: sql`now()`,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(refunds.id, id), inArray(refunds.state, ['requested', 'approved'])))
    .returning();
  return row ?? null;
}

/** A late collection owed back is no longer owed once its refunds that reached the shopper cover it. */
export async function clearRefundDueWhenPaidBack(tx: Tx, attemptId: string): Promise<boolean> {
  const paidBack = sql`(select coalesce(sum(${refunds.amountNgwee}), 0) from ${refunds}
    where ${refunds.attemptId} = ${paymentAttempts.id} and ${refunds.state} = 'successful')`;
  const cleared = await tx
    .update(paymentAttempts)
    .set({ refundDue: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        eq(paymentAttempts.refundDue, true),
        sql`${paymentAttempts.amountNgwee} <= ${paidBack}`,
      ),
    )
    .returning({ id: paymentAttempts.id });
  return cleared.length > 0;
}

const FILTERS: Record<RefundFilter, SQL | undefined> = {
  waiting: eq(refunds.state, 'requested'),
  moving: inArray(refunds.state, ['approved', 'sent']),
  stuck,
  failed: eq(refunds.state, 'failed'),
  all: undefined,
};

/** A page of refunds newest first, with the order each belongs to, and how many each filter holds. */
export async function listRefunds(db: Queryable, filter: RefundFilter, page: number, limit: number) {
  const where = FILTERS[filter];
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        refund: seenRefund,
        provider: paymentAttempts.provider,
        order: { id: orders.id, customerName: orders.customerName, totalNgwee: orders.totalNgwee },
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        all: count(),
        waiting: sql<number>`count(*) filter (where ${refunds.state} = 'requested')::int`,
        moving: sql<number>`count(*) filter (where ${refunds.state} in ('approved', 'sent'))::int`,
        stuck: sql<number>`count(*) filter (where ${stuck})::int`,
        failed: sql<number>`count(*) filter (where ${refunds.state} = 'failed')::int`,
      })
      .from(refunds),
  ]);
  const total = Number(counts[filter]);
  return {
    rows,
    total,
    counts: {
      all: Number(counts.all),
      waiting: Number(counts.waiting),
      moving: Number(counts.moving),
      stuck: Number(counts.stuck),
      failed: Number(counts.failed),
    },
  };
}
