import { and, asc, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';
import type { OrderStatus } from '../../../shared/order-status';
import { isUuid } from '../../lib/ids';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}
type Queryable = Db | Tx;

export { isUuid };

export async function findOrder(db: Queryable, orderId: string): Promise<OrderWithItems | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  return { order, items: await itemsOfOrder(db, order.id) };
}

export async function findOrderByIdempotencyKey(db: Queryable, userId: string, key: string): Promise<OrderWithItems | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!order) return null;
  return { order, items: await itemsOfOrder(db, order.id) };
}

export function itemsOfOrder(db: Queryable, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** The lines of a whole page of orders in one query, so a list never asks once per order. */
export async function attachItems(db: Queryable, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
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
  return rows.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
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

/** Escapes LIKE's wildcards so a keyword such as "50%" matches itself. */
const likeContains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The admin list. The keyword is a case-insensitive substring of the order id, the customer's name or
 * e-mail; each of the three has a trigram index (orders_*_trgm_idx), so PostgreSQL answers the OR
 * with a bitmap of index hits instead of reading 100,000 orders (keywords of 3 characters or more;
 * shorter ones have no trigram and are scanned). Without a keyword the created_at index gives the
 * newest page directly; the page and its count run side by side on PostgreSQL.
 */
export async function searchOrders(db: Queryable, search: OrderSearch) {
  const conditions: SQL[] = [];
  if (search.status) conditions.push(eq(orders.status, search.status));
  if (search.keyword) {
    const keyword = search.keyword;
    const pattern = likeContains(keyword);
    // Only the columns the keyword could match are tested: every ILIKE costs when many rows qualify.
    const places: SQL[] = [ilike(orders.customerName, pattern)];
    if (!/\s/.test(keyword)) places.push(ilike(orders.customerEmail, pattern));
    // A uuid's text is lowercase hex and dashes, so a plain LIKE on the lowercased keyword is enough.
    if (/^[0-9a-f-]+$/i.test(keyword)) places.push(like(sql`${orders.id}::text`, pattern.toLowerCase()));
    conditions.push(or(...places)!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(search.limit)
      .offset((search.page - 1) * search.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { orders: await attachItems(db, rows), total: Number(total) };
}

export interface CataloguePrice {
  id: string;
  name: string;
  priceNgwee: number;
  image: string;
}

const catalogueColumns = {
  id: products.id,
  name: products.name,
  priceNgwee: products.priceNgwee,
  image: sql<string>`coalesce(nullif(${products.mainImage}, ''), ${products.images}->>0, '')`,
};

/** Current name, price and main image of the given products; ids that are not uuids simply find nothing. */
/**
 * Takes `quantity` from a product only if that many are left, as one statement: the row lock it takes
 * makes concurrent orders queue on the product, and the condition is re-checked after the wait, so two
 * orders can never both take the last unit. Answers the product as it is now, or null if short or gone.
 */
export async function takeFromStock(tx: Tx, productId: string, quantity: number): Promise<CataloguePrice | null> {
  const [row] = await tx
    .update(products)
    .set({ countInStock: sql`${products.countInStock} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.countInStock} >= ${quantity}`))
    .returning(catalogueColumns);
  return row ?? null;
}

export async function putBackInStock(tx: Tx, productId: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ countInStock: sql`${products.countInStock} + ${quantity}` })
    .where(eq(products.id, productId));
}

export async function stockOf(tx: Tx, productId: string): Promise<{ name: string; countInStock: number } | null> {
  const [row] = await tx
    .select({ name: products.name, countInStock: products.countInStock })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/** Locks the order row for the rest of the transaction, so two status changes cannot both move stock. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}
