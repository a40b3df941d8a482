import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Category } from '../../../shared/categories';
import { storedImageName } from '../../../shared/images';
import { toNgwee } from '../../../shared/money';
import {
  variantLabel,
  type LowStockList,
  type Product,
  type ProductList,
  type ProductSummary,
  type Review,
  type productInputSchema,
  type productListQuerySchema,
  type reviewInputSchema,
} from '../../../shared/schemas/products';
import type { Db } from '../../db/client';
import { BadRequest, Conflict, Forbidden, NotFound, isUniqueViolation } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit';
import { getShopSettings } from '../settings';
import type { ImageStore } from '../uploads';
import type { CatalogCache } from './catalog-cache';
import { pageOfMatches } from './search-facts';
import { productCreatedEntry, productDeletedEntry, productUpdatedEntry } from './product-audit';
import * as q from './queries';
import { toProduct, toProductSummary, toReview, type ProductRow } from './serialize';
import { lockStockOf, refreshSetStock } from '../inventory';
import { makeUpOf, writeDefaultVariant } from './variant-queries';

export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ParsedProductInput = z.output<typeof productInputSchema>;
export type ReviewInput = z.output<typeof reviewInputSchema>;

export const PRODUCT_NOT_FOUND = 'Product not found';
export const DEFAULT_BRAND = 'Forest Gold';
export const FEATURED_LIMIT = 8;
export const RELATED_LIMIT = 4;
export const REVIEWS_SHOWN = 50;

export const isProductId = isUuid;

const SKU_PREFIX: Record<Category, string> = {
  skincare: 'SKN',
  'body-care': 'BDY',
  'gift-sets': 'GFT',
  oil: 'OIL',
  lotion: 'LTN',
  essentials: 'ESS',
};
// No 0/O or 1/I so a SKU read aloud or copied from a label is not misread.
const SKU_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function generateSku(category: Category): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += SKU_ALPHABET[randomInt(SKU_ALPHABET.length)];
  return `${SKU_PREFIX[category]}-${code}`;
}

/**
 * One page of products. The in-memory search index answers first, with or without a keyword (decision
 * 013); it answers null for a non-ASCII keyword, a catalogue too large to hold, or while a change is
 * being read in. Then, with the catalogue cache, a keyword's matches are kept (see SearchFacts), so a
 * search reads only its page's rows by id, whatever the page, size, category or price range; counting
 * every match of a broad keyword, or walking the trigram matches in date order, was most of a search's
 * cost. A keyword that matches too many products to keep, and a list without keyword, read their page
 * from the database and take their count from the cache.
 */
export async function listProducts(db: Db, query: ProductListQuery, cache?: CatalogCache): Promise<ProductList> {
  const filter: q.ProductFilter = {
    keyword: query.keyword,
    category: query.category,
    minPriceNgwee: query.minPrice === undefined ? undefined : toNgwee(query.minPrice),
    maxPriceNgwee: query.maxPrice === undefined ? undefined : toNgwee(query.maxPrice),
  };
  const { products, total } = await findPage(db, filter, query.page, query.limit, cache);
  return {
    products,
    page: query.page,
    // At least one page, so "page 1 of 1" holds for an empty result too.
    pages: Math.max(1, Math.ceil(total / query.limit)),
    totalProducts: total,
  };
}

/**
 * The back office's "low stock" list: products at or below their level, fewest left first. A product with
 * options names the variants that are low (`lowVariants`); a plain product answers as in every list.
 */
export async function lowStockProducts(
  db: Db,
  query: { keyword?: string; page: number; limit: number },
): Promise<LowStockList> {
  const { lowStockThreshold } = await getShopSettings(db);
  const { rows, total } = await q.findLowStockPage(db, lowStockThreshold, query.keyword, query.page, query.limit);
  const withOptions = rows.filter((row) => row.options.length > 0).map((row) => row.id);
  const low = await q.findLowVariants(db, withOptions, lowStockThreshold);
  return {
    products: rows.map((row) => {
      const summary = toProductSummary(row);
      if (row.options.length === 0) return summary;
      const lowVariants = low
        .filter((v) => v.productId === row.id)
        .map((v) => ({ _id: v.id, label: variantLabel(v.optionValues), sku: v.sku, countInStock: v.countInStock }));
      return { ...summary, lowVariants };
    }),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    totalProducts: total,
  };
}

async function findPage(db: Db, filter: q.ProductFilter, page: number, limit: number, cache?: CatalogCache) {
  const fromDatabase = async (countMatches?: () => Promise<number>) => {
    const { rows, total } = await q.findProductPage(db, filter, page, limit, countMatches);
    return { products: rows.map(toProductSummary), total };
  };
  if (!cache) return fromDatabase();
  const { keyword } = filter;
  const cards = (ids: readonly string[]) =>
    cache.productCards.inOrder(ids, async (missing) => (await q.findProductsByIds(db, missing)).map(toProductSummary));
  const indexed = cache.search?.index?.page(keyword ?? '', filter, page, limit);
  if (indexed) return { products: await cards(indexed.ids), total: indexed.total };
  if (keyword) {
    const matches = await cache.searchFacts.keywordMatches(keyword, (atMost) =>
      q.findKeywordMatches(db, keyword, atMost),
    );
    if (matches !== 'broad') {
      const { ids, total } = pageOfMatches(matches, filter, page, limit);
      return { products: await cards(ids), total };
    }
  }
  const filterKey = JSON.stringify([
    keyword ?? null,
    filter.category ?? null,
    filter.minPriceNgwee ?? null,
    filter.maxPriceNgwee ?? null,
  ]);
  return fromDatabase(() => cache.searchFacts.count(filterKey, () => q.countProducts(db, filter)));
}

export async function featuredProducts(db: Db): Promise<ProductSummary[]> {
  return (await q.findFeaturedProducts(db, FEATURED_LIMIT)).map(toProductSummary);
}

export async function productDetail(db: Db, id: string): Promise<Product | null> {
  if (!isProductId(id)) return null;
  const found = await q.findProductWithReviews(db, id, REVIEWS_SHOWN);
  return found ? toProduct(found.row, found.reviews, await makeUpOf(db, found.row)) : null;
}

export async function relatedProducts(db: Db, id: string): Promise<ProductSummary[] | null> {
  if (!isProductId(id)) return null;
  const row = await q.findProductById(db, id);
  if (!row) return null;
  return (await q.findRelatedProducts(db, row, RELATED_LIMIT)).map(toProductSummary);
}

/** PUT replaces the product as the editor sends it, except that a missing SKU or brand keeps the current one. */
export function productValues(input: ParsedProductInput, current?: ProductRow): q.ProductValues {
  return {
    name: input.name,
    priceNgwee: toNgwee(input.price),
    category: input.category,
    description: input.description,
    countInStock: input.countInStock,
    sku: input.sku || current?.sku || generateSku(input.category),
    isFeatured: input.isFeatured,
    brand: input.brand || current?.brand || DEFAULT_BRAND,
    ingredients: input.ingredients,
    benefits: input.benefits,
    size: input.size || null,
    howToUse: input.howToUse,
    images: input.images,
    mainImage: input.mainImage,
    lowStockThreshold:
      input.lowStockThreshold === undefined ? (current?.lowStockThreshold ?? null) : input.lowStockThreshold,
  };
}

const SKU_IN_USE = 'SKU already in use';

/**
 * A product with options keeps its stock per variant, a gift set's comes from its parts: an edit may send
 * the stock as it is (the editor sends every field) but not change it (docs/decisions/067-sizes-and-sets.md).
 */
function refuseStockKeptElsewhere(current: ProductRow, countInStock: number): void {
  if (countInStock === current.countInStock) return;
  if (current.isSet) throw BadRequest("A gift set's stock comes from its parts: change the parts' stock");
  if (current.options.length > 0)
    throw BadRequest("This product's stock is kept per variant: change each variant's stock in its variants");
}

export async function createProduct(db: Db, input: ParsedProductInput, actor: AuditActor): Promise<Product> {
  // A generated SKU can collide with an existing one (1 in ~10^9); draw again rather than blame the admin.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const row = await db.transaction(async (tx) => {
        const created = await q.insertProduct(tx, productValues(input));
        await recordAudit(tx, actor, productCreatedEntry(created));
        return created;
      });
      return toProduct(row, []);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.sku || attempt >= 3) throw Conflict(SKU_IN_USE);
    }
  }
}

/** Updates the product and answers it with the stored names of the images it no longer shows. */
export async function updateProduct(
  db: Db,
  id: string,
  input: ParsedProductInput,
  actor: AuditActor,
): Promise<{ product: Product; droppedImageNames: string[] }> {
  if (!isProductId(id)) throw NotFound(PRODUCT_NOT_FOUND);
  let current: ProductRow, row: ProductRow;
  try {
    ({ current, row } = await db.transaction(async (tx) => {
      // In the stock's lock order: the product, and the sets whose stock follows it.
      const { sets } = await lockStockOf(tx, [id]);
      const found = await q.findProductById(tx, id);
      if (!found) throw NotFound(PRODUCT_NOT_FOUND);
      const values = productValues(input, found);
      refuseStockKeptElsewhere(found, values.countInStock!);
      const updated = await q.updateProductRow(tx, id, values);
      if (!updated) throw NotFound(PRODUCT_NOT_FOUND);
      if (found.options.length > 0) await writeDefaultVariant(tx, updated);
      await refreshSetStock(
        tx,
        sets.filter((setId) => setId !== id),
      );
      const entry = productUpdatedEntry(found, values);
      if (entry) await recordAudit(tx, actor, entry);
      return { current: found, row: updated };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(SKU_IN_USE);
    throw error;
  }
  const kept = new Set(storedImageNames(row));
  return {
    product: toProduct(row, await q.findReviews(db, id, REVIEWS_SHOWN), await makeUpOf(db, row)),
    droppedImageNames: storedImageNames(current).filter((name) => !kept.has(name)),
  };
}

export function storedImageNames(row: Pick<ProductRow, 'images' | 'mainImage'>): string[] {
  const names = [...row.images, row.mainImage].map(storedImageName).filter((n): n is string => n !== null);
  return [...new Set(names)];
}

/** Deletes the product; its order lines keep their copy of name, price and image, its reviews go with it. */
export async function deleteProduct(db: Db, id: string, actor: AuditActor): Promise<{ imageNames: string[] }> {
  if (!isProductId(id)) throw NotFound(PRODUCT_NOT_FOUND);
  const deleted = await db.transaction(async (tx) => {
    const { sets } = await lockStockOf(tx, [id]);
    const holding = sets.filter((setId) => setId !== id);
    if (holding.length > 0)
      throw Conflict('This product is a part of a gift set: take it out of the set before deleting it');
    const row = await q.deleteProductRow(tx, id);
    if (row) await recordAudit(tx, actor, productDeletedEntry(row));
    return row;
  });
  if (!deleted) throw NotFound(PRODUCT_NOT_FOUND);
  return { imageNames: storedImageNames(deleted) };
}

/** Removes the files of images a product no longer shows that no other product or past order shows. Storage trouble is only logged. */
export async function removeUnusedImages(db: Db, store: ImageStore, log: FastifyBaseLogger, names: readonly string[]) {
  for (const name of names) {
    try {
      if (!(await q.isImageInUse(db, name))) await store.deleteImage(name);
    } catch (err) {
      log.warn({ err, image: name }, 'could not remove an image no longer shown');
    }
  }
}

export const ONLY_BUYERS_REVIEW = 'Only customers who bought this product can review it';
export const ALREADY_REVIEWED = 'You have already reviewed this product';

export async function addReview(db: Db, user: CurrentUser, productId: string, input: ReviewInput): Promise<Review> {
  if (!isProductId(productId) || !(await q.findProductById(db, productId))) throw NotFound(PRODUCT_NOT_FOUND);
  if (!(await q.hasOrderedProduct(db, user.id, productId))) throw Forbidden(ONLY_BUYERS_REVIEW);
  if (await q.hasReviewed(db, user.id, productId)) throw Conflict(ALREADY_REVIEWED);
  try {
    const row = await db.transaction((tx) =>
      q.insertReviewAndRate(tx, {
        productId,
        userId: user.id,
        name: user.name,
        rating: input.rating,
        comment: input.comment,
      }),
    );
    return toReview(row);
  } catch (error) {
    // Two submits at once: the unique index on (product, user) lets only one in.
    if (isUniqueViolation(error)) throw Conflict(ALREADY_REVIEWED);
    if (isForeignKeyViolation(error)) throw NotFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
