import {
  MAX_OPTIONS,
  MAX_STOCK,
  MAX_VARIANTS,
  variantLabel,
  variantsInputSchema,
  type Product,
  type VariantsInput,
} from '../../../../../shared/schemas/products';
import { priceProblem, wholeProblem } from '../typed-numbers';

/** One variant as the grid holds it: text as typed, numbers parsed on save. */
export interface VariantRow {
  /** The grid's own key for the row (a saved variant's id, or one made for a new row). */
  key: string;
  /** The saved variant's id; none: a new variant. */
  _id?: string;
  /** One value per option, in the options' order. */
  values: string[];
  price: string;
  countInStock: string;
  sku: string;
  size: string;
  /** One of the product's images; empty: the product's main image. */
  image: string;
}

export interface SizesValues {
  /** The options' names ("Size", "Scent"), at most two; none: a plain product. */
  options: string[];
  variants: VariantRow[];
  /** The key of the variant shown first (its price is the product's). */
  defaultKey: string | null;
}

/** The product's own figures, which a plain product's one variant carries. */
export interface PlainFields {
  price: string;
  countInStock: string;
  sku: string;
  size: string;
}

export const PLAIN: SizesValues = { options: [], variants: [], defaultKey: null };

let made = 0;
/** A key for a new row, unique in this page. */
export const newRowKey = () => `new-${++made}`;

export function sizesFromProduct(product: Pick<Product, 'options' | 'variants'> | undefined): SizesValues {
  const options = product?.options ?? [];
  const variants = options.length > 0 ? (product?.variants ?? []) : [];
  if (variants.length === 0) return PLAIN;
  return {
    options: [...options],
    variants: variants.map((v) => ({
      key: v._id,
      _id: v._id,
      values: [...v.options],
      price: String(v.price),
      countInStock: String(v.countInStock),
      sku: v.sku,
      size: v.size ?? '',
      image: v.image,
    })),
    defaultKey: (variants.find((v) => v.isDefault) ?? variants[0])._id,
  };
}

const rowText = (row: VariantRow) =>
  [row._id ?? '', ...row.values, row.price, row.countInStock, row.sku, row.size, row.image].map((t) => t.trim());

/** Whether two states would save the same (keys of new rows aside). */
export function sameSizes(a: SizesValues, b: SizesValues): boolean {
  if (a.options.length !== b.options.length || a.variants.length !== b.variants.length) return false;
  if (a.options.some((name, i) => name.trim() !== b.options[i].trim())) return false;
  const defaultOf = (v: SizesValues) => v.variants.findIndex((row) => row.key === v.defaultKey);
  if (Math.max(0, defaultOf(a)) !== Math.max(0, defaultOf(b))) return false;
  return a.variants.every((row, i) => rowText(row).join('\n') === rowText(b.variants[i]).join('\n'));
}

/** "Size" alone: the variants are sizes; anything else: variants. */
export function variantWord(options: readonly string[], count: number): string {
  const sizes = options.length === 1 && options[0].trim().toLowerCase() === 'size';
  const word = sizes ? 'size' : 'variant';
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The row's name in messages and labels: its values, or its place while they are blank. */
export function rowName(values: SizesValues, row: VariantRow): string {
  const filled = row.values.map((v) => v.trim()).filter(Boolean);
  if (filled.length === row.values.length && filled.length > 0) return variantLabel(filled);
  return `variant ${values.variants.indexOf(row) + 1}`;
}

export function defaultRow(values: SizesValues): VariantRow | undefined {
  return values.variants.find((row) => row.key === values.defaultKey) ?? values.variants[0];
}

/** The stock of every variant together, counting only what reads as a whole number. */
export function stockSum(values: SizesValues): number {
  return values.variants.reduce((sum, row) => {
    const n = Number(row.countInStock.trim());
    return row.countInStock.trim() !== '' && Number.isInteger(n) && n >= 0 ? sum + n : sum;
  }, 0);
}

/** The first option of a plain product: one variant carrying the product's own price, stock, SKU and size. */
export function startOptions(fields: PlainFields, name = 'Size'): SizesValues {
  const key = newRowKey();
  return {
    options: [name],
    variants: [
      {
        key,
        values: [name.toLowerCase() === 'size' ? fields.size.trim() : ''],
        price: fields.price,
        countInStock: fields.countInStock,
        sku: fields.sku,
        size: fields.size,
        image: '',
      },
    ],
    defaultKey: key,
  };
}

/** A second option: every variant gets a blank value for it, to be filled in. */
export function addOption(values: SizesValues, name: string): SizesValues {
  if (values.options.length >= MAX_OPTIONS) return values;
  return {
    ...values,
    options: [...values.options, name],
    variants: values.variants.map((row) => ({ ...row, values: [...row.values, ''] })),
  };
}

/** An option taken away (not the last one): its values go from every variant. */
export function removeOption(values: SizesValues, index: number): SizesValues {
  return {
    ...values,
    options: values.options.filter((_, i) => i !== index),
    variants: values.variants.map((row) => ({ ...row, values: row.values.filter((_, i) => i !== index) })),
  };
}

/** A new variant, priced and imaged as the default one, with no stock yet. */
export function addVariant(values: SizesValues): SizesValues {
  const model = defaultRow(values);
  const key = newRowKey();
  const row: VariantRow = {
    key,
    values: values.options.map(() => ''),
    price: model?.price ?? '',
    countInStock: '0',
    sku: '',
    size: '',
    image: model?.image ?? '',
  };
  return { ...values, variants: [...values.variants, row], defaultKey: values.defaultKey ?? key };
}

export function removeVariant(values: SizesValues, key: string): SizesValues {
  const variants = values.variants.filter((row) => row.key !== key);
  return {
    ...values,
    variants,
    defaultKey: values.defaultKey === key ? (variants[0]?.key ?? null) : values.defaultKey,
  };
}

const distinct = (texts: string[]) => {
  const seen = new Map<string, string>();
  for (const text of texts)
    if (text.trim() && !seen.has(text.trim().toLowerCase())) seen.set(text.trim().toLowerCase(), text.trim());
  return [...seen.values()];
};

/**
 * With two options: a variant for every pair of the values already typed (100 ml and 250 ml, Lemongrass
 * and Rose: four). A new one takes the price of a variant of the same first value (sizes cost the same
 * whatever their scent), else the default's; its stock starts at 0. Answers the values unchanged when
 * nothing is missing or the list would pass the limit.
 */
export function withEveryCombination(values: SizesValues): SizesValues {
  if (values.options.length !== 2) return values;
  const firsts = distinct(values.variants.map((row) => row.values[0]));
  const seconds = distinct(values.variants.map((row) => row.values[1]));
  const keyOf = (a: string, b: string) => `${a.trim().toLowerCase()}\n${b.trim().toLowerCase()}`;
  const have = new Set(values.variants.map((row) => keyOf(row.values[0], row.values[1])));
  const model = defaultRow(values);
  const added: VariantRow[] = [];
  for (const first of firsts)
    for (const second of seconds) {
      if (have.has(keyOf(first, second))) continue;
      const sameFirst = values.variants.find((row) => row.values[0].trim().toLowerCase() === first.toLowerCase());
      added.push({
        key: newRowKey(),
        values: [first, second],
        price: (sameFirst ?? model)?.price ?? '',
        countInStock: '0',
        sku: '',
        size: sameFirst?.size ?? '',
        image: sameFirst?.image ?? '',
      });
    }
  if (added.length === 0 || values.variants.length + added.length > MAX_VARIANTS) return values;
  return { ...values, variants: [...values.variants, ...added] };
}

/** How many variants the helper would add (0: nothing to add, or too many for the limit). */
export function missingCombinations(values: SizesValues): number {
  return withEveryCombination(values).variants.length - values.variants.length;
}

/**
 * The tab's values as PUT /products/{id}/variants takes them, or what is wrong in plain words, naming
 * the variant. No options: the product made plain again, with the figures of its Basic Info.
 */
export function readSizes(values: SizesValues, plain: PlainFields): { input: VariantsInput } | { problem: string } {
  if (values.options.length === 0) {
    const price = priceProblem(plain.price, 'The price');
    if (price) return { problem: price };
    const stock = wholeProblem(plain.countInStock, 'The stock', MAX_STOCK);
    if (stock) return { problem: stock };
    return {
      input: {
        options: [],
        variants: [
          {
            options: [],
            price: Number(plain.price.trim()),
            countInStock: Number(plain.countInStock.trim()),
            sku: plain.sku.trim() || undefined,
            size: plain.size.trim() || null,
          },
        ],
      },
    };
  }
  const names = values.options.map((name) => name.trim());
  if (names.some((name) => name === '')) return { problem: 'Give each option a name, such as Size or Scent.' };
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length)
    return { problem: 'Give the two options different names.' };
  if (values.variants.length === 0) return { problem: 'Add at least one variant, or make the product plain.' };
  if (values.variants.length > MAX_VARIANTS) return { problem: `A product can have at most ${MAX_VARIANTS} variants.` };
  const seen = new Set<string>();
  for (const [i, row] of values.variants.entries()) {
    const blank = row.values.findIndex((value) => value.trim() === '');
    if (blank >= 0) return { problem: `Variant ${i + 1} needs a ${names[blank]}.` };
    const name = rowName(values, row);
    const same = row.values.map((v) => v.trim().toLowerCase()).join('\n');
    if (seen.has(same)) return { problem: `Two variants are both ${name}.` };
    seen.add(same);
    const price = priceProblem(row.price, `The price of ${name}`);
    if (price) return { problem: price };
    const stock = wholeProblem(row.countInStock, `The stock of ${name}`, MAX_STOCK);
    if (stock) return { problem: stock };
  }
  const chosen = defaultRow(values)!.key;
  const input: VariantsInput = {
    options: names,
    variants: values.variants.map((row) => ({
      ...(row._id && { _id: row._id }),
      options: row.values.map((v) => v.trim()),
      sku: row.sku.trim() || undefined,
      size: row.size.trim() || null,
      price: Number(row.price.trim()),
      countInStock: Number(row.countInStock.trim()),
      image: row.image,
      isDefault: row.key === chosen,
    })),
  };
  // The server's own rules (lengths, SKU text) as the last word, so the two never disagree.
  const checked = variantsInputSchema.safeParse(input);
  if (!checked.success) return { problem: checked.error.issues[0].message };
  return { input };
}
