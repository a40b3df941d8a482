import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems } from '../../db/schema';
import { lineKey, type CataloguePrice, type StockMove } from '../inventory';
import type { OrderItemRow } from './queries';

/** What a line of `quantity` sets took from the set's parts, kept on the line; null for any other line. */
export function stockTakenBy(sold: CataloguePrice, quantity: number): StockMove[] | null {
  return sold.partsPerUnit?.map((part) => ({ ...part, quantity: part.quantity * quantity })) ?? null;
}

/** After an order's lines were taken again (a reopened order): each set's line keeps what it took this time. */
export async function keepStockTaken(
  tx: Tx,
  items: readonly OrderItemRow[],
  sold: ReadonlyMap<string, CataloguePrice>,
): Promise<void> {
  for (const item of items) {
    if (!item.productId) continue;
    const price = sold.get(
      lineKey({ productId: item.productId.toLowerCase(), variantId: item.variantId?.toLowerCase() }),
    );
    if (!price?.partsPerUnit) continue;
    await tx
      .update(orderItems)
      .set({ stockTaken: stockTakenBy(price, item.quantity) })
      .where(eq(orderItems.id, item.id));
  }
}
