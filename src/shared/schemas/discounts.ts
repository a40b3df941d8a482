import { z } from 'zod';
import { CODE_PATTERN, DISCOUNT_KINDS, normaliseCode } from '../discounts';
import { text } from './common';

export const MAX_LIMITED_PRODUCTS = 200;
export const MAX_LIMITED_CATEGORIES = 50;
/** A fixed amount or minimum beyond this is a typing slip (the largest order is about K20 million). */
export const MAX_DISCOUNT_KWACHA = 1_000_000;

const CODE_RULE = 'code must be 3 to 32 letters, digits, - or _ (starting with a letter or digit)';

/** A code as typed by an admin or a shopper: case and surrounding spaces do not matter. */
export const discountCodeSchema = z
  .string({ error: 'code must be text' })
  .max(64, CODE_RULE)
  .transform(normaliseCode)
  .refine((code) => CODE_PATTERN.test(code), CODE_RULE);

const kwacha = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_DISCOUNT_KWACHA, `${label} must be at most ${MAX_DISCOUNT_KWACHA}`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${label} must be in whole ngwee (two decimals)`,
    });

const moment = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time such as 2026-12-01T00:00:00Z` }).nullable();

const uses = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1 (or null for no limit)`)
    .max(max, `${label} must be at most ${max}`)
    .nullable();

/** POST /discounts and PUT /discounts/{id}: a code's whole definition. */
export const discountInputSchema = z
  .object({
    code: discountCodeSchema,
    description: text(200, 'description').default(''),
    kind: z.enum(DISCOUNT_KINDS, { error: `kind must be one of ${DISCOUNT_KINDS.join(', ')}` }),
    /** percent: 1-100; fixed: kwacha; freeDelivery: 0 (ignored). */
    value: z.number({ error: 'value must be a number' }).min(0, 'value cannot be negative').max(MAX_DISCOUNT_KWACHA),
    minSubtotal: kwacha('minSubtotal').default(0),
    startsAt: moment('startsAt').default(null),
    endsAt: moment('endsAt').default(null),
    maxUses: uses('maxUses', 1_000_000).default(null),
    maxUsesPerCustomer: uses('maxUsesPerCustomer', 1_000).default(null),
    productIds: z
      .array(z.uuid({ error: 'productIds must hold product ids' }), { error: 'productIds must be a list' })
      .max(MAX_LIMITED_PRODUCTS, `a code may name at most ${MAX_LIMITED_PRODUCTS} products`)
      .default([]),
    categories: z
      .array(text(100, 'category').min(1, 'a category cannot be empty'), { error: 'categories must be a list' })
      .max(MAX_LIMITED_CATEGORIES, `a code may name at most ${MAX_LIMITED_CATEGORIES} categories`)
      .default([]),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'percent' && (!Number.isInteger(d.value) || d.value < 1 || d.value > 100))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percent discount must be a whole number from 1 to 100',
      });
    if (d.kind === 'fixed') {
      const parsed = kwacha('value').safeParse(d.value);
      if (!parsed.success || d.value <= 0)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `A fixed discount must be more than 0 and at most ${MAX_DISCOUNT_KWACHA}, in whole ngwee`,
        });
    }
    if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt' });
  });
export type DiscountInput = z.input<typeof discountInputSchema>;
export type DiscountDefinition = z.output<typeof discountInputSchema>;

/** A code as the back office reads it: its definition, uses so far, and when it was made and changed. */
export const discountSchema = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  minSubtotal: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  productIds: z.array(z.string()),
  categories: z.array(z.string()),
  isActive: z.boolean(),
  usesCount: z.number().int(),
  /** Ngwee taken off orders so far with this code. */
  discountGivenNgwee: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountListSchema = z.object({ discounts: z.array(discountSchema) });
export const discountIdParamsSchema = z.object({ id: z.string().max(64) });

/** POST /discounts/check: a code and the cart's lines (which product, how many; prices are the shop's). */
export const discountCheckSchema = z.object({
  code: z.string({ error: 'Please enter a code' }).max(64, 'This code is not valid.'),
  orderItems: z
    .array(
      z.object({
        product: z.string({ error: 'Each item needs a product id' }).min(1).max(64),
        /** The size chosen (docs/decisions/067-sizes-and-sets.md): the code is judged at that size's price. */
        variant: z.string({ error: 'variant must be the id of a variant' }).max(64).optional(),
        quantity: z.number({ error: 'quantity must be a whole number' }).int().min(1).max(1000),
      }),
      { error: 'orderItems must be a list' },
    )
    .min(1, 'Your cart is empty')
    .max(50, 'An order can hold at most 50 different products'),
});
export type DiscountCheckInput = z.infer<typeof discountCheckSchema>;

/**
 * What a code does to this cart: its terms and which of the cart's products it covers, so the cart can
 * work the discount out again (src/shared/discounts.ts) when a quantity changes, and the figures now.
 */
export const discountCheckAnswerSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** percent: 1-100; fixed: kwacha; freeDelivery: 0. */
  value: z.number(),
  minSubtotal: z.number(),
  eligibleProducts: z.array(z.string()),
  discountAmount: z.number(),
  freeDelivery: z.boolean(),
});
export type DiscountCheckAnswer = z.infer<typeof discountCheckAnswerSchema>;
