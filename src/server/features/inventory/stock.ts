import type { Tx } from '../../db/client';
import { Conflict } from '../../lib/http-errors';
import { putBackInStock, stockOf, takeFromStock, type CataloguePrice } from './queries';

export type { CataloguePrice } from './queries';

/** One product's quantity to take or return. */
export interface StockLine {
  productId: string;
  quantity: number;
  /** What the customer knew the product as, for the message when it has gone. */
  name?: string | null;
}

/**
 * One line per product, quantities added: a cart may list a product twice, and every transaction
 * must lock each product once. Lines without a product (deleted since the order) have no stock to move.
 */
export function stockLines(
  items: readonly { productId: string | null; quantity: number; name?: string | null }[],
): StockLine[] {
  const lines = new Map<string, StockLine>();
  for (const item of items) {
    if (!item.productId) continue;
    // PostgreSQL reads a uuid in either case; one spelling keeps one line and one lock order per product.
    const productId = item.productId.trim().toLowerCase();
    const line = lines.get(productId);
    if (line) {
      line.quantity += item.quantity;
      line.name ||= item.name;
    } else {
      lines.set(productId, { productId, quantity: item.quantity, name: item.name });
    }
  }
  return [...lines.values()];
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

/** A product's name and what is left of it now, or null when it is gone. */
export function readStock(tx: Tx, productId: string): Promise<{ name: string; countInStock: number } | null> {
  return stockOf(tx, productId);
}

/**
 * Takes every line from stock inside the caller's transaction, in one statement, or throws a 409 naming
 * the first product (in lock order) that is short or gone; the caller's transaction then rolls back
 * whatever the statement did take.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<Map<string, CataloguePrice>> {
  const ordered = inLockOrder(lines);
  const taken = new Map((await takeFromStock(tx, ordered)).map((product) => [product.id, product]));
  const short = ordered.find((line) => !taken.has(line.productId));
  if (!short) return taken;
  const left = await readStock(tx, short.productId);
  if (!left) throw productNoLongerAvailable(short.productId, short.name);
  throw Conflict(`Not enough stock for ${left.name}: only ${left.countInStock} left`, {
    product: short.productId,
    name: left.name,
    countInStock: left.countInStock,
  });
}

export async function returnStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) await putBackInStock(tx, line.productId, line.quantity);
}
