import { eq, notInArray, and, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Category } from '../../../shared/categories';
import { toNgwee } from '../../../shared/money';
import { type Product, type variantsInputSchema } from '../../../shared/schemas/products';
import type { Db, Tx } from '../../db/client';
import { productVariants, products } from '../../db/schema';
import { BadRequest, Conflict, NotFound, isUniqueViolation } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { recordAudit, type AuditActor } from '../audit';
import { lockStockOf, refreshSetStock } from '../inventory';
import * as q from './queries';
import { toProduct, type ProductRow } from './serialize';
import { PRODUCT_NOT_FOUND, REVIEWS_SHOWN, generateSku } from './service';
import {
  makeUpOf,
  repointParts,
  setsHolding,
  skuTakenElsewhere,
  resummarise,
  variantsOf,
  type VariantRow,
} from './variant-queries';

export type ParsedVariantsInput = z.output<typeof variantsInputSchema>;

interface PlannedVariant {
  id: string | null;
  optionValues: string[];
  sku: string;
  size: string | null;
  priceNgwee: number;
  countInStock: number;
  image: string;
  isDefault: boolean;
  position: number;
}

const SKU_IN_USE = (sku: string) => `SKU already in use: ${sku}`;

/**
 * PUT /products/{id}/variants. Replaces the product's options and variants as sent, under the product's
 * stock lock (the order of every stock change); the product row then keeps the default's price, size and
 * SKU and the sum of the stock. No options: the product is plain again, as its default variant was.
 */
export async function saveVariants(db: Db, productId: string, input: ParsedVariantsInput, actor: AuditActor) {
  if (!isUuid(productId)) throw NotFound(PRODUCT_NOT_FOUND);
  for (const v of input.variants)
    if (v._id !== undefined && !isUuid(v._id)) throw BadRequest(`Variant ${v._id} is not a variant of this product`);
  let product: ProductRow;
  try {
    product = await db.transaction(async (tx) => {
      const { sets } = await lockStockOf(tx, [productId]);
      const current = await q.findProductById(tx, productId);
      if (!current) throw NotFound(PRODUCT_NOT_FOUND);
      if (current.isSet && input.options.length > 0)
        throw Conflict('A gift set cannot have options: its parts have theirs');
      const existing = await variantsOf(tx, productId);
      const row =
        input.options.length === 0
          ? await becomePlain(tx, current, existing, input)
          : await keepVariants(tx, current, existing, input);
      await refreshSetStock(
        tx,
        sets.filter((id) => id !== productId),
      );
      await recordAudit(tx, actor, {
        action: 'product.variants-changed',
        subjectType: 'product',
        subjectId: productId,
        summary:
          input.options.length === 0
            ? `${current.name}: no options now (plain product)`
            : `${current.name}: ${input.variants.length} variants of ${input.options.join(' and ')}`,
        before: { options: current.options, variants: existing.map(auditVariant) },
        after: { options: row.options, variants: (await variantsOf(tx, productId)).map(auditVariant) },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict('SKU already in use');
    throw error;
  }
  return withMakeUp(db, product);
}

async function withMakeUp(db: Db, row: ProductRow): Promise<Product> {
  return toProduct(row, await q.findReviews(db, row.id, REVIEWS_SHOWN), await makeUpOf(db, row));
}

const auditVariant = (v: VariantRow) => ({
  id: v.id,
  options: v.optionValues,
  sku: v.sku,
  priceNgwee: v.priceNgwee,
  countInStock: v.countInStock,
});

/** Options kept: every variant written as sent, the rest removed (unless a set holds one). */
async function keepVariants(
  tx: Tx,
  current: ProductRow,
  existing: readonly VariantRow[],
  input: ParsedVariantsInput,
): Promise<ProductRow> {
  const known = new Map(existing.map((v) => [v.id, v]));
  const wasPlain = current.options.length === 0;
  const defaultIndex = Math.max(
    0,
    input.variants.findIndex((v) => v.isDefault),
  );
  const planned: PlannedVariant[] = input.variants.map((v, position) => {
    const id = v._id?.toLowerCase() ?? null;
    if (id !== null && !known.has(id)) throw BadRequest(`Variant ${v._id} is not a variant of this product`);
    const isDefault = position === defaultIndex;
    return {
      id,
      optionValues: v.options,
      // A product gaining options keeps its SKU on its default variant.
      sku:
        v.sku ||
        (id ? known.get(id)!.sku : isDefault && wasPlain ? current.sku : generateSku(current.category as Category)),
      size: v.size === undefined ? (id ? known.get(id)!.size : null) : v.size || null,
      priceNgwee: toNgwee(v.price),
      countInStock: v.countInStock,
      image: v.image ?? (id ? known.get(id)!.image : ''),
      isDefault,
      position,
    };
  });
  const ids = planned.flatMap((v) => (v.id ? [v.id] : []));
  const sentTwice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (sentTwice) throw BadRequest(`Variant ${sentTwice} is sent twice`);
  const skus = planned.map((v) => v.sku.toLowerCase());
  const twice = skus.find((sku, i) => skus.indexOf(sku) !== i);
  if (twice) throw Conflict(SKU_IN_USE(twice));
  const elsewhere = await skuTakenElsewhere(tx, current.id, skus);
  if (elsewhere) throw Conflict(SKU_IN_USE(elsewhere));

  const keptIds = planned.flatMap((v) => (v.id ? [v.id] : []));
  const removed = existing.filter((v) => !keptIds.includes(v.id));
  const holding = await setsHolding(
    tx,
    current.id,
    removed.map((v) => v.id),
  );
  if (holding.length > 0)
    throw Conflict(`A variant you removed is part of the gift set ${holding.join(', ')}: take it out of the set first`);
  if (removed.length > 0)
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.productId, current.id),
          notInArray(productVariants.id, keptIds.length > 0 ? keptIds : ['00000000-0000-0000-0000-000000000000']),
        ),
      );
  // Values may move between kept variants (two swap their sizes): first out of the way of the unique keys.
  if (keptIds.length > 0)
    await tx
      .update(productVariants)
      .set({
        optionValues: sql`to_jsonb(array[${productVariants.id}::text])`,
        sku: sql`${productVariants.id}::text`,
        isDefault: false,
      })
      .where(eq(productVariants.productId, current.id));
  for (const v of planned) {
    const values = {
      optionValues: v.optionValues,
      sku: v.sku,
      size: v.size,
      priceNgwee: v.priceNgwee,
      countInStock: v.countInStock,
      image: v.image,
      isDefault: v.isDefault,
      position: v.position,
    };
    if (v.id) await tx.update(productVariants).set(values).where(eq(productVariants.id, v.id));
    else {
      const [inserted] = await tx
        .insert(productVariants)
        .values({ ...values, productId: current.id })
        .returning({ id: productVariants.id });
      v.id = inserted.id;
    }
  }
  // A set that held the plain product now holds its default variant.
  if (wasPlain) await repointParts(tx, current.id, null, planned[defaultIndex].id);
  return resummarise(tx, current.id, { options: input.options });
}

/** No options: the product is plain again, with its default variant's (or the one sent's) figures. */
async function becomePlain(
  tx: Tx,
  current: ProductRow,
  existing: readonly VariantRow[],
  input: ParsedVariantsInput,
): Promise<ProductRow> {
  const kept = existing.find((v) => v.isDefault) ?? existing[0];
  const sent = input.variants[0];
  const holding = await setsHolding(
    tx,
    current.id,
    existing.filter((v) => v !== kept).map((v) => v.id),
  );
  if (holding.length > 0)
    throw Conflict(`A variant you removed is part of the gift set ${holding.join(', ')}: take it out of the set first`);
  const sku = sent?.sku || kept?.sku || current.sku;
  const elsewhere = await skuTakenElsewhere(tx, current.id, [sku]);
  if (elsewhere) throw Conflict(SKU_IN_USE(elsewhere));
  if (kept) await repointParts(tx, current.id, kept.id, null);
  await tx.delete(productVariants).where(eq(productVariants.productId, current.id));
  const [row] = await tx
    .update(products)
    .set({
      options: [],
      priceFromNgwee: null,
      variantText: '',
      sku,
      priceNgwee: sent ? toNgwee(sent.price) : (kept?.priceNgwee ?? current.priceNgwee),
      size: sent ? sent.size || null : (kept?.size ?? current.size),
      countInStock: current.isSet
        ? current.countInStock
        : sent
          ? sent.countInStock
          : (kept?.countInStock ?? current.countInStock),
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, current.id))
    .returning();
  return row;
}
