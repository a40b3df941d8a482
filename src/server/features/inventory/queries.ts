import { and, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { productVariants, products } from '../../db/schema';
import { nameWithVariant, variantLabel } from '../../../shared/schemas/products';

export interface LowStockProduct {
  /** The product's id. */
  id: string;
  /** For a product with options: the variant that is low (the name then says which: "Mungongo Oil (100 ml)"). */
  variant?: string;
  name: string;
  /** The product's SKU, or the variant's. */
  sku: string;
  countInStock: number;
  threshold: number;
}

/**
 * Marks the products whose stock is at or below their level and that no digest has named since they were
 * last above it, and answers them. One statement each for plain products and for variants: of several
 * instances running it at once, each is taken by exactly one (the row lock, and the condition checked
 * again after it). A product with options is named by its variants, each against the product's level
 * (docs/decisions/067-sizes-and-sets.md); a gift set never (its parts are).
 */
export async function takeNewlyLowStock(tx: Tx, shopDefault: number): Promise<LowStockProduct[]> {
  const plain = rowsOf<LowStockProduct>(
    await tx.execute(sql`
      update ${products} set low_stock_reported_at = now()
      where low_stock_reported_at is null and not is_set and jsonb_array_length(options) = 0
        and count_in_stock <= coalesce(low_stock_threshold, ${shopDefault})
      returning id, name, sku, count_in_stock as "countInStock", coalesce(low_stock_threshold, ${shopDefault}) as threshold`),
  );
  const variants = rowsOf<Omit<LowStockProduct, 'variant'> & { variant: string; optionValues: string[] }>(
    await tx.execute(sql`
      update ${productVariants} v set low_stock_reported_at = now()
      from ${products} p
      where p.id = v.product_id and v.low_stock_reported_at is null and not p.is_set
        and v.count_in_stock <= coalesce(p.low_stock_threshold, ${shopDefault})
      returning p.id, v.id as variant, p.name, v.option_values as "optionValues", v.sku,
        v.count_in_stock as "countInStock", coalesce(p.low_stock_threshold, ${shopDefault}) as threshold`),
  ).map(({ optionValues, name, ...row }) => ({ ...row, name: nameWithVariant(name, variantLabel(optionValues)) }));
  return [...plain, ...variants].sort((a, b) => a.countInStock - b.countInStock || a.name.localeCompare(b.name));
}

/** Products and variants back above their level may be named again the next time they fall. Answers how many. */
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
  const variants = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${productVariants} v set low_stock_reported_at = null
      from ${products} p
      where p.id = v.product_id and v.low_stock_reported_at is not null
        and v.count_in_stock > coalesce(p.low_stock_threshold, ${shopDefault})
      returning v.id`),
  );
  return cleared.length + variants.length;
}
