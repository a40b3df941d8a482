import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { productVariants, products, setParts } from '../../db/schema';
import { toKwacha } from '../../../shared/money';
import { variantLabel, type SetPart, type Variant } from '../../../shared/schemas/products';
import type { ProductMakeUp, ProductRow } from './serialize';

export type VariantRow = typeof productVariants.$inferSelect;
export type SetPartRow = typeof setParts.$inferSelect;

export function variantsOf(db: Db | Tx, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

export function toVariant(row: VariantRow): Variant {
  return {
    _id: row.id,
    options: row.optionValues,
    label: variantLabel(row.optionValues),
    sku: row.sku,
    size: row.size,
    price: toKwacha(row.priceNgwee),
    countInStock: row.countInStock,
    image: row.image,
    isDefault: row.isDefault,
  };
}

/** A set's parts as a shopper reads them: each part's name, its variant's label, and how many are left of it. */
export async function partsOfSet(db: Db | Tx, setId: string): Promise<SetPart[]> {
  const rows = rowsOf<{
    product: string;
    variant: string | null;
    name: string;
    option_values: string[] | null;
    quantity: number;
    image: string;
    count_in_stock: number | string;
  }>(
    await db.execute(sql`
      select sp.part_product_id as product, sp.part_variant_id as variant, p.name, v.option_values, sp.quantity,
        coalesce(nullif(v.image, ''), nullif(p.main_image, ''), p.images->>0, '') as image,
        coalesce(v.count_in_stock, p.count_in_stock) as count_in_stock
      from set_parts sp
      join products p on p.id = sp.part_product_id
      left join product_variants v on v.id = sp.part_variant_id
      where sp.set_product_id = ${setId}
      order by sp.position`),
  );
  return rows.map((row) => ({
    product: row.product,
    variant: row.variant,
    name: row.name,
    label: row.option_values ? variantLabel(row.option_values) : null,
    quantity: Number(row.quantity),
    image: row.image,
    countInStock: Number(row.count_in_stock),
  }));
}

/** Whether another product, or another product's variant, already uses this SKU (any case). */
export async function skuTakenElsewhere(tx: Tx, productId: string, skus: readonly string[]): Promise<string | null> {
  if (skus.length === 0) return null;
  const lower = skus.map((s) => s.toLowerCase());
  const [product] = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(and(ne(products.id, productId), inArray(sql`lower(${products.sku})`, lower)))
    .limit(1);
  if (product) return product.sku;
  const [variant] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(ne(productVariants.productId, productId), inArray(sql`lower(${productVariants.sku})`, lower)))
    .limit(1);
  return variant?.sku ?? null;
}

/** The names of the sets that hold any of these variants (or this plain product), for a refusal. */
export async function setsHolding(
  tx: Tx,
  productId: string,
  variantIds: readonly string[] | 'the product',
): Promise<string[]> {
  const which =
    variantIds === 'the product'
      ? eq(setParts.partProductId, productId)
      : variantIds.length === 0
        ? sql`false`
        : inArray(setParts.partVariantId, [...variantIds]);
  const rows = await tx
    .selectDistinct({ name: products.name })
    .from(setParts)
    .innerJoin(products, eq(products.id, setParts.setProductId))
    .where(which);
  return rows.map((r) => r.name);
}

/** Whether this product is a part of some set (a set cannot be a part of another). */
export async function isPartOfASet(tx: Tx, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: setParts.setProductId })
    .from(setParts)
    .where(eq(setParts.partProductId, productId))
    .limit(1);
  return row !== undefined;
}

/** A set's parts that point at a product without naming a variant move to that variant (it gained options), or back. */
export async function repointParts(tx: Tx, productId: string, from: string | null, to: string | null): Promise<void> {
  await tx
    .update(setParts)
    .set({ partVariantId: to })
    .where(
      and(
        eq(setParts.partProductId, productId),
        from === null ? sql`${setParts.partVariantId} is null` : eq(setParts.partVariantId, from),
      ),
    );
}

/** A product's variants and a set's parts, read only when it has them (a plain product costs nothing more). */
export async function makeUpOf(db: Db | Tx, row: Pick<ProductRow, 'id' | 'options' | 'isSet'>): Promise<ProductMakeUp> {
  return {
    ...(row.options.length > 0 && { variants: (await variantsOf(db, row.id)).map(toVariant) }),
    ...(row.isSet && { setParts: await partsOfSet(db, row.id) }),
  };
}

/**
 * The text the product row keeps of its variants for the stored search column: each variant's SKU, size
 * and label, so a keyword search finds the product by any of them (docs/decisions/067-sizes-and-sets.md).
 */
export function variantTextOf(variants: readonly Pick<VariantRow, 'sku' | 'size' | 'optionValues'>[]): string {
  return variants.flatMap((v) => [v.sku, v.size ?? '', variantLabel(v.optionValues)]).join('\n');
}

/**
 * The one rule for what a product with options keeps of its variants (docs/decisions/067-sizes-and-sets.md):
 * the default's price, size and SKU, the sum of the stock, the lowest price when prices differ, and the
 * text the stored search column reads.
 */
export function variantSummaryOf(
  variants: readonly Pick<VariantRow, 'isDefault' | 'priceNgwee' | 'size' | 'sku' | 'countInStock' | 'optionValues'>[],
) {
  const chosen = variants.find((v) => v.isDefault) ?? variants[0];
  const prices = variants.map((v) => v.priceNgwee);
  return {
    priceNgwee: chosen.priceNgwee,
    size: chosen.size,
    sku: chosen.sku,
    countInStock: variants.reduce((sum, v) => sum + v.countInStock, 0),
    priceFromNgwee: prices.some((p) => p !== prices[0]) ? Math.min(...prices) : null,
    variantText: variantTextOf(variants),
  };
}

/** The product row made what its stored variants say now (its variants are under the caller's lock); answers it. */
export async function resummarise(tx: Tx, productId: string, also: { options?: string[] } = {}): Promise<ProductRow> {
  const [row] = await tx
    .update(products)
    .set({ ...also, ...variantSummaryOf(await variantsOf(tx, productId)), updatedAt: sql`now()` })
    .where(eq(products.id, productId))
    .returning();
  const { searchText: _readOnly, ...shown } = row;
  return shown;
}

/**
 * After an edit of a product with options through the spec's product form: its price, size and SKU are
 * the default variant's, so they are written there, and the product's summary follows.
 */
export async function writeDefaultVariant(tx: Tx, row: Pick<ProductRow, 'id' | 'priceNgwee' | 'size' | 'sku'>) {
  await tx
    .update(productVariants)
    .set({ priceNgwee: row.priceNgwee, size: row.size, sku: row.sku })
    .where(and(eq(productVariants.productId, row.id), eq(productVariants.isDefault, true)));
  await resummarise(tx, row.id);
}
