import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { PREPARED_ROWS_MAX, preparedRows } from '../../db/prepared';
import { containsPattern, searchTextContains, searchesAcrossColumns } from '../../db/search-text';
import { orderItems, orders } from '../../db/schema';
import type { OrderStatus } from '../../../shared/order-status';
import { isUuid } from '../../lib/ids';
import type { PaymentResult } from './payment-result';
import { moneyOfOrders, NO_MONEY_BACK, type OrderMoney } from './refund-figures';
import { fiscalReceiptsOfOrders, NOT_REQUIRED } from './fiscal-receipt';
import type { FiscalReceipt } from '../../../shared/schemas/orders';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
  /** Collected and refunded (docs/decisions/030-refunds.md), read with the lines. */
  money: OrderMoney;
  /** Its Smart Invoice receipt (decision 062), read with the lines. */
  fiscal: FiscalReceipt;
}
type Queryable = Db | Tx;

/** The order's own row, without its lines (what a payment needs, read on every status poll). */
export async function findOrderRow(db: Queryable, orderId: string): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ?? null;
}

export async function findOrder(db: Queryable, orderId: string): Promise<OrderWithItems | null> {
  const order = await findOrderRow(db, orderId);
  if (!order) return null;
  return withItems(db, order);
}

/** One order's lines and money, for an order row the caller already holds. */
export async function withItems(db: Queryable, order: OrderRow): Promise<OrderWithItems> {
  const [items, money, fiscal] = await Promise.all([
    itemsOfOrder(db, order.id),
    moneyOfOrders(db, [order]),
    fiscalReceiptsOfOrders(db, [order]),
  ]);
  return { order, items, money: money.get(order.id) ?? NO_MONEY_BACK, fiscal: fiscal.get(order.id) ?? NOT_REQUIRED };
}

export async function findOrderByIdempotencyKey(
  db: Queryable,
  userId: string,
  key: string,
): Promise<OrderWithItems | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!order) return null;
  return withItems(db, order);
}

export function itemsOfOrder(db: Queryable, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** The lines and the money of a whole page of orders, one query each, so a list never asks once per order. */
export async function attachItems(db: Queryable, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const money = await moneyOfOrders(db, rows);
  const fiscal = await fiscalReceiptsOfOrders(db, rows);
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((order) => ({
    order,
    items: byOrder.get(order.id) ?? [],
    money: money.get(order.id) ?? NO_MONEY_BACK,
    fiscal: fiscal.get(order.id) ?? NOT_REQUIRED,
  }));
}

export async function listOrdersOfCustomer(db: Queryable, userId: string, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return attachItems(db, rows);
}

export interface OrderSearch {
  keyword?: string;
  status?: OrderStatus;
  page: number;
  limit: number;
}

/**
 * The admin list. The keyword is a case-insensitive substring of the order id, the customer's name or
 * e-mail, all three in the stored search column with one trigram index (orders_search_trgm_idx), so
 * PostgreSQL answers from index hits instead of reading 100,000 orders (keywords of 3 characters or
 * more; shorter ones have no trigram and are scanned, but a scan of lower-cased text with LIKE is a
 * fraction of three ILIKEs per row). Without a keyword the created_at index gives the newest page
 * directly; the page and its count run side by side on PostgreSQL.
 */
export async function searchOrders(db: Queryable, search: OrderSearch) {
  const conditions: SQL[] = [];
  if (search.status) conditions.push(eq(orders.status, search.status));
  if (search.keyword) conditions.push(keywordMatches(search.keyword));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(search.limit)
      .offset((search.page - 1) * search.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { orders: await attachItems(db, rows), total: Number(total) };
}

function keywordMatches(keyword: string): SQL {
  if (!searchesAcrossColumns(keyword)) return searchTextContains(orders.searchText, keyword);
  // A keyword with a line break can only be in a name or e-mail (an order id has none).
  const pattern = containsPattern(keyword);
  return or(ilike(orders.customerName, pattern), ilike(orders.customerEmail, pattern))!;
}

/**
 * Writes an order and its lines in one statement (two inserts in a WITH); the lines' ids are made here,
 * so only the order's own row comes back from the database.
 */
export async function insertOrderWithItems(
  tx: Tx,
  order: Omit<typeof orders.$inferInsert, 'id'>,
  items: Omit<OrderItemRow, 'id' | 'orderId'>[],
): Promise<OrderWithItems> {
  const orderId = randomUUID();
  const itemRows: OrderItemRow[] = items.map((item) => ({ ...item, id: randomUUID(), orderId }));
  const rows: Record<string, unknown>[] = [{ ...order, id: orderId }, ...itemRows];
  const [row] =
    itemRows.length < PREPARED_ROWS_MAX
      ? await insertOrderPrepared(tx, rows)
      : await buildOrderInsert(tx, [{ ...order, id: orderId }, ...itemRows]);
  return { order: row, items: itemRows, money: NO_MONEY_BACK, fiscal: NOT_REQUIRED };
}

/** The order and its lines in one statement: the first row is the order, the rest its lines. */
function buildOrderInsert(tx: Db | Tx, [order, ...items]: Record<string, unknown>[]) {
  const newOrder = tx.$with('new_order').as(
    tx
      .insert(orders)
      .values(order as typeof orders.$inferInsert)
      .returning(),
  );
  const newItems = tx.$with('new_items').as(tx.insert(orderItems).values(items as OrderItemRow[]));
  return tx.with(newOrder, newItems).select().from(newOrder);
}

const insertOrderPrepared = preparedRows<Record<string, unknown>, OrderRow[]>('insert_order', buildOrderInsert);

/** Locks the order row for the rest of the transaction, so two status changes cannot both move stock. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/**
 * Clears a paid order's balance due, once (conditional on the balance the caller read under the lock), and
 * keeps what was collected by hand with it.
 */
export async function payBalanceOnce(
  tx: Tx,
  orderId: string,
  balanceNgwee: number,
  collectedByHandNgwee: number,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ balanceDueNgwee: 0, collectedByHandNgwee, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.isPaid, true), eq(orders.balanceDueNgwee, balanceNgwee)))
    .returning();
  return row ?? null;
}

export interface PaidChanges {
  paymentReference: string | null;
  paymentResult: PaymentResult;
  /** An admin's mark by hand: who and why (the time is the payment's). */
  markedPaid: { by: string | null; byName: string; note: string | null } | null;
}

/**
 * Makes an unpaid, uncancelled order paid (a conditional update: a second confirmation changes nothing
 * and answers null). The caller holds the order's lock.
 */
export async function markPaidOnce(tx: Tx, orderId: string, changes: PaidChanges): Promise<OrderRow | null> {
  const { markedPaid } = changes;
  const [order] = await tx
    .update(orders)
    .set({
      isPaid: true,
      paidAt: sql`coalesce(${orders.paidAt}, now())`,
      paymentReference: changes.paymentReference,
      paymentResult: changes.paymentResult,
      ...(markedPaid && {
        markedPaidBy: markedPaid.by,
        markedPaidByName: markedPaid.byName,
        markedPaidAt: sql`now()`,
        markedPaidNote: markedPaid.note,
      }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.isPaid, false), ne(orders.status, 'Cancelled')))
    .returning();
  return order ?? null;
}

/** The customer's mobile-money or card reference, for an admin to check; the order stays unpaid. */
export async function attachPaymentReference(tx: Tx, orderId: string, paymentReference: string): Promise<OrderRow> {
  const [order] = await tx
    .update(orders)
    .set({ paymentReference, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return order;
}

/**
 * The orders to pack and send: paid, or moved to Processing by an admin (shipping before payment for a
 * customer the co-op trusts), and not yet shipped, delivered or cancelled. Oldest first, at most `limit`.
 */
export async function findOrdersToShip(db: Queryable, limit: number): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['Pending', 'Processing']),
        or(eq(orders.isPaid, true), eq(orders.status, 'Processing')),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
  return attachItems(db, rows);
}
