import { and, eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
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
