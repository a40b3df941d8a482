import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type Db, type Tx, rowsOf } from '../../db/client';
import { containsPattern, searchTextContains, searchesAcrossColumns } from '../../db/search-text';
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
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { orders: await attachItems(db, rows), total: Number(total) };
}

function keywordMatches(keyword: string): SQL {
  if (!searchesAcrossColumns(keyword)) return searchTextContains(orders.searchText, keyword);
  // A keyword with a line break can only be in a name or e-mail (an order id has none).
  const pattern = containsPattern(keyword);
  return or(ilike(orders.customerName, pattern), ilike(orders.customerEmail, pattern))!;
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

/**
 * Takes each line's quantity from its product only if that many are left, all lines in one statement
 * (placing orders is bound by statements per transaction on the embedded database). The row lock makes
 * concurrent orders queue on a product, and the condition is re-checked after the wait, so two orders
 * can never both take the last unit. Answers the products taken, as they are now; a line that is short
 * or whose product is gone is missing from the answer and takes nothing.
 */
export async function takeFromStock(tx: Tx, lines: readonly { productId: string; quantity: number }[]): Promise<CataloguePrice[]> {
  if (lines.length === 1) {
    // One row needs no lock order, and this plain update plans in a fraction of the time of the join below.
    const [line] = lines;
    return tx
      .update(products)
      .set({ countInStock: sql`${products.countInStock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), sql`${products.countInStock} >= ${line.quantity}`))
      .returning(catalogueColumns);
  }
  // `locked` takes the rows in id order before any is updated, so two carts holding the same products
  // the other way round cannot deadlock.
  const wanted = sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with wanted (id, quantity) as (values ${wanted}),
    locked as (select id from products where id in (select id from wanted) order by id for update)
    update products set count_in_stock = products.count_in_stock - w.quantity
    from wanted w
    where products.id = w.id and products.id in (select id from locked) and products.count_in_stock >= w.quantity
    returning products.id, products.name, products.price_ngwee, ${catalogueColumns.image} as image`);
  return rowsOf<{ id: string; name: string; price_ngwee: number | string; image: string }>(result).map((row) => ({
    id: row.id,
    name: row.name,
    priceNgwee: Number(row.price_ngwee),
    image: row.image,
  }));
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
  const newOrder = tx.$with('new_order').as(tx.insert(orders).values({ ...order, id: orderId }).returning());
  const newItems = tx.$with('new_items').as(tx.insert(orderItems).values(itemRows));
  const [row] = await tx.with(newOrder, newItems).select().from(newOrder);
  return { order: row, items: itemRows };
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
