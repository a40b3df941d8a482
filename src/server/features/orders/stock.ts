import type { Tx } from '../../db/client';
import { Conflict } from '../../lib/http-errors';
import { putBackInStock, stockOf, takeFromStock, type CataloguePrice } from './queries';

export interface StockLine {
  productId: string;
  quantity: number;
  /** What the customer knew the product as, for the message when it has gone. */
  name?: string | null;
}

export function productNoLongerAvailable(productId: string, name?: string | null) {
  return Conflict(`A product in your cart is no longer available: ${name || `product ${productId}`}`, {
    product: productId,
    name: name ?? null,
  });
}

/** Lines in product id order: every transaction locks products in the same order, so two never deadlock. */
function inLockOrder(lines: readonly StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/**
 * Takes every line from stock inside the caller's transaction, or throws a 409 naming the first product
 * that is short (the caller's transaction then rolls back what was already taken).
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<Map<string, CataloguePrice>> {
  const taken = new Map<string, CataloguePrice>();
  for (const line of inLockOrder(lines)) {
    const product = await takeFromStock(tx, line.productId, line.quantity);
    if (product) {
      taken.set(line.productId, product);
      continue;
    }
    const left = await stockOf(tx, line.productId);
    if (!left) throw productNoLongerAvailable(line.productId, line.name);
    throw Conflict(`Not enough stock for ${left.name}: only ${left.countInStock} left`, {
      product: line.productId,
      name: left.name,
      countInStock: left.countInStock,
    });
  }
  return taken;
}

export async function returnStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) await putBackInStock(tx, line.productId, line.quantity);
}
