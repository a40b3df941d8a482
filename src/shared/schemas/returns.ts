import { z } from 'zod';
import {
  COURIER_PAID_BY,
  MAX_RETURN_WINDOW_DAYS,
  RETURN_CATEGORY_RULES,
  RETURN_NOTE_MAX_LENGTH,
  RETURN_OUTCOMES,
  RETURN_REASON_VALUES,
  RETURN_STATES,
} from '../returns';
import { CATEGORIES } from '../categories';
import { emptyToUndefined, limitQuery, pageQuery } from './common';

/** Settings: the days a shopper has to ask for a return after delivery or collection (0: returns off). */
export const returnWindowDaysSchema = z
  .number({ error: `returnWindowDays must be a whole number from 0 to ${MAX_RETURN_WINDOW_DAYS}` })
  .int(`returnWindowDays must be a whole number from 0 to ${MAX_RETURN_WINDOW_DAYS}`)
  .min(0, `returnWindowDays must be a whole number from 0 to ${MAX_RETURN_WINDOW_DAYS}`)
  .max(MAX_RETURN_WINDOW_DAYS, `returnWindowDays must be a whole number from 0 to ${MAX_RETURN_WINDOW_DAYS}`);

const categoryRule = z.enum(RETURN_CATEGORY_RULES, {
  error: `each category's return rule must be one of ${RETURN_CATEGORY_RULES.join(', ')}`,
});

/** Settings: what each category may send back, and who pays the courier when it is not the shop's fault. */
export const returnRulesSchema = z.object(
  {
    categories: z.object(
      Object.fromEntries(CATEGORIES.map((c) => [c, categoryRule])) as Record<
        (typeof CATEGORIES)[number],
        typeof categoryRule
      >,
      { error: `returnRules.categories must name a rule for each of ${CATEGORIES.join(', ')}` },
    ),
    courierPaidBy: z.enum(COURIER_PAID_BY, {
      error: `returnRules.courierPaidBy must be one of ${COURIER_PAID_BY.join(', ')}`,
    }),
  },
  { error: 'returnRules must be an object with categories and courierPaidBy' },
);

const qty = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1` })
    .int(`${label} must be a whole number from 1`)
    .min(1, `${label} must be a whole number from 1`)
    .max(10_000, `${label} is too large`);

const optionalNote = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(RETURN_NOTE_MAX_LENGTH, `${label} must be at most ${RETURN_NOTE_MAX_LENGTH} characters`)
    .optional();

const idText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(64);

/** POST /orders/{id}/returns (and its order-link twin). */
export const askReturnSchema = z
  .object({
    lines: z
      .array(z.object({ orderItemId: idText('orderItemId'), qty: qty('qty') }), {
        error: 'lines must be a list of { orderItemId, qty }',
      })
      .min(1, 'Choose at least one item to return')
      .max(100, 'lines has too many entries'),
    reason: z.enum(RETURN_REASON_VALUES, { error: `reason must be one of ${RETURN_REASON_VALUES.join(', ')}` }),
    note: optionalNote('note'),
    outcome: z.enum(RETURN_OUTCOMES, { error: 'outcome must be refund or exchange' }),
    exchange: z
      .array(
        z.object({
          productId: idText('productId'),
          variantId: idText('variantId').nullable().optional(),
          qty: qty('qty'),
        }),
        { error: 'exchange must be a list of { productId, variantId?, qty }' },
      )
      .max(20, 'exchange has too many entries')
      .optional(),
    photoId: idText('photoId').nullable().optional(),
    unopened: z.boolean({ error: 'unopened must be true or false' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'exchange' && !body.exchange?.length)
      ctx.addIssue({ code: 'custom', path: ['exchange'], message: 'Choose what you would like in exchange' });
    if (body.outcome === 'refund' && body.exchange?.length)
      ctx.addIssue({ code: 'custom', path: ['exchange'], message: 'exchange is only for an exchange' });
  });
export type AskReturnInput = z.input<typeof askReturnSchema>;

/** PUT /returns/{id}/accept: a note for the audit line, optional (no body at all is fine). */
export const acceptReturnSchema = z.object({ note: optionalNote('note') }).default({});
export const refuseReturnSchema = z.object({
  reason: z
    .string({ error: 'reason is required: say why the return is refused' })
    .trim()
    .min(1, 'reason is required: say why the return is refused')
    .max(RETURN_NOTE_MAX_LENGTH, `reason must be at most ${RETURN_NOTE_MAX_LENGTH} characters`),
});

const units = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 0` })
    .int(`${label} must be a whole number from 0`)
    .min(0, `${label} must be a whole number from 0`)
    .max(10_000, `${label} is too large`);

/** PUT /returns/{id}/receive: per returned line, how many go back on the shelf and how many are written off. */
export const receiveReturnSchema = z.object({
  lines: z
    .array(z.object({ lineId: idText('lineId'), restock: units('restock'), writeOff: units('writeOff') }), {
      error: 'lines must be a list of { lineId, restock, writeOff }',
    })
    .min(1, 'Say what came back for each line')
    .max(100, 'lines has too many entries'),
});

export const returnIdParamsSchema = z.object({ id: z.string() });

export const returnsListQuerySchema = z.object({
  state: z.preprocess(
    emptyToUndefined,
    z.enum(RETURN_STATES, { error: `state must be one of ${RETURN_STATES.join(', ')}` }).optional(),
  ),
  page: pageQuery,
  limit: limitQuery(20),
});

const whereSchema = z.object({ kind: z.enum(['pickup', 'courier']), text: z.string() });
const reasonOption = z.object({ value: z.string(), label: z.string() });

export const returnableSchema = z.object({
  open: z.boolean(),
  whyNot: z.string().nullable(),
  windowEndsAt: z.string().nullable(),
  where: whereSchema,
  reasons: z.array(reasonOption),
  lines: z.array(
    z.object({
      orderItemId: z.string(),
      productId: z.string().nullable(),
      variantId: z.string().nullable(),
      name: z.string(),
      variantText: z.string().nullable(),
      image: z.string(),
      qty: z.number().int(),
      returnableQty: z.number().int(),
      rule: z.enum(RETURN_CATEGORY_RULES),
      unitShareNgwee: z.number().int(),
    }),
  ),
});
export type Returnable = z.infer<typeof returnableSchema>;

export const returnSchema = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  state: z.enum(RETURN_STATES),
  outcome: z.enum(RETURN_OUTCOMES),
  reason: z.string(),
  reasonLabel: z.string(),
  note: z.string().nullable(),
  photoUrl: z.string().nullable(),
  unopened: z.boolean(),
  lines: z.array(
    z.object({
      id: z.string(),
      orderItemId: z.string(),
      productId: z.string().nullable(),
      variantId: z.string().nullable(),
      name: z.string(),
      variantText: z.string().nullable(),
      qty: z.number().int(),
      shareNgwee: z.number().int(),
      restocked: z.number().int(),
      writtenOff: z.number().int(),
    }),
  ),
  exchange: z.array(
    z.object({
      productId: z.string().nullable(),
      variantId: z.string().nullable(),
      name: z.string(),
      variantText: z.string().nullable(),
      qty: z.number().int(),
      priceNgwee: z.number().int(),
    }),
  ),
  amountNgwee: z.number().int(),
  refund: z.object({ id: z.string(), state: z.string(), amountNgwee: z.number().int() }).nullable(),
  replacementOrderId: z.string().nullable(),
  differenceNgwee: z.number().int().nullable(),
  where: whereSchema,
  refusalReason: z.string().nullable(),
  timeline: z.array(z.object({ state: z.enum(RETURN_STATES), at: z.string(), byName: z.string() })),
  createdAt: z.string(),
});
export type ReturnView = z.infer<typeof returnSchema>;

export const returnListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  shopperName: z.string(),
  shopperPhone: z.string(),
  state: z.enum(RETURN_STATES),
  outcome: z.enum(RETURN_OUTCOMES),
  reasonLabel: z.string(),
  amountNgwee: z.number().int(),
  units: z.number().int(),
  createdAt: z.string(),
});
export type ReturnListItem = z.infer<typeof returnListItemSchema>;

export const returnsListSchema = z.object({
  returns: z.array(returnListItemSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  counts: z.record(z.enum(RETURN_STATES), z.number().int()),
});

export const orderReturnsSchema = z.object({ returns: z.array(returnSchema) });
export const returnPhotoSchema = z.object({ photoId: z.string() });
