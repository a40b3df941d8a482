import { formatKwacha, toKwacha } from '../../../shared/money';
import { productInputSchema, type ProductInput } from '../../../shared/schemas/products';
import {
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductImportReport,
  type ProductImportRow,
} from '../../../shared/schemas/product-import';
import type { Db } from '../../db/client';
import { CsvSyntaxError, parseCsv } from '../../lib/csv-parse';
import { BadRequest, Conflict, isUniqueViolation } from '../../lib/http-errors';
import { recordAudit, type AuditActor } from '../audit';
import { productCreatedEntry, productUpdatedEntry } from './product-audit';
import * as q from './queries';
import type { ProductRow } from './serialize';
import { productValues, storedImageNames, type ParsedProductInput } from './service';
import { lockStockOf, refreshSetStock } from '../inventory';
import { writeDefaultVariant } from './variant-queries';
import { findVariantsBySkus, planSize, writeImportedVariant, type ImportedVariant } from './variant-import';

/**
 * Product import from CSV: create and update by SKU, all or nothing. Each row is checked with
 * the product editor's own rules (the shared schema) before anything is written; a dry run stops there.
 * A blank cell leaves that field as it is (a new product gets the editor's default), so a sheet of only
 * SKU and Stock updates stock alone. The products export (reports) reads back in unchanged.
 */

type Field = keyof ProductInput;

/** Header words (lower case, letters and digits only) → field. The export's own headers are among them. */
const COLUMNS: Record<string, Field> = {
  sku: 'sku',
  name: 'name',
  product: 'name',
  productname: 'name',
  category: 'category',
  price: 'price',
  pricezmw: 'price',
  pricekwacha: 'price',
  stock: 'countInStock',
  countinstock: 'countInStock',
  instock: 'countInStock',
  quantity: 'countInStock',
  description: 'description',
  brand: 'brand',
  featured: 'isFeatured',
  isfeatured: 'isFeatured',
  size: 'size',
  ingredients: 'ingredients',
  benefits: 'benefits',
  howtouse: 'howToUse',
  lowstockat: 'lowStockThreshold',
  lowstocklevel: 'lowStockThreshold',
  lowstockthreshold: 'lowStockThreshold',
  images: 'images',
  image: 'images',
  imageurls: 'images',
  pictures: 'images',
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The export guards cells that a spreadsheet would run as formulas with an apostrophe: read them back without it. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell.trim());

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** "1,250.50", "K 95", "ZMW 95.5" and a decimal comma ("95,50") all read as kwacha; anything else stays text for the schema to refuse. */
function readPrice(cell: string): number | string {
  let text = cell.replace(/^(zmw|k)\s*/i, '').replace(/\s/g, '');
  if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : cell;
}

const readWhole = (cell: string): number | string => (/^\d+$/.test(cell) ? Number(cell) : cell);

/** One cell as the schema takes it; errors are left for the schema, which words them. */
function readCell(field: Field, cell: string): unknown {
  switch (field) {
    case 'price':
      return readPrice(cell);
    case 'countInStock':
    case 'lowStockThreshold':
      return readWhole(cell);
    case 'isFeatured':
      return YES.has(cell.toLowerCase()) ? true : NO.has(cell.toLowerCase()) ? false : cell;
    case 'images':
      return cell.split(/[|\s]+/).filter(Boolean);
    default:
      return cell;
  }
}

/**
 * The editor's input as a stored product is, so a row's cells can be laid over it. A product with sizes is
 * its default variant's row (the export writes it so): its stock there is the default's.
 */
function inputOf(row: ProductRow, defaultStock?: number): ProductInput {
  return {
    name: row.name,
    price: toKwacha(row.priceNgwee),
    category: row.category as ProductInput['category'],
    description: row.description,
    countInStock: defaultStock ?? row.countInStock,
    brand: row.brand,
    isFeatured: row.isFeatured,
    sku: row.sku,
    ingredients: row.ingredients,
    benefits: row.benefits,
    size: row.size,
    howToUse: row.howToUse,
    images: row.images,
    mainImage: row.images.includes(row.mainImage) ? row.mainImage : row.images[0],
    lowStockThreshold: row.lowStockThreshold,
  };
}

interface PlannedRow {
  report: ProductImportRow;
  input?: ParsedProductInput;
  current?: ProductRow;
  /** A row of one of a product's sizes (or its default): the variant its price, stock and size go to. */
  variant?: ImportedVariant;
}

/** Of a size's row only these cells change the size; the rest must say what its product says. */
const VARIANT_FIELDS: readonly Field[] = ['price', 'countInStock', 'size'];

const FIELD_WORDS: Partial<Record<Field, string>> = {
  isFeatured: 'featured',
  lowStockThreshold: 'low-stock level',
  howToUse: 'how to use',
  images: 'pictures',
};

/** Words for what an update changes, among the fields the row gives: price and stock with their figures, others by name. */
function changesOf(current: ProductRow, input: ParsedProductInput, given: Field[]): string[] {
  const values = productValues(input, current);
  const changes: string[] = [];
  for (const field of given) {
    if (field === 'price') {
      if (values.priceNgwee !== current.priceNgwee)
        changes.push(
          `price ${formatKwacha(toKwacha(current.priceNgwee))} → ${formatKwacha(toKwacha(values.priceNgwee))}`,
        );
    } else if (field === 'countInStock') {
      if (values.countInStock !== current.countInStock)
        changes.push(`stock ${current.countInStock} → ${values.countInStock}`);
    } else if (field === 'name') {
      if (values.name !== current.name) changes.push(`name "${current.name}" → "${values.name}"`);
    } else if (field in values) {
      const key = field as keyof typeof values & keyof ProductRow;
      if (JSON.stringify(values[key] ?? null) !== JSON.stringify(current[key] ?? null))
        changes.push(FIELD_WORDS[field] ?? field);
    }
  }
  return changes;
}

/** Checks every row against the shop's rules and the products stored now; writes nothing. */
export async function planImport(db: Db, csv: string): Promise<{ report: ProductImportReport; planned: PlannedRow[] }> {
  let table: string[][];
  try {
    table = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw BadRequest(`The file could not be read as CSV. ${error.message}`);
    throw error;
  }
  const [header, ...rows] = table;
  if (!header || rows.length === 0)
    throw BadRequest(
      'The file has no product rows: the first line names the columns (SKU, Name, Price...), then one product a line.',
    );
  if (rows.length > PRODUCT_IMPORT_MAX_ROWS)
    throw BadRequest(`The file has ${rows.length} product rows; import at most ${PRODUCT_IMPORT_MAX_ROWS} at a time.`);

  const fields: (Field | null)[] = header.map((h) => COLUMNS[headerKey(h)] ?? null);
  const ignoredColumns = header.filter((h, i) => fields[i] === null && h.trim() !== '').map((h) => h.trim());
  const twice = fields.filter((f, i) => f !== null && fields.indexOf(f) !== i);
  if (twice.length > 0) throw BadRequest(`More than one column gives ${twice[0]}: keep one.`);
  if (!fields.includes('sku'))
    throw BadRequest('The file needs a SKU column: products are matched by their SKU (the export has it).');

  const skuAt = fields.indexOf('sku');
  const skus = rows.map((r) => unguard(r[skuAt] ?? '')).filter(Boolean);
  const existing = await q.findProductsBySkus(db, skus);
  const variants = await findVariantsBySkus(db, skus);
  const seen = new Map<string, number>();
  const planned = rows.map((cells, index): PlannedRow => {
    const rowNumber = index + 2;
    const sku = unguard(cells[skuAt] ?? '');
    const given: Partial<Record<Field, unknown>> = {};
    fields.forEach((field, i) => {
      const cell = unguard(cells[i] ?? '');
      if (field && field !== 'sku' && cell !== '') given[field] = readCell(field, cell);
    });
    const sizeOf = sku ? variants.get(sku.toLowerCase()) : undefined;
    const current = sku ? (existing.get(sku.toLowerCase()) ?? sizeOf?.product) : undefined;
    const name = typeof given.name === 'string' ? given.name : (current?.name ?? '');
    const report: ProductImportRow = { row: rowNumber, sku, name, action: 'error', changes: [], errors: [] };
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== ''))
      report.errors.push('This row has more values than the header has columns.');
    if (!sku) report.errors.push('SKU is empty: every row needs the SKU of its product.');
    const earlier = seen.get(sku.toLowerCase());
    if (sku && earlier) report.errors.push(`SKU ${sku} is also on row ${earlier}.`);
    if (sku) seen.set(sku.toLowerCase(), rowNumber);

    if (current?.isSet && given.countInStock !== undefined && given.countInStock !== current.countInStock)
      report.errors.push("A gift set's stock comes from its parts: change the parts' stock.");
    if (sizeOf && !sizeOf.variant.isDefault) return planSize(report, given, sizeOf);
    const merged = current
      ? { ...inputOf(current, sizeOf?.variant.countInStock), ...given, sku: current.sku }
      : { ...given, sku };
    if (!current && given.images && !given.mainImage)
      (merged as ProductInput).mainImage = (given.images as string[])[0];
    if (current && given.images && !(given.images as string[]).includes(current.mainImage))
      (merged as ProductInput).mainImage = (given.images as string[])[0];
    const parsed = productInputSchema.safeParse(merged);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const message =
          issue.message === 'Please fill in all required fields'
            ? `${field} is required for a new product.`
            : issue.message;
        if (!report.errors.includes(message)) report.errors.push(message);
      }
    }
    if (report.errors.length > 0 || !parsed.success) return { report };
    if (!current) return { report: { ...report, action: 'create' }, input: parsed.data };
    const changes = changesOf(
      sizeOf ? { ...current, countInStock: sizeOf.variant.countInStock } : current,
      parsed.data,
      Object.keys(given) as Field[],
    );
    return {
      report: { ...report, action: changes.length > 0 ? 'update' : 'unchanged', changes },
      input: parsed.data,
      current,
      variant: sizeOf,
    };
  });

  const count = (action: ProductImportRow['action']) => planned.filter((p) => p.report.action === action).length;
  return {
    planned,
    report: {
      dryRun: true,
      applied: false,
      created: count('create'),
      updated: count('update'),
      unchanged: count('unchanged'),
      failed: count('error'),
      ignoredColumns,
      rows: planned.map((p) => p.report),
    },
  };
}

/**
 * Writes the planned creates and updates in one transaction, each with its audit line; answers the ids
 * written and the stored image names that updated products no longer show. A SKU taken meanwhile is a 409.
 */
export async function applyImport(
  db: Db,
  planned: PlannedRow[],
  actor: AuditActor,
): Promise<{ ids: string[]; droppedImageNames: string[] }> {
  try {
    return await db.transaction(async (tx) => {
      const ids: string[] = [];
      const dropped: string[] = [];
      // Every product the file changes, and the sets whose stock follows them, in the stock's lock order.
      const { sets } = await lockStockOf(
        tx,
        planned.flatMap((p) => (p.current && p.report.action === 'update' ? [p.current.id] : [])),
      );
      for (const { report, input, current, variant } of planned) {
        if ((!input && !variant?.values) || report.action === 'unchanged') continue;
        if (!current) {
          const created = await q.insertProduct(tx, productValues(input!));
          const entry = productCreatedEntry(created);
          await recordAudit(tx, actor, { ...entry, summary: `${entry.summary} (imported)` });
          ids.push(created.id);
          continue;
        }
        const locked = await q.findProductById(tx, current.id);
        if (!locked)
          throw Conflict(
            `The product with SKU ${current.sku} was deleted while the file was imported. Check the file again.`,
          );
        if (variant && !variant.variant.isDefault) {
          await writeImportedVariant(tx, actor, locked, variant.variant, variant.values!);
          ids.push(locked.id);
          continue;
        }
        const values = productValues(input!, locked);
        if (variant) {
          // A product with sizes: its row is its default's, and its stock the sum of its sizes'.
          values.countInStock = await writeImportedVariant(tx, null, locked, variant.variant, {
            priceNgwee: values.priceNgwee,
            countInStock: values.countInStock!,
            size: values.size ?? null,
          });
        }
        const updated = await q.updateProductRow(tx, locked.id, values);
        if (variant) await writeDefaultVariant(tx, updated!);
        const entry = productUpdatedEntry(locked, values);
        if (entry) await recordAudit(tx, actor, { ...entry, summary: `${entry.summary} (imported)` });
        ids.push(locked.id);
        const kept = new Set(storedImageNames(updated!));
        dropped.push(...storedImageNames(locked).filter((n) => !kept.has(n)));
      }
      await refreshSetStock(tx, sets);
      return { ids, droppedImageNames: dropped };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw Conflict('A SKU of the file was taken by another product meanwhile. Check the file again.');
    throw error;
  }
}
