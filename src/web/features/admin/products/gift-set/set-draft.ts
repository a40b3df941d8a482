import {
  MAX_SET_PART_QUANTITY,
  MAX_SET_PARTS,
  nameWithVariant,
  type Product,
  type ProductSummary,
  type SetPartsInput,
  type Variant,
} from '../../../../../shared/schemas/products';
import { wholeProblem } from '../typed-numbers';

/** One part of the set as the tab holds it. */
export interface PartRow {
  product: string;
  /** The variant the set takes; null: a plain product, or (with `options`) one not chosen yet. */
  variant: string | null;
  name: string;
  /** The part's options' names when it has any: a variant must be chosen. */
  options: string[];
  label: string | null;
  quantity: string;
  image: string;
  /** The part's stock (its variant's): how many sets it allows. */
  countInStock: number;
}

export const partKey = (row: Pick<PartRow, 'product' | 'variant'>) => `${row.product}/${row.variant ?? ''}`;

export function partsFromProduct(product: Pick<Product, 'isSet' | 'setParts'> | undefined): PartRow[] {
  if (!product?.isSet) return [];
  return (product.setParts ?? []).map((part) => ({
    product: part.product,
    variant: part.variant,
    name: part.name,
    // A saved part with a variant has options; which ones does not matter once the variant is chosen.
    options: part.variant ? ['Variant'] : [],
    label: part.label,
    quantity: String(part.quantity),
    image: part.image,
    countInStock: part.countInStock,
  }));
}

export function sameParts(a: readonly PartRow[], b: readonly PartRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, i) => partKey(row) === partKey(b[i]) && row.quantity.trim() === b[i].quantity.trim())
  );
}

/** The product picked in the search: a new part of 1, or one more of a part already there. */
export function addPart(rows: readonly PartRow[], product: ProductSummary): PartRow[] {
  const options = product.options ?? [];
  const row: PartRow = {
    product: product._id,
    variant: null,
    name: product.name,
    options,
    label: null,
    quantity: '1',
    image: product.mainImage || product.image,
    countInStock: product.countInStock,
  };
  // A product with options is added each time: its variant is chosen on the new row.
  const same = options.length === 0 ? rows.findIndex((r) => partKey(r) === partKey(row)) : -1;
  if (same < 0) return [...rows, row];
  return rows.map((r, i) =>
    i === same ? { ...r, quantity: String(Math.min(MAX_SET_PART_QUANTITY, (Number(r.quantity) || 0) + 1)) } : r,
  );
}

/** The part's variant chosen: its label, stock and picture. */
export function chooseVariant(rows: readonly PartRow[], index: number, variant: Variant): PartRow[] {
  return rows.map((row, i) =>
    i === index
      ? {
          ...row,
          variant: variant._id,
          label: variant.label,
          countInStock: variant.countInStock,
          image: variant.image || row.image,
        }
      : row,
  );
}

export const partName = (row: PartRow) => nameWithVariant(row.name, row.label);

/** The tab's parts as PUT /products/{id}/set-parts takes them, or what is wrong in plain words. */
export function readSetParts(rows: readonly PartRow[]): { input: SetPartsInput } | { problem: string } {
  if (rows.length > MAX_SET_PARTS) return { problem: `A gift set can hold at most ${MAX_SET_PARTS} products.` };
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.options.length > 0 && row.variant === null)
      return { problem: `Choose which ${row.options.join(' / ')} of ${row.name} the set holds.` };
    const quantity = wholeProblem(row.quantity, `How many of ${partName(row)}`, MAX_SET_PART_QUANTITY, 1);
    if (quantity) return { problem: quantity };
    if (seen.has(partKey(row))) return { problem: `${partName(row)} is in the set twice: add to its number instead.` };
    seen.add(partKey(row));
  }
  return {
    input: {
      parts: rows.map((row) => ({
        product: row.product,
        ...(row.variant && { variant: row.variant }),
        quantity: Number(row.quantity.trim()),
      })),
    },
  };
}

/**
 * How many sets these parts allow: the fewest any part can make (20 jars, 2 to a set: 10). The server
 * keeps this figure itself once saved; this is the tab's preview of it. Null while a part is unfinished.
 */
export function setsAllowed(rows: readonly PartRow[]): number | null {
  if (rows.length === 0) return null;
  let fewest = Infinity;
  for (const row of rows) {
    const quantity = Number(row.quantity.trim());
    if ((row.options.length > 0 && row.variant === null) || !Number.isInteger(quantity) || quantity < 1) return null;
    fewest = Math.min(fewest, Math.floor(Math.max(0, row.countInStock) / quantity));
  }
  return fewest;
}

/** "Can sell 4 sets now", "Can sell 1 set now", "Cannot sell any sets now". */
export function setsText(count: number): string {
  return count === 0 ? 'Cannot sell any sets now' : `Can sell ${count} ${count === 1 ? 'set' : 'sets'} now`;
}
