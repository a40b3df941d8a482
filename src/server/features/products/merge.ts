import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '../../../shared/schemas/common';
import { variantLabel } from '../../../shared/schemas/products';
import type { Db, Tx } from '../../db/client';
import { discountCodes, orderItems, productReviews, productVariants, products, setParts } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { recordAudit, type AuditActor } from '../audit';
import { lockStockOf, refreshSetStock } from '../inventory';
import * as q from './queries';
import { toProduct, type ProductRow } from './serialize';
import { PRODUCT_NOT_FOUND, REVIEWS_SHOWN, storedImageNames } from './service';
import { makeUpOf, resummarise, variantsOf } from './variant-queries';

export const MAX_MERGED = 9;

/** POST /products/{id}/merge: separate size products made variants of this one (decision 067). */
export const mergeInputSchema = z.object({
  products: z
    .array(z.string().max(64), { error: 'products must be a list of product ids' })
    .min(1, 'Choose at least one product to merge into this one')
    .max(MAX_MERGED, `At most ${MAX_MERGED} products can be merged at once`),
  /** The option the products differ by; "Size" unless said. Ignored when this product already has one. */
  option: text(30, 'option').min(1).optional(),
  /** Each product's value of that option, by product id; otherwise its size text, else its name. */
  values: z.record(z.string().max(64), text(40, 'option value').min(1)).optional(),
});
export type MergeInput = z.output<typeof mergeInputSchema>;

/**
 * Makes each of the given plain products a variant of this one, keeping what they carried: their price,
 * stock, SKU, size and main image become the variant's; their order lines, reviews (one per customer: the
 * one this product has, else the first moved), places in gift sets and discount codes move to this product; then they are deleted. This
 * product, if plain, becomes its own default variant first. Answers the product and the stored image names
 * the merged products no longer show anywhere.
 */
export async function mergeProducts(db: Db, targetId: string, input: MergeInput, actor: AuditActor) {
  if (!isUuid(targetId)) throw NotFound(PRODUCT_NOT_FOUND);
  const sourceIds = [...new Set(input.products.map((id) => id.trim().toLowerCase()))];
  for (const id of sourceIds) if (!isUuid(id)) throw BadRequest(`Product ${id} is not a product of this shop`);
  if (sourceIds.includes(targetId.toLowerCase())) throw BadRequest('A product cannot be merged into itself');

  const { row, dropped } = await db.transaction(async (tx) => {
    const { sets } = await lockStockOf(tx, [targetId, ...sourceIds]);
    const target = await q.findProductById(tx, targetId);
    if (!target) throw NotFound(PRODUCT_NOT_FOUND);
    if (target.isSet) throw Conflict('A gift set cannot take sizes: merge into a single product');
    if (target.options.length > 1)
      throw Conflict(`${target.name} has two options: merge into a product with one option, or none`);
    const sources = await tx.select().from(products).where(inArray(products.id, sourceIds));
    const missing = sourceIds.find((id) => !sources.some((s) => s.id === id));
    if (missing) throw BadRequest(`Product ${missing} is not a product of this shop`);
    for (const source of sources) {
      if (source.isSet) throw Conflict(`${source.name} is a gift set: only single products can become sizes`);
      if (source.options.length > 0) throw Conflict(`${source.name} has sizes of its own: make it plain first`);
    }
    const option = target.options[0] ?? input.option ?? 'Size';
    const valueOf = (p: Pick<ProductRow, 'id' | 'size' | 'name'>) =>
      input.values?.[p.id] ?? input.values?.[p.id.toUpperCase()] ?? p.size ?? p.name;

    const existing = await variantsOf(tx, target.id);
    let position = existing.length;
    if (existing.length === 0) {
      const [own] = await tx
        .insert(productVariants)
        .values({
          productId: target.id,
          optionValues: [valueOf(target)],
          isDefault: true,
          position: position++,
          sku: target.sku,
          size: target.size,
          priceNgwee: target.priceNgwee,
          countInStock: target.countInStock,
          image: '',
        })
        .returning();
      await tx
        .update(setParts)
        .set({ partVariantId: own.id })
        .where(and(eq(setParts.partProductId, target.id), sql`${setParts.partVariantId} is null`));
    }
    const taken = new Set([...existing.map((v) => v.optionValues[0].toLowerCase()), valueOf(target).toLowerCase()]);
    for (const source of sources) {
      const value = valueOf(source);
      if (taken.has(value.toLowerCase()))
        throw Conflict(`Two sizes would both be ${value}: give each product its own value`);
      taken.add(value.toLowerCase());
      const [variant] = await tx
        .insert(productVariants)
        .values({
          productId: target.id,
          optionValues: [value],
          isDefault: false,
          position: position++,
          sku: source.sku,
          size: source.size,
          priceNgwee: source.priceNgwee,
          countInStock: source.countInStock,
          image: source.mainImage,
        })
        .returning();
      await moveWhatPointsAt(tx, source.id, target.id, variant.id, variantLabel([value]));
    }
    await recountRatings(tx, target.id);
    await resummarise(tx, target.id, { options: [option] });
    const all = await variantsOf(tx, target.id);
    await tx.delete(products).where(inArray(products.id, sourceIds));
    await refreshSetStock(
      tx,
      sets.filter((id) => id !== target.id && !sourceIds.includes(id)),
    );
    await recordAudit(tx, actor, {
      action: 'product.merged',
      subjectType: 'product',
      subjectId: target.id,
      summary: `${target.name}: ${sources.map((s) => `${s.name} as ${valueOf(s)}`).join(', ')} merged in as ${option}`,
      before: { products: sources.map((s) => ({ id: s.id, name: s.name, sku: s.sku, countInStock: s.countInStock })) },
      after: { options: [option], variants: all.map((v) => ({ id: v.id, options: v.optionValues, sku: v.sku })) },
    });
    return {
      row: (await q.findProductById(tx, target.id))!,
      dropped: sources.flatMap((s) => storedImageNames(s)),
    };
  });
  return {
    product: toProduct(row, await q.findReviews(db, row.id, REVIEWS_SHOWN), await makeUpOf(db, row)),
    droppedImageNames: dropped,
  };
}

/** Order lines, gift sets and discount codes that named the merged product now name the product and its variant. */
async function moveWhatPointsAt(tx: Tx, fromId: string, toId: string, variantId: string, label: string) {
  await tx
    .update(orderItems)
    .set({ productId: toId, variantId, variantLabel: label })
    .where(eq(orderItems.productId, fromId));
  await tx
    .update(setParts)
    .set({ partProductId: toId, partVariantId: variantId })
    .where(eq(setParts.partProductId, fromId));
  await tx
    .update(productReviews)
    .set({ productId: toId })
    .where(
      and(
        eq(productReviews.productId, fromId),
        sql`not exists (select 1 from product_reviews r where r.product_id = ${toId} and r.user_id = ${productReviews.userId})`,
      ),
    );
  await tx.execute(sql`
    update ${discountCodes} set product_ids = (
      select coalesce(jsonb_agg(distinct case when named.pid = ${fromId}::text then ${toId}::text else named.pid end), '[]'::jsonb)
      from jsonb_array_elements_text(product_ids) as named (pid))
    where product_ids ? ${fromId}::text`);
}

/** The product's rating from the reviews it now holds. */
async function recountRatings(tx: Tx, productId: string) {
  await tx.execute(sql`
    update products p set
      rating_total = coalesce((select sum(rating) from product_reviews where product_id = p.id), 0),
      num_reviews = (select count(*) from product_reviews where product_id = p.id)
    where p.id = ${productId}`);
}
