import { and, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { containsPattern, searchTextContains, searchesAcrossColumns } from '../../db/search-text';
import { orderItems, orders, productReviews, productVariants, products } from '../../db/schema';
import type { MatchColumns } from './search-facts';
import type { IndexedProduct } from './search-index';
import type { ProductRow, ReviewRow } from './serialize';

export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'ratingTotal' | 'numReviews'>;

export interface ProductFilter {
  keyword?: string;
  category?: string;
  minPriceNgwee?: number;
  maxPriceNgwee?: number;
}

const newestFirst = [desc(products.createdAt), desc(products.id)];

/**
 * Every column but the search text, which only the database reads: a page of up to 100 products would
 * otherwise carry each name and description twice through the driver.
 */
const { searchText: _readOnlyByTheDatabase, ...shownColumns } = getTableColumns(products);

function matching(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.keyword) conditions.push(keywordCondition(filter.keyword));
  if (filter.category) conditions.push(eq(products.category, filter.category));
  if (filter.minPriceNgwee !== undefined) conditions.push(gte(products.priceNgwee, filter.minPriceNgwee));
  if (filter.maxPriceNgwee !== undefined) conditions.push(lte(products.priceNgwee, filter.maxPriceNgwee));
  return and(...conditions);
}

/** Case-insensitively in the name or the description, through the stored search column and its trigram index. */
function keywordCondition(keyword: string): SQL | undefined {
  if (!searchesAcrossColumns(keyword)) return searchTextContains(products.searchText, keyword);
  const pattern = containsPattern(keyword);
  return or(ilike(products.name, pattern), ilike(products.description, pattern));
}

/**
 * Id, price and category of the products matching a keyword, newest first, at most `atMost` of them.
 * Answered as one row of joined texts: parsing thousands of rows out of the embedded database cost twice
 * the search itself.
 */
export async function findKeywordMatches(db: Db, keyword: string, atMost: number): Promise<MatchColumns> {
  const matches = db
    .select({ id: products.id, price: products.priceNgwee, category: products.category, createdAt: products.createdAt })
    .from(products)
    .where(keywordCondition(keyword))
    .orderBy(...newestFirst)
    .limit(atMost)
    .as('matches');
  const inOrder = sql`order by ${matches.createdAt} desc, ${matches.id} desc`;
  const [row] = await db
    .select({
      ids: sql<string | null>`string_agg(${matches.id}::text, '' ${inOrder})`,
      prices: sql<string | null>`string_agg(${matches.price}::text, ',' ${inOrder})`,
      categories: sql<string | null>`string_agg(${matches.category}, ',' ${inOrder})`,
    })
    .from(matches);
  if (!row?.ids) return { ids: '', prices: [], categories: [] };
  return { ids: row.ids, prices: row.prices!.split(',').map(Number), categories: row.categories!.split(',') };
}

/** The products with these ids, in no particular order; an id deleted meanwhile is left out. */
export function findProductsByIds(db: Db, ids: readonly string[]): Promise<ProductRow[]> {
  return db
    .select(shownColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export async function countProducts(db: Db, filter: ProductFilter): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(products).where(matching(filter));
  return Number(total);
}

/**
 * One page of matching products, newest first, and how many match in all. `countMatches` lets the
 * caller answer the count from a cache (it does not depend on the page).
 */
export async function findProductPage(
  db: Db,
  filter: ProductFilter,
  page: number,
  limit: number,
  countMatches: () => Promise<number> = () => countProducts(db, filter),
) {
  const where = matching(filter);
  const offset = (page - 1) * limit;
  const rows: ProductRow[] = await db
    .select(shownColumns)
    .from(products)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  // A short, non-empty (or first) page is the last one, so it tells the total: the count, which must test
  // every match (a few ms for a common keyword in 10,000 products on PGlite), is only run when more may follow.
  if (rows.length < limit && (rows.length > 0 || page === 1)) return { rows, total: offset + rows.length };
  return { rows, total: await countMatches() };
}

export async function findFeaturedProducts(db: Db, limit: number): Promise<ProductRow[]> {
  return db
    .select(shownColumns)
    .from(products)
    .where(eq(products.isFeatured, true))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function findProductById(db: Db | Tx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(shownColumns).from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** The product, locked until the transaction ends (an edit's audit line says what it replaced). */
export async function lockProductById(tx: Tx, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select(shownColumns).from(products).where(eq(products.id, id)).for('update');
  return row;
}

/**
 * A product and its newest reviews in one statement: a product page costs one round trip, which on the
 * embedded database (one connection for every request) is half the wait of two.
 */
export async function findProductWithReviews(
  db: Db,
  id: string,
  reviewLimit: number,
): Promise<{ row: ProductRow; reviews: ReviewRow[] } | undefined> {
  const newest = sql`select ${productReviews.id} as id, ${productReviews.name} as name, ${productReviews.rating} as rating,
      ${productReviews.comment} as comment, ${productReviews.createdAt} as "createdAt"
    from ${productReviews} where ${productReviews.productId} = ${products.id}
    order by ${productReviews.createdAt} desc, ${productReviews.id} desc limit ${reviewLimit}`;
  const [found] = await db
    .select({
      ...shownColumns,
      reviews: sql<
        StoredReview[] | string
      >`(select coalesce(json_agg(r order by r."createdAt" desc, r.id desc), '[]'::json) from (${newest}) r)`,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!found) return undefined;
  const { reviews, ...row } = found;
  const list: StoredReview[] = typeof reviews === 'string' ? JSON.parse(reviews) : reviews;
  return { row, reviews: list.map((review) => ({ ...review, createdAt: new Date(review.createdAt) })) };
}

/** A review as json_agg writes it: the time as ISO text. */
type StoredReview = Omit<ReviewRow, 'createdAt'> & { createdAt: string };

export function findReviews(db: Db, productId: string, limit: number): Promise<ReviewRow[]> {
  return db
    .select({
      id: productReviews.id,
      name: productReviews.name,
      rating: productReviews.rating,
      comment: productReviews.comment,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit);
}

export async function findRelatedProducts(
  db: Db,
  product: Pick<ProductRow, 'id' | 'category'>,
  limit: number,
): Promise<ProductRow[]> {
  return db
    .select(shownColumns)
    .from(products)
    .where(and(eq(products.category, product.category), ne(products.id, product.id)))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function insertProduct(db: Db | Tx, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row;
}

export async function updateProductRow(
  db: Db | Tx,
  id: string,
  values: Partial<ProductValues>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function deleteProductRow(db: Db | Tx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning(shownColumns);
  return row;
}

/**
 * Whether a product, or a past order's line (a customer's order page keeps its picture), still shows a
 * stored image (its URL may be relative or absolute, so match the file name).
 */
export async function isImageInUse(db: Db, storedName: string): Promise<boolean> {
  const pattern = `%${storedName}%`;
  const result = await db.execute(sql`select (
    exists (select 1 from ${products} where ${products.images}::text like ${pattern} or ${products.mainImage} like ${pattern})
    or exists (select 1 from ${orderItems} where ${orderItems.image} like ${pattern})
    or exists (select 1 from ${productVariants} where ${productVariants.image} like ${pattern})
  ) as used`);
  const [row] = rowsOf<{ used: boolean }>(result);
  return row?.used === true;
}

/** A customer may review what they ordered, unless that order was cancelled. */
export async function hasOrderedProduct(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), ne(orders.status, 'Cancelled')))
    .limit(1);
  return row !== undefined;
}

export async function hasReviewed(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)))
    .limit(1);
  return row !== undefined;
}

export async function insertReviewAndRate(
  tx: Tx,
  review: { productId: string; userId: string; name: string; rating: number; comment: string },
): Promise<ReviewRow> {
  const [row] = await tx.insert(productReviews).values(review).returning();
  await tx
    .update(products)
    .set({
      ratingTotal: sql`${products.ratingTotal} + ${review.rating}`,
      numReviews: sql`${products.numReviews} + 1`,
    })
    .where(eq(products.id, review.productId));
  return row;
}

/**
 * What the in-memory search index keeps of these products (every product without ids), with the creation
 * time in microseconds as the database orders by it.
 */
export async function findIndexedProducts(db: Db, ids?: readonly string[]): Promise<IndexedProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      createdAtMicros: sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint::text`,
      priceNgwee: products.priceNgwee,
      category: products.category,
      searchText: products.searchText,
    })
    .from(products)
    .where(ids ? inArray(products.id, [...ids]) : undefined);
  return rows.map((row) => ({ ...row, createdAtMicros: Number(row.createdAtMicros) }));
}

export async function countAllProducts(db: Db): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(products);
  return Number(total);
}

/**
 * What changes when a product is added, edited or deleted through any path that sets updated_at (the
 * shop's own writes do; stock and ratings do not touch it).
 */
export async function catalogueFingerprint(db: Db): Promise<string> {
  const [row] = await db
    .select({
      value: sql<string>`count(*)::text || '/' || coalesce(max(${products.updatedAt})::text, '') || '/' || coalesce(max(${products.createdAt})::text, '')`,
    })
    .from(products);
  return row?.value ?? '';
}

/** What is left of a product at its lowest: a plain product's stock, or its least stocked variant's. */
const leastLeft = sql<number>`coalesce((select min(v.count_in_stock) from ${productVariants} v where v.product_id = ${products.id}), ${products.countInStock})`;

/**
 * Products at or below their low-stock level (their own, else the shop's), fewest left first, and how many
 * in all. A product with options is low when any of its variants is (docs/decisions/067-sizes-and-sets.md);
 * a gift set never is (its stock is its parts', and they are listed).
 */
export async function findLowStockPage(
  db: Db,
  shopDefault: number,
  keyword: string | undefined,
  page: number,
  limit: number,
) {
  const where = and(
    sql`not ${products.isSet}`,
    sql`${leastLeft} <= coalesce(${products.lowStockThreshold}, ${shopDefault})`,
    keyword ? keywordCondition(keyword) : undefined,
  );
  const rows: ProductRow[] = await db
    .select(shownColumns)
    .from(products)
    .where(where)
    .orderBy(leastLeft, products.name, products.id)
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  return { rows, total: Number(total) };
}

/** The variants of these products at or below their product's level, fewest left first. */
export function findLowVariants(db: Db, productIds: readonly string[], shopDefault: number) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      optionValues: productVariants.optionValues,
      sku: productVariants.sku,
      countInStock: productVariants.countInStock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.productId, [...productIds]),
        sql`${productVariants.countInStock} <= coalesce(${products.lowStockThreshold}, ${shopDefault})`,
      ),
    )
    .orderBy(productVariants.countInStock, productVariants.position, productVariants.id);
}

/** The products with these SKUs (compared without case, as the unique index does), by lower-cased SKU. */
export async function findProductsBySkus(db: Db | Tx, skus: readonly string[]): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>();
  if (skus.length === 0) return found;
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  for (let i = 0; i < lowered.length; i += 1000) {
    const rows: ProductRow[] = await db
      .select(shownColumns)
      .from(products)
      .where(inArray(sql`lower(${products.sku})`, lowered.slice(i, i + 1000)));
    for (const row of rows) found.set(row.sku.toLowerCase(), row);
  }
  return found;
}
