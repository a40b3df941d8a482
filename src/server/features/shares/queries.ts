import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  members,
  orderItems,
  orders,
  paymentAttempts,
  productMakers,
  products,
  refunds,
  shareEntries,
} from '../../db/schema';
import { isUuid } from '../../lib/ids';

type Queryable = Db | Tx;

export type ShareEntryRow = typeof shareEntries.$inferSelect;
export type NewShareEntry = Omit<typeof shareEntries.$inferInsert, 'id' | 'createdAt' | 'payoutId'>;

/** The order's figures the shares need, its row locked for the rest of the transaction (the lock its events hold). */
export async function lockOrderForShares(tx: Tx, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      isPaid: orders.isPaid,
      paymentResult: orders.paymentResult,
      collectedByHandNgwee: orders.collectedByHandNgwee,
      balanceDueNgwee: orders.balanceDueNgwee,
      totalNgwee: orders.totalNgwee,
      taxNgwee: orders.taxNgwee,
      shippingNgwee: orders.shippingNgwee,
      discountNgwee: orders.discountNgwee,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row ?? null;
}

/** The order's lines with their product's own makers' percent (null: the shop's default, or the product is gone). */
export function linesForShares(tx: Tx, orderId: string) {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      name: orderItems.name,
      unitPriceNgwee: orderItems.unitPriceNgwee,
      quantity: orderItems.quantity,
      makersPercent: products.makersPercent,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

/** The makers of these products, in one stable order (a split's remainder goes to the earlier). */
export function makersOfProducts(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ productId: productMakers.productId, memberId: productMakers.memberId, parts: productMakers.parts })
    .from(productMakers)
    .where(inArray(productMakers.productId, productIds))
    .orderBy(asc(productMakers.productId), asc(productMakers.memberId));
}

export function entriesOfOrder(db: Queryable, orderId: string): Promise<ShareEntryRow[]> {
  return db
    .select()
    .from(shareEntries)
    .where(eq(shareEntries.orderId, orderId))
    .orderBy(asc(shareEntries.createdAt), asc(shareEntries.key));
}

/** The refunds that reached the shopper, in the order they ended. */
export function successfulRefundsOfOrder(tx: Tx, orderId: string) {
  return tx
    .select({ id: refunds.id, amountNgwee: refunds.amountNgwee })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'successful')))
    .orderBy(asc(refunds.endedAt), asc(refunds.id));
}

/** What providers collected for the order (late collections too), as refunds count it. */
export async function providerCollectedNgwee(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ ngwee: sql<number>`coalesce(sum(${paymentAttempts.amountNgwee}), 0)::int` })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), isNotNull(paymentAttempts.collectedAt)));
  return Number(row?.ngwee ?? 0);
}

/** Adds entries; one whose key is already there (an event seen twice) adds nothing. */
export async function insertShareEntries(tx: Tx, rows: NewShareEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(shareEntries).values(rows).onConflictDoNothing({ target: shareEntries.key });
}

/** What the co-op owes each member now: her entries no payout carries yet (negative: refunds took more than sold since). */
export function owedPerMember(db: Queryable) {
  return db
    .select({
      memberId: sql<string>`${shareEntries.memberId}`,
      owedNgwee: sql<number>`sum(${shareEntries.amountNgwee})::int`,
      entries: sql<number>`count(*)::int`,
    })
    .from(shareEntries)
    .where(and(isNotNull(shareEntries.memberId), isNull(shareEntries.payoutId)))
    .groupBy(shareEntries.memberId)
    .orderBy(asc(shareEntries.memberId));
}

/** A member's entries, newest first. */
export function entriesOfMember(db: Queryable, memberId: string, limit: number): Promise<ShareEntryRow[]> {
  if (!isUuid(memberId)) return Promise.resolve([]);
  return db
    .select()
    .from(shareEntries)
    .where(eq(shareEntries.memberId, memberId))
    .orderBy(desc(shareEntries.createdAt), desc(shareEntries.key))
    .limit(limit);
}

/** An order's entries with the member each belongs to (null name: the fund's). */
export function entriesOfOrderWithMembers(db: Queryable, orderId: string) {
  if (!isUuid(orderId)) return Promise.resolve([]);
  return db
    .select({ entry: shareEntries, memberName: members.name })
    .from(shareEntries)
    .leftJoin(members, eq(members.id, shareEntries.memberId))
    .where(eq(shareEntries.orderId, orderId))
    .orderBy(asc(shareEntries.createdAt), asc(shareEntries.key));
}
