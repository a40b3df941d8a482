import { and, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { products } from '../../db/schema';

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
