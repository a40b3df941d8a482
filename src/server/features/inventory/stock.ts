import type { Tx } from '../../db/client';
import { Conflict } from '../../lib/http-errors';
import { variantLabel } from '../../../shared/schemas/products';
import {
  applyMoves,
  lockForStock,
  refreshSetStock,
  variantsAndParts,
  type LockedProduct,
  type PartRow,
  type StockMove,
  type VariantRow,
} from './stock-queries';

export type { StockMove } from './stock-queries';

/** One line's quantity to take or return: a product, and its variant when it has options. */
export interface StockLine {
  productId: string;
  /** The variant named; null or absent: a plain product, or a product's default variant. */
  variantId?: string | null;
  quantity: number;
  /** What the customer knew the product as, for the message when it has gone. */
  name?: string | null;
  /** For a gift set's line being returned: what it took from the parts when it was sold. */
  stockTaken?: readonly StockMove[] | null;
}

/** What a line was sold as, read under the lock: the price to charge and what the order line keeps. */
export interface CataloguePrice {
  id: string;
  name: string;
  priceNgwee: number;
  image: string;
  /** The variant sold (a product with options), else null. */
  variantId: string | null;
  variantLabel: string | null;
  /** A set's line: what one set takes from each part; null for anything else. */
  partsPerUnit: StockMove[] | null;
}

/** The key of a line: its product, and its variant when one is named. */
export function lineKey(line: { productId: string; variantId?: string | null }): string {
  return line.variantId ? `${line.productId}/${line.variantId}` : line.productId;
}

const normalId = (id: string) => id.trim().toLowerCase();

/**
 * One line per product and variant, quantities added: a cart may list a product twice. Lines without a
 * product (deleted since the order) have no stock to move.
 */
export function stockLines(
  items: readonly {
    productId: string | null;
    variantId?: string | null;
    quantity: number;
    name?: string | null;
    stockTaken?: readonly StockMove[] | null;
  }[],
): StockLine[] {
  const lines = new Map<string, StockLine>();
  for (const item of items) {
    if (!item.productId) continue;
    // PostgreSQL reads a uuid in either case; one spelling keeps one line and one lock order per product.
    const productId = normalId(item.productId);
    const variantId = item.variantId ? normalId(item.variantId) : null;
    const key = lineKey({ productId, variantId });
    const line = lines.get(key);
    if (line) {
      line.quantity += item.quantity;
      line.name ||= item.name;
      if (item.stockTaken) line.stockTaken = [...(line.stockTaken ?? []), ...item.stockTaken];
    } else {
      lines.set(key, {
        productId,
        ...(variantId && { variantId }),
        quantity: item.quantity,
        name: item.name,
        ...(item.stockTaken && { stockTaken: item.stockTaken }),
      });
    }
  }
  return [...lines.values()];
}

/** A 409 naming the line that has gone: its product, and its size when the line named one. */
export function productNoLongerAvailable(productId: string, name?: string | null, variantId?: string | null) {
  return Conflict(`A product in your cart is no longer available: ${name || `product ${productId}`}`, {
    product: productId,
    ...(variantId && { variant: variantId }),
    name: name ?? null,
  });
}

interface Catalogue {
  products: Map<string, LockedProduct>;
  variants: Map<string, VariantRow[]>;
  parts: Map<string, PartRow[]>;
}

/** Locks what the lines can change and reads the variants and parts of what has them. */
async function lockCatalogue(tx: Tx, productIds: readonly string[]): Promise<Catalogue> {
  const products = await lockForStock(tx, [...new Set(productIds)]);
  const locked = [...products.values()];
  const { variants, parts } = await variantsAndParts(
    tx,
    locked.filter((p) => p.hasOptions).map((p) => p.id),
    locked.filter((p) => p.isSet).map((p) => p.id),
  );
  return { products, variants: groupBy(variants, (v) => v.productId), parts: groupBy(parts, (p) => p.setProductId) };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** The variant a line takes: the one named, or the default when none is; undefined when it is gone. */
function variantOf(catalogue: Catalogue, productId: string, variantId: string | null | undefined) {
  const variants = catalogue.variants.get(productId) ?? [];
  return variantId ? variants.find((v) => v.id === variantId) : variants.find((v) => v.isDefault);
}

/** What one unit of a line takes, or null when what it names is gone. */
function resolve(catalogue: Catalogue, line: StockLine): { price: CataloguePrice; perUnit: StockMove[] } | null {
  const product = catalogue.products.get(line.productId);
  if (!product) return null;
  const base = { id: product.id, name: product.name, priceNgwee: product.priceNgwee, image: product.image };
  if (product.isSet) {
    if (line.variantId) return null;
    const perUnit = (catalogue.parts.get(product.id) ?? []).map((part) => ({
      productId: part.productId,
      variantId: part.variantId,
      quantity: part.quantity,
    }));
    return { price: { ...base, variantId: null, variantLabel: null, partsPerUnit: perUnit }, perUnit };
  }
  if (product.hasOptions) {
    const variant = variantOf(catalogue, product.id, line.variantId);
    if (!variant) return null;
    return {
      price: {
        ...base,
        priceNgwee: variant.priceNgwee,
        image: variant.image || product.image,
        variantId: variant.id,
        variantLabel: variantLabel(variant.optionValues),
        partsPerUnit: null,
      },
      perUnit: [{ productId: product.id, variantId: variant.id, quantity: 1 }],
    };
  }
  if (line.variantId) return null;
  return {
    price: { ...base, variantId: null, variantLabel: null, partsPerUnit: null },
    perUnit: [{ productId: product.id, variantId: null, quantity: 1 }],
  };
}

/** The moves of many lines, one per product and variant, quantities added. */
function combined(moves: readonly StockMove[]): StockMove[] {
  const byKey = new Map<string, StockMove>();
  for (const move of moves) {
    const key = lineKey(move);
    const seen = byKey.get(key);
    if (seen) seen.quantity += move.quantity;
    else byKey.set(key, { ...move });
  }
  return [...byKey.values()];
}

/** How many of a thing are left now: a variant's or plain product's stock. */
function leftOf(catalogue: Catalogue, move: StockMove): number {
  if (move.variantId)
    return catalogue.variants.get(move.productId)?.find((v) => v.id === move.variantId)?.countInStock ?? 0;
  return catalogue.products.get(move.productId)?.countInStock ?? 0;
}

/** The sets among the locked products: their stock follows their parts'. */
function setsOf(catalogue: Catalogue): string[] {
  return [...catalogue.products.values()].filter((p) => p.isSet).map((p) => p.id);
}

/**
 * Takes every line from stock inside the caller's transaction, or throws a 409 naming the first line (in
 * product order) that is short or gone; the caller's transaction then rolls back whatever was taken. A
 * gift set's line takes its parts; a line without a variant takes the product's default variant
 * (docs/decisions/067-sizes-and-sets.md). Answers what each line (by lineKey) was sold as, and every product
 * whose stock may have changed (the sets holding a part included), for the catalogue's answers.
 */
export async function takeStock(
  tx: Tx,
  lines: readonly StockLine[],
): Promise<{ sold: Map<string, CataloguePrice>; changed: string[] }> {
  const ordered = [...lines].sort((a, b) => (lineKey(a) < lineKey(b) ? -1 : 1));
  const catalogue = await lockCatalogue(
    tx,
    ordered.map((l) => l.productId),
  );
  const sold = new Map<string, CataloguePrice>();
  const moves: StockMove[] = [];
  for (const line of ordered) {
    const resolved = resolve(catalogue, line);
    if (!resolved) throw productNoLongerAvailable(line.productId, line.name, line.variantId);
    sold.set(lineKey(line), resolved.price);
    for (const part of resolved.perUnit) moves.push({ ...part, quantity: part.quantity * line.quantity });
  }
  const short = await applyMoves(tx, combined(moves));
  if (short.length > 0) throw notEnough(catalogue, ordered, sold, short[0]);
  await refreshSetStock(tx, setsOf(catalogue));
  return { sold, changed: [...catalogue.products.keys()] };
}

/** The 409 for a short move, naming the line that asked for it and how many of that line can still be had. */
function notEnough(
  catalogue: Catalogue,
  lines: readonly StockLine[],
  sold: Map<string, CataloguePrice>,
  short: StockMove,
) {
  const line =
    lines.find((l) => {
      const price = sold.get(lineKey(l))!;
      return price.partsPerUnit
        ? price.partsPerUnit.some((p) => lineKey(p) === lineKey(short))
        : price.id === short.productId && price.variantId === short.variantId;
    }) ?? lines[0];
  const price = sold.get(lineKey(line))!;
  const left = price.partsPerUnit
    ? Math.min(...price.partsPerUnit.map((p) => Math.floor(leftOf(catalogue, p) / p.quantity)))
    : leftOf(catalogue, short);
  const name = price.variantLabel ? `${price.name} (${price.variantLabel})` : price.name;
  return Conflict(`Not enough stock for ${name}: only ${left} left`, {
    product: line.productId,
    ...(price.variantId ? { variant: price.variantId } : {}),
    name,
    countInStock: left,
  });
}

/**
 * Puts the lines back: a set's line returns what it took from its parts; a variant's line its variant, or
 * the default when that variant has gone since; a product deleted since, or a plain product that has
 * become a set, takes nothing back.
 */
export async function returnStock(tx: Tx, lines: readonly StockLine[]): Promise<{ changed: string[] }> {
  const productIds = lines.flatMap((l) => [l.productId, ...(l.stockTaken ?? []).map((m) => m.productId)]);
  if (productIds.length === 0) return { changed: [] };
  const catalogue = await lockCatalogue(tx, productIds);
  const moves: StockMove[] = [];
  const back = (productId: string, variantId: string | null, quantity: number) => {
    const product = catalogue.products.get(productId);
    if (!product || product.isSet) return;
    const variant = product.hasOptions
      ? (variantOf(catalogue, productId, variantId) ?? variantOf(catalogue, productId, null))
      : null;
    if (product.hasOptions && !variant) return;
    moves.push({ productId, variantId: variant?.id ?? null, quantity: -quantity });
  };
  for (const line of lines) {
    if (line.stockTaken) for (const m of line.stockTaken) back(m.productId, m.variantId, m.quantity);
    else back(line.productId, line.variantId ?? null, line.quantity);
  }
  if (moves.length > 0) await applyMoves(tx, combined(moves));
  await refreshSetStock(tx, setsOf(catalogue));
  return { changed: [...catalogue.products.keys()] };
}

/**
 * After a change to products' stock by hand (an edit, an import): the sets that hold them made what their
 * parts allow. The caller holds the products' locks through lockStockOf.
 */
export async function lockStockOf(tx: Tx, productIds: readonly string[]): Promise<{ sets: string[] }> {
  const products = await lockForStock(tx, productIds);
  return { sets: [...products.values()].filter((p) => p.isSet).map((p) => p.id) };
}

export { refreshSetStock } from './stock-queries';
