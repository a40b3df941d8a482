import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { setPartsInputSchema } from '../../../shared/schemas/products';
import type { Db } from '../../db/client';
import { productVariants, products, setParts } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { recordAudit, type AuditActor } from '../audit';
import { lockStockOf, refreshSetStock } from '../inventory';
import * as q from './queries';
import { toProduct, type ProductRow } from './serialize';
import { PRODUCT_NOT_FOUND, REVIEWS_SHOWN } from './service';
import { isPartOfASet, makeUpOf } from './variant-queries';

export type ParsedSetPartsInput = z.output<typeof setPartsInputSchema>;

const partNotFound = (id: string) => BadRequest(`Part ${id} is not a product of this shop`);

/**
 * PUT /products/{id}/set-parts. Makes the product a gift set of these parts (an empty list: an ordinary
 * product again, with no stock until some is counted in). Its stock is then what its parts allow, kept by
 * the stock module; its price stays its own. A set cannot be a part, nor a product with options a set.
 */
export async function saveSetParts(db: Db, setId: string, input: ParsedSetPartsInput, actor: AuditActor) {
  if (!isUuid(setId)) throw NotFound(PRODUCT_NOT_FOUND);
  const wanted = new Map<string, { productId: string; variantId: string | null; quantity: number }>();
  for (const part of input.parts) {
    const productId = part.product.trim().toLowerCase();
    const variantId = part.variant ? part.variant.trim().toLowerCase() : null;
    if (!isUuid(productId)) throw partNotFound(part.product);
    if (variantId !== null && !isUuid(variantId))
      throw BadRequest(`Variant ${part.variant} is not a variant of that part`);
    if (productId === setId.toLowerCase()) throw BadRequest('A set cannot be a part of itself');
    const key = `${productId}/${variantId ?? ''}`;
    const seen = wanted.get(key);
    wanted.set(key, { productId, variantId, quantity: (seen?.quantity ?? 0) + part.quantity });
  }
  const parts = [...wanted.values()];
  if (parts.some((p) => p.quantity > 99)) throw BadRequest('quantity must be at most 99');

  const row = await db.transaction(async (tx) => {
    await lockStockOf(tx, [setId, ...parts.map((p) => p.productId)]);
    const current = await q.findProductById(tx, setId);
    if (!current) throw NotFound(PRODUCT_NOT_FOUND);
    if (parts.length > 0 && current.options.length > 0)
      throw Conflict('A product with options cannot be a gift set: make it plain first');
    if (parts.length > 0 && (await isPartOfASet(tx, setId)))
      throw Conflict('This product is a part of a gift set, so it cannot be a set itself');
    const partProducts = new Map(
      (
        await tx
          .select({ id: products.id, name: products.name, isSet: products.isSet, options: products.options })
          .from(products)
          .where(inArray(products.id, parts.length > 0 ? parts.map((p) => p.productId) : [setId]))
      ).map((p) => [p.id, p]),
    );
    const variants = parts.some((p) => p.variantId)
      ? await tx
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            isDefault: productVariants.isDefault,
          })
          .from(productVariants)
          .where(
            inArray(
              productVariants.productId,
              parts.map((p) => p.productId),
            ),
          )
      : [];
    for (const part of parts) {
      const product = partProducts.get(part.productId);
      if (!product) throw partNotFound(part.productId);
      if (product.isSet) throw Conflict(`${product.name} is a gift set itself: a set's parts are single products`);
      if (product.options.length > 0 && part.variantId === null)
        throw BadRequest(`Choose which ${product.options.join(' / ')} of ${product.name} the set holds`);
      if (part.variantId !== null && !variants.some((v) => v.id === part.variantId && v.productId === part.productId))
        throw BadRequest(`Variant ${part.variantId} is not a variant of ${product.name}`);
    }
    await tx.delete(setParts).where(eq(setParts.setProductId, setId));
    if (parts.length > 0)
      await tx.insert(setParts).values(
        parts.map((p, position) => ({
          setProductId: setId,
          partProductId: p.productId,
          partVariantId: p.variantId,
          quantity: p.quantity,
          position,
        })),
      );
    const isSet = parts.length > 0;
    const [updated] = await tx
      .update(products)
      .set({ isSet, ...(current.isSet && !isSet && { countInStock: 0 }), updatedAt: sql`now()` })
      .where(eq(products.id, setId))
      .returning();
    if (isSet) await refreshSetStock(tx, [setId]);
    await recordAudit(tx, actor, {
      action: 'product.set-parts-changed',
      subjectType: 'product',
      subjectId: setId,
      summary: isSet
        ? `${current.name}: a gift set of ${parts.map((p) => `${p.quantity} × ${partProducts.get(p.productId)!.name}`).join(', ')}`
        : `${current.name}: no longer a gift set`,
      after: { parts },
    });
    return (await q.findProductById(tx, setId)) ?? updated;
  });
  return toProduct(row as ProductRow, await q.findReviews(db, setId, REVIEWS_SHOWN), await makeUpOf(db, row));
}
