import { changedFields, kwachaOf, type AuditEntry } from '../audit';
import type { ProductValues } from './queries';
import type { ProductRow } from './serialize';

/** The audit trail's lines about products: price and stock said plainly, other fields named. */

/** Other fields as an admin calls them in the editor. */
const FIELD_WORDS: Record<string, string> = {
  category: 'category',
  description: 'description',
  sku: 'SKU',
  isFeatured: 'featured',
  brand: 'brand',
  ingredients: 'ingredients',
  benefits: 'benefits',
  size: 'size',
  howToUse: 'how to use',
  images: 'pictures',
  mainImage: 'main picture',
  lowStockThreshold: 'low-stock level',
};

/** What identifies a product in its created and deleted lines. */
const outline = (p: Pick<ProductRow, 'name' | 'sku' | 'category' | 'priceNgwee' | 'countInStock'>) => ({
  name: p.name,
  sku: p.sku,
  category: p.category,
  priceNgwee: p.priceNgwee,
  countInStock: p.countInStock,
});

export function productCreatedEntry(row: ProductRow): AuditEntry {
  return {
    action: 'product.created',
    subjectType: 'product',
    subjectId: row.id,
    summary: `New product ${row.name}: price ${kwachaOf(row.priceNgwee)}, stock ${row.countInStock}`,
    after: outline(row),
  };
}

export function productDeletedEntry(row: ProductRow): AuditEntry {
  return {
    action: 'product.deleted',
    subjectType: 'product',
    subjectId: row.id,
    summary: `Deleted product ${row.name} (was ${kwachaOf(row.priceNgwee)}, stock ${row.countInStock})`,
    before: outline(row),
  };
}

/** The changed fields only (the name always, to know the product); null when the save changed nothing. */
export function productUpdatedEntry(current: ProductRow, values: ProductValues): AuditEntry | null {
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, current[key as keyof ProductRow] ?? null]));
  const after = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? null]));
  const diff = changedFields(before, after, ['name']);
  if (!diff) return null;
  const parts: string[] = [];
  if (current.name !== values.name) parts.push(`name was ${current.name}`);
  if (current.priceNgwee !== values.priceNgwee)
    parts.push(`price ${kwachaOf(current.priceNgwee)} → ${kwachaOf(values.priceNgwee)}`);
  if (current.countInStock !== values.countInStock)
    parts.push(`stock ${current.countInStock} → ${values.countInStock}`);
  const saidAlready = ['name', 'priceNgwee', 'countInStock'];
  const others = Object.keys(diff.after).flatMap((key) => (saidAlready.includes(key) ? [] : [FIELD_WORDS[key] ?? key]));
  if (others.length > 0) parts.push(`${parts.length > 0 ? 'also changed' : 'changed'} ${others.join(', ')}`);
  return {
    action: 'product.updated',
    subjectType: 'product',
    subjectId: current.id,
    summary: `${values.name}: ${parts.join(', ')}`,
    ...diff,
  };
}
