import { eq, inArray, sql } from 'drizzle-orm';
import { formatKwacha, toKwacha, toNgwee } from '../../../shared/money';
import { productInputSchema, variantLabel } from '../../../shared/schemas/products';
import type { ProductImportRow } from '../../../shared/schemas/product-import';
import type { Db, Tx } from '../../db/client';
import { productVariants, products } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import type { ProductRow } from './serialize';
import { resummarise, type VariantRow } from './variant-queries';

/** A row of the import that names a product's size by its SKU (docs/decisions/067-sizes-and-sets.md). */
export interface ImportedVariant {
  variant: VariantRow;
  product: ProductRow;
  /** For a size that is not the default: what its row sets. */
  values?: { priceNgwee: number; countInStock: number; size: string | null };
}

/** The sizes with these SKUs (any case), each with its product. */
export async function findVariantsBySkus(db: Db, skus: readonly string[]): Promise<Map<string, ImportedVariant>> {
  const found = new Map<string, ImportedVariant>();
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  for (let i = 0; i < lowered.length; i += 1000) {
    const rows = await db
      .select({ variant: productVariants, product: products })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(sql`lower(${productVariants.sku})`, lowered.slice(i, i + 1000)));
    for (const { variant, product } of rows) {
      const { searchText: _unused, ...shown } = product;
      found.set(variant.sku.toLowerCase(), { variant, product: shown });
    }
  }
  return found;
}

type Given = Partial<Record<string, unknown>>;
const SIZE_FIELDS = ['price', 'countInStock', 'size'];

/**
 * A size's row (not the default's): its price, stock and size change the size; any other cell must say
 * what the product says, since it is the product's (the export writes it so) and changes on the product's row.
 */
export function planSize(report: ProductImportRow, given: Given, sizeOf: ImportedVariant) {
  const { product, variant } = sizeOf;
  const label = variantLabel(variant.optionValues);
  const named = { ...report, name: `${product.name} (${label})` };
  for (const [field, value] of Object.entries(given)) {
    if (SIZE_FIELDS.includes(field)) continue;
    const current = product[field as keyof ProductRow];
    const same = JSON.stringify(field === 'price' ? toKwacha(product.priceNgwee) : current) === JSON.stringify(value);
    if (!same && !(field === 'images' || field === 'mainImage'))
      named.errors.push(`This row is the ${label} size of ${product.name}: change ${field} on the product's own row.`);
  }
  const checked = productInputSchema.in.pick({ price: true, countInStock: true, size: true }).safeParse({
    price: given.price ?? toKwacha(variant.priceNgwee),
    countInStock: given.countInStock ?? variant.countInStock,
    size: given.size ?? variant.size,
  });
  if (!checked.success) for (const issue of checked.error.issues) named.errors.push(issue.message);
  if (named.errors.length > 0 || !checked.success) return { report: named };
  const values = {
    priceNgwee: toNgwee(checked.data.price),
    countInStock: checked.data.countInStock,
    size: checked.data.size || null,
  };
  const changes: string[] = [];
  if (values.priceNgwee !== variant.priceNgwee)
    changes.push(`price ${formatKwacha(toKwacha(variant.priceNgwee))} → ${formatKwacha(toKwacha(values.priceNgwee))}`);
  if (values.countInStock !== variant.countInStock)
    changes.push(`stock ${variant.countInStock} → ${values.countInStock}`);
  if (values.size !== variant.size) changes.push('size');
  return {
    report: { ...named, action: changes.length > 0 ? ('update' as const) : ('unchanged' as const), changes },
    current: product,
    variant: { ...sizeOf, values },
  };
}

/**
 * Writes a size's price, stock and size under its product's lock (held by the import) and keeps the
 * product's sum and "from" price; answers the product's new stock. `actor` null: the product's own row
 * follows, with its own audit line.
 */
export async function writeImportedVariant(
  tx: Tx,
  actor: AuditActor | null,
  product: ProductRow,
  variant: VariantRow,
  values: { priceNgwee: number; countInStock: number; size: string | null },
): Promise<number> {
  const [before] = await tx.select().from(productVariants).where(eq(productVariants.id, variant.id));
  await tx.update(productVariants).set(values).where(eq(productVariants.id, variant.id));
  const { countInStock: sum } = await resummarise(tx, product.id);
  if (actor)
    await recordAudit(tx, actor, {
      action: 'product.updated',
      subjectType: 'product',
      subjectId: product.id,
      summary: `${product.name} (${variantLabel(variant.optionValues)}): price ${formatKwacha(toKwacha(before.priceNgwee))} → ${formatKwacha(toKwacha(values.priceNgwee))}, stock ${before.countInStock} → ${values.countInStock} (imported)`,
      before: {
        variant: variant.id,
        priceNgwee: before.priceNgwee,
        countInStock: before.countInStock,
        size: before.size,
      },
      after: { variant: variant.id, ...values },
    });
  return sum;
}
