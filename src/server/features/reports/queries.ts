import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { SHOP_TIME_ZONE } from '../../../shared/shop-time';
import type { OrderChannel, PaymentMethod } from '../../../shared/order-status';

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** Days on the co-op's clock, both included (validated YYYY-MM-DD by the route's schema). */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * Where the last batch ended. `at` is created_at as PostgreSQL writes it (microseconds and offset): a JS
 * Date keeps milliseconds only, and a cut-off cursor would send a row of the same millisecond twice.
 */
export interface Cursor {
  at: string;
  id: string;
}

/** The column's range on the shop's days: from 00:00 of `from` to before 00:00 of the day after `to`, in Lusaka. */
function inRange(column: SQL, range: DayRange): SQL[] {
  const parts: SQL[] = [];
  if (range.from) parts.push(sql`${column} >= (${range.from}::date)::timestamp at time zone ${zone}`);
  if (range.to) parts.push(sql`${column} < ((${range.to}::date) + 1)::timestamp at time zone ${zone}`);
  return parts;
}

/** After the cursor in (created_at, id) order; the plain bound on created_at lets the created_at index narrow it. */
function afterCursor(createdAt: SQL, id: SQL, cursor: Cursor | null): SQL[] {
  if (!cursor) return [];
  return [
    sql`${createdAt} >= ${cursor.at}::timestamptz`,
    sql`(${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
  ];
}

/**
 * One keyset page in (created_at, id) order, read along the created_at index. The embedded database runs no
 * autovacuum, so a table never analyzed looks tiny to the planner, which then sorts all the remaining rows
 * for every page (an export of 100,000 orders read 10 million rows). Whole sorts and bitmap scans are
 * turned off for this statement only (SET LOCAL ends with its short transaction), so a page reads its own rows.
 */
function keysetPage(db: Db, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return tx.execute(query);
  });
}

const where = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);
const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

export interface ExportedOrder {
  id: string;
  cursorAt: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  phone: string;
  city: string;
  province: string;
  status: string;
  isPaid: boolean;
  paidAt: Date | null;
  paymentMethod: PaymentMethod;
  paymentReference: string | null;
  /** The provider that collected the money (payment_result), null when an admin marked it paid. */
  collectedBy: string | null;
  deliveredAt: Date | null;
  /** The delivery option's name as placed (decision 037); empty for older orders. */
  deliveryName: string;
  itemsNgwee: number;
  taxNgwee: number;
  shippingNgwee: number;
  totalNgwee: number;
  discountCode: string | null;
  discountNgwee: number;
  /** Paid on collection: 'cash' or 'mobileMoney' (decision 045). */
  paidWith: string | null;
}

/** One batch of the orders placed in the range, oldest first (keyset on created_at, id). */
export async function ordersBatch(
  db: Db,
  range: DayRange,
  after: Cursor | null,
  limit: number,
): Promise<ExportedOrder[]> {
  const result = await keysetPage(
    db,
    sql`
    select o.id, o.created_at, o.created_at::text as cursor_at, o.customer_name, o.customer_email,
           o.shipping_address->>'phoneNumber' as phone, o.shipping_address->>'city' as city,
           o.shipping_address->>'province' as province, o.status, o.is_paid, o.paid_at, o.payment_method,
           o.payment_reference, o.payment_result->>'provider' as collected_by, o.delivered_at, o.delivery->>'name' as delivery_name, o.items_ngwee, o.tax_ngwee, o.shipping_ngwee, o.total_ngwee,
           o.discount_code, o.discount_ngwee, o.payment_result->>'paidWith' as paid_with
    from orders o
    ${where([...inRange(sql`o.created_at`, range), ...afterCursor(sql`o.created_at`, sql`o.id`, after)])}
    order by o.created_at, o.id
    limit ${limit}`,
  );
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: r.id as string,
    cursorAt: r.cursor_at as string,
    createdAt: asDate(r.created_at)!,
    customerName: r.customer_name as string,
    customerEmail: r.customer_email as string,
    phone: (r.phone as string | null) ?? '',
    city: (r.city as string | null) ?? '',
    province: (r.province as string | null) ?? '',
    status: r.status as string,
    isPaid: Boolean(r.is_paid),
    paidAt: asDate(r.paid_at),
    paymentMethod: r.payment_method as PaymentMethod,
    paymentReference: (r.payment_reference as string | null) ?? null,
    collectedBy: (r.collected_by as string | null) || null,
    deliveredAt: asDate(r.delivered_at),
    deliveryName: (r.delivery_name as string | null) ?? '',
    itemsNgwee: Number(r.items_ngwee),
    taxNgwee: Number(r.tax_ngwee),
    shippingNgwee: Number(r.shipping_ngwee),
    totalNgwee: Number(r.total_ngwee),
    discountCode: (r.discount_code as string | null) ?? null,
    discountNgwee: Number(r.discount_ngwee),
    paidWith: (r.paid_with as string | null) ?? null,
  }));
}

export interface ExportedLine {
  orderId: string;
  name: string;
  /** The SKU today of the size sold, else of the product; null once the product has been deleted. */
  sku: string | null;
  quantity: number;
  unitPriceNgwee: number;
}

/** The lines of a batch of orders in one query, in each order's own order. */
export async function linesOfOrders(db: Db, orderIds: string[]): Promise<ExportedLine[]> {
  if (orderIds.length === 0) return [];
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select i.order_id, i.name, coalesce(v.sku, p.sku) as sku, i.quantity, i.unit_price_ngwee
    from order_items i
    left join products p on p.id = i.product_id
    left join product_variants v on v.id = i.variant_id
    where i.order_id in (${ids})
    order by i.order_id, i.position, i.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    orderId: r.order_id as string,
    name: r.name as string,
    sku: (r.sku as string | null) ?? null,
    quantity: Number(r.quantity),
    unitPriceNgwee: Number(r.unit_price_ngwee),
  }));
}

/** How many CSV rows the orders export will have: one per line, one for an order without lines. */
export async function countOrderRows(db: Db, range: DayRange): Promise<number> {
  const result = await db.execute(sql`
    select count(*) as n from orders o left join order_items i on i.order_id = o.id
    ${where(inRange(sql`o.created_at`, range))}`);
  return Number(rowsOf<{ n: number | string }>(result)[0].n);
}

export interface ExportedCustomer {
  id: string;
  cursorAt: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  orders: number;
  spentNgwee: number;
}

const customersOnly = sql`not u.is_admin`;

/** Registered customers (not admins) by registration, with their orders counted and paid orders summed. */
export async function customersBatch(
  db: Db,
  range: DayRange,
  after: Cursor | null,
  limit: number,
): Promise<ExportedCustomer[]> {
  const result = await keysetPage(
    db,
    sql`
    select u.id, u.created_at, u.created_at::text as cursor_at, u.name, coalesce(u.email, '') as email,
           coalesce(nullif(u.phone, ''), u.mobile, '') as phone,
           coalesce(s.orders, 0) as orders, coalesce(s.spent, 0) as spent
    from users u
    left join lateral (
      select count(*) as orders, sum(o.total_ngwee) filter (where o.is_paid and o.status <> 'Cancelled') as spent
      from orders o where o.user_id = u.id
    ) s on true
    ${where([customersOnly, ...inRange(sql`u.created_at`, range), ...afterCursor(sql`u.created_at`, sql`u.id`, after)])}
    order by u.created_at, u.id
    limit ${limit}`,
  );
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: r.id as string,
    cursorAt: r.cursor_at as string,
    createdAt: asDate(r.created_at)!,
    name: r.name as string,
    email: r.email as string,
    phone: r.phone as string,
    orders: Number(r.orders),
    spentNgwee: Number(r.spent),
  }));
}

export async function countCustomers(db: Db, range: DayRange): Promise<number> {
  const result = await db.execute(
    sql`select count(*) as n from users u ${where([customersOnly, ...inRange(sql`u.created_at`, range)])}`,
  );
  return Number(rowsOf<{ n: number | string }>(result)[0].n);
}

export interface ExportedProduct {
  id: string;
  cursorAt: string;
  createdAt: Date;
  name: string;
  sku: string;
  category: string;
  priceNgwee: number;
  countInStock: number;
  isFeatured: boolean;
}

export async function productsBatch(
  db: Db,
  range: DayRange,
  after: Cursor | null,
  limit: number,
): Promise<ExportedProduct[]> {
  const result = await keysetPage(
    db,
    sql`
    select p.id, p.created_at, p.created_at::text as cursor_at, p.name, p.sku, p.category, p.price_ngwee,
           p.count_in_stock, p.is_featured
    from products p
    ${where([...inRange(sql`p.created_at`, range), ...afterCursor(sql`p.created_at`, sql`p.id`, after)])}
    order by p.created_at, p.id
    limit ${limit}`,
  );
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: r.id as string,
    cursorAt: r.cursor_at as string,
    createdAt: asDate(r.created_at)!,
    name: r.name as string,
    sku: r.sku as string,
    category: r.category as string,
    priceNgwee: Number(r.price_ngwee),
    countInStock: Number(r.count_in_stock),
    isFeatured: Boolean(r.is_featured),
  }));
}

/** Whether any product has options or is a gift set: the products export then carries their columns. */
export async function catalogueHasMakeUp(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from products where is_set or jsonb_array_length(options) > 0) as yes`,
  );
  return rowsOf<{ yes: boolean }>(result)[0].yes === true;
}

/** The variants ("Size: 250 ml", in order) and sets' parts ("2 × SKU; 1 × SKU") of a batch of exported products. */
export async function makeUpOfProducts(db: Db, products: readonly { id: string }[]) {
  const ids = sql.join(
    products.map((p) => sql`(${p.id}::uuid)`),
    sql`, `,
  );
  const variantRows = rowsOf<{
    product_id: string;
    sku: string;
    price_ngwee: number | string;
    count_in_stock: number | string;
    is_default: boolean;
    options: string;
  }>(
    await db.execute(sql`
      select v.product_id, v.sku, v.price_ngwee, v.count_in_stock, v.is_default,
        (select string_agg(o.name || ': ' || (v.option_values->>(o.n - 1)::int), '; ' order by o.n)
         from jsonb_array_elements_text(p.options) with ordinality as o (name, n)) as options
      from product_variants v join products p on p.id = v.product_id
      where v.product_id in (select id from (values ${ids}) as x (id))
      order by v.product_id, v.is_default desc, v.position`),
  );
  const partRows = rowsOf<{ set_product_id: string; parts: string }>(
    await db.execute(sql`
      select sp.set_product_id,
        string_agg(sp.quantity || ' × ' || coalesce(v.sku, p.sku), '; ' order by sp.position) as parts
      from set_parts sp join products p on p.id = sp.part_product_id
      left join product_variants v on v.id = sp.part_variant_id
      where sp.set_product_id in (select id from (values ${ids}) as x (id))
      group by sp.set_product_id`),
  );
  const variants = new Map<
    string,
    { sku: string; priceNgwee: number; countInStock: number; isDefault: boolean; options: string }[]
  >();
  for (const r of variantRows)
    variants.set(r.product_id, [
      ...(variants.get(r.product_id) ?? []),
      {
        sku: r.sku,
        priceNgwee: Number(r.price_ngwee),
        countInStock: Number(r.count_in_stock),
        isDefault: r.is_default,
        options: r.options ?? '',
      },
    ]);
  return { variants, parts: new Map(partRows.map((r) => [r.set_product_id, r.parts])) };
}

/** Rows of the products export: one a product, and one more for each of its variants past the first. */
export async function countProducts(db: Db, range: DayRange): Promise<number> {
  const result = await db.execute(
    sql`select count(*) + coalesce(sum(greatest((select count(*) from product_variants v where v.product_id = p.id) - 1, 0)), 0) as n
      from products p ${where(inRange(sql`p.created_at`, range))}`,
  );
  return Number(rowsOf<{ n: number | string }>(result)[0].n);
}

/** The month's bounds on the shop's clock, for 'YYYY-MM', on a column (the order's creation by default). */
const monthRange = (month: string, column: SQL = sql`o.created_at`): SQL[] => {
  const first = `${month}-01`;
  return [
    sql`${column} >= (${first}::date)::timestamp at time zone ${zone}`,
    sql`${column} < ((${first}::date) + interval '1 month') at time zone ${zone}`,
  ];
};

/**
 * The amounts of the refunds made in the month (ended successful then, on the shop's clock), in kwacha
 * (a sandbox refund in another currency is not the shop's money). Few rows: each refund's VAT is rounded
 * by the one rule in shared/refunds.ts.
 */
export async function monthRefunds(db: Db, month: string): Promise<number[]> {
  const result = await db.execute(sql`
    select r.amount_ngwee from refunds r
    ${where([sql`r.state = 'successful'`, sql`r.currency = 'ZMW'`, ...monthRange(month, sql`r.ended_at`)])}`);
  return rowsOf<{ amount_ngwee: number | string }>(result).map((r) => Number(r.amount_ngwee));
}

/** The refunded total of each order of an export batch (refunds that reached the shopper, as of now). */
export async function refundedOfOrders(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select r.order_id, sum(r.amount_ngwee) as refunded from refunds r
    where r.order_id in (${ids}) and r.state = 'successful'
    group by r.order_id`);
  return new Map(
    rowsOf<{ order_id: string; refunded: number | string }>(result).map((r) => [r.order_id, Number(r.refunded)]),
  );
}

export interface MonthFigures {
  ordersPlaced: number;
  keptCount: number;
  grossNgwee: number;
  itemsNgwee: number;
  taxNgwee: number;
  shippingNgwee: number;
  /** Orders (not cancelled) that used a discount code, and what the codes took off their items. */
  discountCount: number;
  discountNgwee: number;
  cancelledCount: number;
  cancelledNgwee: number;
  paidCount: number;
  paidNgwee: number;
  unpaidCount: number;
  unpaidNgwee: number;
}

/** Every headline figure of the month in one pass over its orders (aggregate FILTERs), amounts as stored. */
export async function monthFigures(db: Db, month: string): Promise<MonthFigures> {
  const result = await db.execute(sql`
    select count(*) as orders_placed,
           count(*) filter (where o.status <> 'Cancelled') as kept_count,
           coalesce(sum(o.total_ngwee) filter (where o.status <> 'Cancelled'), 0) as gross,
           coalesce(sum(o.items_ngwee) filter (where o.status <> 'Cancelled'), 0) as items,
           coalesce(sum(o.tax_ngwee) filter (where o.status <> 'Cancelled'), 0) as tax,
           coalesce(sum(o.shipping_ngwee) filter (where o.status <> 'Cancelled'), 0) as shipping,
           count(*) filter (where o.status <> 'Cancelled' and o.discount_code is not null) as discount_count,
           coalesce(sum(o.discount_ngwee) filter (where o.status <> 'Cancelled'), 0) as discount,
           count(*) filter (where o.status = 'Cancelled') as cancelled_count,
           coalesce(sum(o.total_ngwee) filter (where o.status = 'Cancelled'), 0) as cancelled,
           count(*) filter (where o.status <> 'Cancelled' and o.is_paid) as paid_count,
           coalesce(sum(o.total_ngwee) filter (where o.status <> 'Cancelled' and o.is_paid), 0) as paid,
           count(*) filter (where o.status <> 'Cancelled' and not o.is_paid) as unpaid_count,
           coalesce(sum(o.total_ngwee) filter (where o.status <> 'Cancelled' and not o.is_paid), 0) as unpaid
    from orders o
    ${where(monthRange(month))}`);
  const r = rowsOf<Record<string, number | string>>(result)[0];
  return {
    ordersPlaced: Number(r.orders_placed),
    keptCount: Number(r.kept_count),
    grossNgwee: Number(r.gross),
    itemsNgwee: Number(r.items),
    taxNgwee: Number(r.tax),
    shippingNgwee: Number(r.shipping),
    discountCount: Number(r.discount_count),
    discountNgwee: Number(r.discount),
    cancelledCount: Number(r.cancelled_count),
    cancelledNgwee: Number(r.cancelled),
    paidCount: Number(r.paid_count),
    paidNgwee: Number(r.paid),
    unpaidCount: Number(r.unpaid_count),
    unpaidNgwee: Number(r.unpaid),
  };
}

export interface ChannelFigures {
  channel: OrderChannel;
  count: number;
  amountNgwee: number;
  paidNgwee: number;
}

/** Orders of the month that are not cancelled, summed by one of their columns (only the values that have some). */
async function monthGroupedBy(db: Db, month: string, column: 'channel' | 'payment_method') {
  const result = await db.execute(sql`
    select o.${sql.raw(column)} as key, count(*) as orders, sum(o.total_ngwee) as amount,
           coalesce(sum(o.total_ngwee) filter (where o.is_paid), 0) as paid
    from orders o
    ${where([...monthRange(month), sql`o.status <> 'Cancelled'`])}
    group by o.${sql.raw(column)}`);
  return rowsOf<Record<string, number | string>>(result).map((r) => ({
    key: String(r.key),
    count: Number(r.orders),
    amountNgwee: Number(r.amount),
    paidNgwee: Number(r.paid),
  }));
}

/** Orders of the month that are not cancelled, by the channel they came in through. */
export async function monthByChannel(db: Db, month: string): Promise<ChannelFigures[]> {
  const groups = await monthGroupedBy(db, month, 'channel');
  return groups.map(({ key, ...figures }) => ({ channel: key as OrderChannel, ...figures }));
}

export interface MethodFigures {
  method: PaymentMethod;
  count: number;
  amountNgwee: number;
  paidNgwee: number;
}

/** Orders of the month that are not cancelled, by payment method (only the methods that have some). */
export async function monthByPaymentMethod(db: Db, month: string): Promise<MethodFigures[]> {
  const groups = await monthGroupedBy(db, month, 'payment_method');
  return groups.map(({ key, ...figures }) => ({ method: key as PaymentMethod, ...figures }));
}

export interface CollectionFigures {
  /** Who collected it (payment_result's provider), or null: marked paid by an admin (money taken by hand). */
  provider: string | null;
  method: PaymentMethod;
  count: number;
  amountNgwee: number;
}

/** Paid orders of the month that are not cancelled, by who collected the money and by which method. */
export async function monthByCollection(db: Db, month: string): Promise<CollectionFigures[]> {
  const result = await db.execute(sql`
    select o.payment_result->>'provider' as provider, o.payment_method as method, count(*) as orders,
           sum(o.total_ngwee) as amount
    from orders o
    ${where([...monthRange(month), sql`o.status <> 'Cancelled'`, sql`o.is_paid`])}
    group by 1, 2`);
  return rowsOf<Record<string, number | string | null>>(result).map((r) => ({
    provider: r.provider === null || r.provider === '' ? null : String(r.provider),
    method: r.method as PaymentMethod,
    count: Number(r.orders),
    amountNgwee: Number(r.amount),
  }));
}

export interface ProductFigures {
  productId: string | null;
  /** The product's name today, or the line's name as sold once the product has been deleted. */
  name: string;
  variantLabel: string | null;
  orders: number;
  quantity: number;
  amountNgwee: number;
}

/**
 * The month's orders that are not cancelled, by product and size: a line per product and variant label as
 * sold (a size renamed since keeps its lines apart; decision 067), the amounts unit price x quantity.
 */
export async function monthByProduct(db: Db, month: string): Promise<ProductFigures[]> {
  const result = await db.execute(sql`
    select i.product_id, i.variant_label, max(p.name) as product_name, max(i.name) as line_name,
           count(distinct o.id) as orders, sum(i.quantity) as quantity,
           sum(i.unit_price_ngwee::bigint * i.quantity) as amount
    from orders o
    join order_items i on i.order_id = o.id
    left join products p on p.id = i.product_id
    ${where([...monthRange(month), sql`o.status <> 'Cancelled'`])}
    group by i.product_id, i.variant_label, case when i.product_id is null then i.name end`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => {
    const label = (r.variant_label as string | null) ?? null;
    const lineName = String(r.line_name);
    // A deleted product's line name says its size already: "Mungongo Oil (250 ml)".
    const suffix = label === null ? '' : ` (${label})`;
    const asSold = suffix && lineName.endsWith(suffix) ? lineName.slice(0, -suffix.length) : lineName;
    return {
      productId: (r.product_id as string | null) ?? null,
      name: r.product_name === null ? asSold : String(r.product_name),
      variantLabel: label,
      orders: Number(r.orders),
      quantity: Number(r.quantity),
      amountNgwee: Number(r.amount),
    };
  });
}
