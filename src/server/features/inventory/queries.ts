import { and, eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { products } from '../../db/schema';

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

const takeOneFromStock = preparedStatement('take_one_from_stock', (tx) =>
  tx
    .update(products)
    .set({ countInStock: sql`${products.countInStock} - ${sql.placeholder('quantity')}::int` })
    .where(
      and(eq(products.id, sql.placeholder('id')), sql`${products.countInStock} >= ${sql.placeholder('quantity')}::int`),
    )
    .returning(catalogueColumns),
);

/**
 * Takes each line's quantity from its product only if that many are left, all lines in one statement
 * (placing orders is bound by statements per transaction on the embedded database). The row lock makes
 * concurrent orders queue on a product, and the condition is re-checked after the wait, so two orders
 * can never both take the last unit. Answers the products taken, as they are now; a line that is short
 * or whose product is gone is missing from the answer and takes nothing.
 */
export async function takeFromStock(
  tx: Tx,
  lines: readonly { productId: string; quantity: number }[],
): Promise<CataloguePrice[]> {
  if (lines.length === 1) {
    // One row needs no lock order, and this plain update plans in a fraction of the time of the join below.
    const [line] = lines;
    return takeOneFromStock(tx, { id: line.productId, quantity: line.quantity });
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

export interface LowStockProduct {
  id: string;
  name: string;
  sku: string;
  countInStock: number;
  threshold: number;
}

/**
 * Marks the products whose stock is at or below their level and that no digest has named since they were
 * last above it, and answers them. One statement: of several instances running it at once, each product is
 * taken by exactly one (the row lock, and the condition checked again after it).
 */
export async function takeNewlyLowStock(tx: Tx, shopDefault: number): Promise<LowStockProduct[]> {
  return rowsOf<LowStockProduct>(
    await tx.execute(sql`
      update ${products} set low_stock_reported_at = now()
      where low_stock_reported_at is null and count_in_stock <= coalesce(low_stock_threshold, ${shopDefault})
      returning id, name, sku, count_in_stock as "countInStock", coalesce(low_stock_threshold, ${shopDefault}) as threshold`),
  ).sort((a, b) => a.countInStock - b.countInStock || a.name.localeCompare(b.name));
}

/** Products back above their level may be named again the next time they fall. Answers how many. */
export async function clearRestockedReports(tx: Tx, shopDefault: number): Promise<number> {
  const cleared = await tx
    .update(products)
    .set({ lowStockReportedAt: null })
    .where(
      and(
        sql`${products.lowStockReportedAt} is not null`,
        sql`${products.countInStock} > coalesce(${products.lowStockThreshold}, ${shopDefault})`,
      ),
    )
    .returning({ id: products.id });
  return cleared.length;
}
