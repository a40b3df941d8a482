import { z } from 'zod';
import { CATEGORIES } from '../categories';
import { emptyToUndefined, keywordQuery, limitQuery, pageQuery, text } from './common';

export const MAX_PRODUCT_IMAGES = 4;
export const MAX_PRICE_KWACHA = 1_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

/** A low-stock alert level: a whole number from 0 (alert only when sold out) to MAX_LOW_STOCK_THRESHOLD. */
export const lowStockThresholdSchema = z
  .number({ error: 'lowStockThreshold must be a whole number' })
  .int('lowStockThreshold must be a whole number')
  .min(0, 'lowStockThreshold must be 0 or more')
  .max(MAX_LOW_STOCK_THRESHOLD, 'lowStockThreshold is too large');

/** Stock at or below the level is low; a product's own level wins over the shop's. */
export function isLowStock(
  product: { countInStock: number; lowStockThreshold: number | null },
  shopDefault: number,
): boolean {
  return product.countInStock <= (product.lowStockThreshold ?? shopDefault);
}

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
/** A missing required field gets the product editor's one message (SPEC §5); a wrong value gets its own. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? REQUIRED_FIELDS_MESSAGE : message;

export const categorySchema = z.enum(CATEGORIES, {
  error: requiredOr(`category must be one of ${CATEGORIES.join(', ')}`),
});

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** One variant of a product with options (docs/decisions/067-sizes-and-sets.md). */
export const variantSchema = z.object({
  _id: z.string(),
  /** One value per option of the product, in its order. */
  options: z.array(z.string()),
  /** The values as a shopper reads them: "250 ml" or "Large / Lemongrass". */
  label: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  price: z.number(),
  countInStock: z.number().int(),
  image: z.string(),
  isDefault: z.boolean(),
});
export type Variant = z.infer<typeof variantSchema>;

/** One part of a gift set: what one set takes from another product (and its variant). */
export const setPartSchema = z.object({
  product: z.string(),
  variant: z.string().nullable(),
  name: z.string(),
  label: z.string().nullable(),
  quantity: z.number().int(),
  image: z.string(),
  countInStock: z.number().int(),
});
export type SetPart = z.infer<typeof setPartSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  category: z.string(),
  description: z.string(),
  countInStock: z.number().int(),
  sku: z.string(),
  isFeatured: z.boolean(),
  brand: z.string(),
  rating: z.number(),
  numReviews: z.number().int(),
  ingredients: z.string(),
  benefits: z.string(),
  size: z.string().nullable(),
  howToUse: z.string(),
  images: z.array(z.string()),
  mainImage: z.string(),
  image: z.string(),
  /** The product's own low-stock alert level; null: the shop's default (settings). */
  lowStockThreshold: z.number().int().nullable(),
  /** Present only for a product with options: their names ("Size"); a plain product answers as the spec has it. */
  options: z.array(z.string()).optional(),
  /** With options: the lowest variant price when the variants' prices differ, for "from K 85.00". */
  priceFrom: z.number().optional(),
  /** With options (product page only): every variant. `price`, `size`, `sku` above are the default's. */
  variants: z.array(variantSchema).optional(),
  /** Present only for a gift set: true, and (product page only) its parts. */
  isSet: z.boolean().optional(),
  setParts: z.array(setPartSchema).optional(),
  reviews: z.array(reviewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** A product in a list (listing, featured, related): everything but the reviews, the variants and the set's parts. */
export const productSummarySchema = productSchema.omit({ reviews: true, variants: true, setParts: true });
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productListSchema = z.object({
  products: z.array(productSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  totalProducts: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** A size at or below its product's low-stock level, as the low-stock list names it (decision 067). */
export const lowVariantSchema = z.object({
  _id: z.string(),
  /** "100 ml": the list shows "Mungongo Oil (100 ml): 2 left". */
  label: z.string(),
  sku: z.string(),
  countInStock: z.number().int(),
});
export type LowVariant = z.infer<typeof lowVariantSchema>;

/**
 * GET /products/low-stock (admin): the spec's list. A plain product answers as it does everywhere; a
 * product with options adds `lowVariants`, its sizes at or below its level, fewest left first. A gift set
 * is never listed (its parts are).
 */
export const lowStockListSchema = productListSchema.extend({
  products: z.array(productSummarySchema.extend({ lowVariants: z.array(lowVariantSchema).optional() })),
});
export type LowStockList = z.infer<typeof lowStockListSchema>;
export type LowStockListProduct = LowStockList['products'][number];

const priceQuery = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be 0 or more`)
      .max(MAX_PRICE_KWACHA, `${label} is too large`)
      .optional(),
  );

export const productListQuerySchema = z
  .object({
    keyword: keywordQuery,
    category: z.preprocess(emptyToUndefined, categorySchema.optional()),
    page: pageQuery,
    limit: limitQuery(12),
    minPrice: priceQuery('minPrice'),
    maxPrice: priceQuery('maxPrice'),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be above maxPrice',
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** GET /products/low-stock (admin). */
export const lowStockQuerySchema = z.object({ keyword: keywordQuery, page: pageQuery, limit: limitQuery(10) });

/** Our own stored images, or an absolute http(s) URL; never javascript: or data: URLs. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(500, 'Image URL is too long')
  .refine((url) => /^\/uploads\/[A-Za-z0-9._-]+$/.test(url) || /^https?:\/\/[^\s]+$/i.test(url), {
    message: 'Image must be an uploaded image URL',
  });

const moneyKwacha = z
  .number({ error: requiredOr('price must be a number') })
  .min(0, 'price must be 0 or more')
  .max(MAX_PRICE_KWACHA, 'price is too large')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'price has at most 2 decimals' });

/** Body of POST /products and PUT /products/{id} (SPEC §7 "same as create"). */
export const productInputSchema = z
  .object({
    name: z
      .string({ error: requiredOr('name must be text') })
      .trim()
      .max(120, 'name is too long (at most 120 characters)')
      .min(1, REQUIRED_FIELDS_MESSAGE),
    price: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), moneyKwacha),
    category: categorySchema,
    description: text(5000, 'description').default(''),
    countInStock: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: requiredOr('countInStock must be a whole number') })
        .int('countInStock must be a whole number')
        .min(0, 'countInStock must be 0 or more')
        .max(MAX_STOCK, 'countInStock is too large'),
    ),
    image: imageUrlSchema.optional().or(z.literal('')),
    brand: text(80, 'brand').optional(),
    isFeatured: z.boolean().default(false),
    sku: text(40, 'sku').optional(),
    ingredients: text(2000, 'ingredients').default(''),
    benefits: text(2000, 'benefits').default(''),
    size: text(40, 'size').nullable().optional(),
    howToUse: text(2000, 'howToUse').default(''),
    images: z
      .array(imageUrlSchema, { error: 'Please upload 1-4 images.' })
      .min(1, 'Please upload 1-4 images.')
      .max(MAX_PRODUCT_IMAGES, 'You can upload up to 4 images.'),
    mainImage: imageUrlSchema.optional().or(z.literal('')),
    /** Blank or null: the shop's default; left out: as it is (PUT) or the default (POST). */
    lowStockThreshold: z.preprocess(
      (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      lowStockThresholdSchema.nullable().optional(),
    ),
  })
  .transform((p) => ({ ...p, mainImage: p.mainImage || p.image || p.images[0] }))
  .refine((p) => p.images.includes(p.mainImage), { message: 'Please select a main image.', path: ['mainImage'] });
export type ProductInput = z.input<typeof productInputSchema>;

export const reviewAddedSchema = z.object({ message: z.string(), review: reviewSchema });

export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a whole number from 1 to 5')
    .max(5, 'rating must be a whole number from 1 to 5'),
  comment: text(2000, 'comment').min(1, 'Please write a comment'),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const MAX_OPTIONS = 2;
export const MAX_VARIANTS = 30;
export const MAX_SET_PARTS = 10;
export const MAX_SET_PART_QUANTITY = 99;

const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 or more`)
      .max(max, `${label} is too large`),
  );

const optionName = text(30, 'option name').min(1, 'Each option needs a name');
const optionValue = text(40, 'option value').min(1, 'Each variant needs a value for every option');

/**
 * PUT /products/{id}/variants (admin): the product's options and every variant, in order. A variant with
 * an `_id` is that variant changed; without, a new one; a variant left out is removed. No options: the
 * product becomes plain again, with the default variant's price, stock, size and SKU.
 */
export const variantsInputSchema = z
  .object({
    options: z
      .array(optionName, { error: 'options must be a list of option names' })
      .max(MAX_OPTIONS, `A product can have at most ${MAX_OPTIONS} options`),
    variants: z
      .array(
        z.object({
          _id: z.string().max(64).optional(),
          options: z.array(optionValue, { error: 'options must be a list of values' }).max(MAX_OPTIONS),
          sku: text(40, 'sku').optional(),
          size: text(40, 'size').nullable().optional(),
          price: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), moneyKwacha),
          countInStock: wholeNumber('countInStock', MAX_STOCK),
          image: imageUrlSchema.optional().or(z.literal('')),
          isDefault: z.boolean().optional(),
        }),
        { error: 'variants must be a list' },
      )
      .max(MAX_VARIANTS, `A product can have at most ${MAX_VARIANTS} variants`),
  })
  .superRefine((input, ctx) => {
    const names = input.options.map((o) => o.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', message: 'Each option needs its own name' });
    if (input.options.length === 0) {
      if (input.variants.length > 1)
        ctx.addIssue({
          code: 'custom',
          message: 'Give the product an option (such as Size) to sell it in several variants',
        });
      return;
    }
    if (input.variants.length === 0)
      ctx.addIssue({ code: 'custom', message: 'A product with options needs at least one variant' });
    const seen = new Set<string>();
    for (const variant of input.variants) {
      if (variant.options.length !== input.options.length) {
        ctx.addIssue({ code: 'custom', message: 'Each variant needs a value for every option' });
        return;
      }
      const key = variant.options.map((v) => v.toLowerCase()).join('\n');
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: `Two variants are both ${variant.options.join(' / ')}` });
        return;
      }
      seen.add(key);
    }
    if (input.variants.filter((v) => v.isDefault).length > 1)
      ctx.addIssue({ code: 'custom', message: 'Only one variant can be the default' });
  });
export type VariantsInput = z.input<typeof variantsInputSchema>;

/** PUT /products/{id}/set-parts (admin): what one set takes; an empty list makes it an ordinary product again. */
export const setPartsInputSchema = z.object({
  parts: z
    .array(
      z.object({
        product: z.string({ error: 'Each part needs a product id' }).min(1).max(64),
        variant: z.string().max(64).nullable().optional(),
        quantity: z
          .number({ error: 'quantity must be a whole number' })
          .int('quantity must be a whole number')
          .min(1, 'quantity must be at least 1')
          .max(MAX_SET_PART_QUANTITY, `quantity must be at most ${MAX_SET_PART_QUANTITY}`),
      }),
      { error: 'parts must be a list' },
    )
    .max(MAX_SET_PARTS, `A set can hold at most ${MAX_SET_PARTS} parts`),
});
export type SetPartsInput = z.input<typeof setPartsInputSchema>;

// Without zod, for the storefront's bundle: re-exported for the server's imports.
export { initialVariant, nameWithVariant, variantLabel } from '../variants';
