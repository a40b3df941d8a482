import { z } from 'zod';
import { text } from './common';
import { orderDeliverySchema } from './delivery';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  newShippingAddressSchema,
  orderSchema,
  shippingAddressSchema,
} from './orders';

/**
 * POST /orders/{id}/edit/preview and /edit (docs/decisions/070-order-edits.md): the whole order as it is to
 * be. A line left out is removed; prices come from the order (a line it holds keeps its price) or the
 * catalogue (a new line); delivery is the checkout's choice (an option and the address), absent: unchanged.
 */
export const EDIT_NOTE_MAX_LENGTH = 500;

export const editOrderLineSchema = z.object({
  productId: z.string({ error: 'Each line needs a productId' }).min(1, 'Each line needs a productId').max(64),
  variantId: z.string({ error: 'variantId must be the id of a size' }).max(64).optional(),
  qty: z
    .number({ error: 'qty must be a whole number' })
    .int('qty must be a whole number')
    .min(1, 'qty must be at least 1: leave a line out to remove it')
    .max(MAX_LINE_QUANTITY, `qty must be at most ${MAX_LINE_QUANTITY}`),
});

export const editOrderSchema = z.object({
  lines: z
    .array(editOrderLineSchema, { error: 'lines must be a list' })
    .min(1, 'An order needs at least one line: cancel it instead')
    .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} different products`),
  delivery: z
    .object({
      deliveryOption: z.string({ error: 'deliveryOption must be the id of a delivery option' }).max(64).optional(),
      shippingAddress: newShippingAddressSchema,
    })
    .optional(),
  note: text(EDIT_NOTE_MAX_LENGTH, 'note').min(1, 'Say why the order is changed (note)'),
});
export type EditOrderInput = z.infer<typeof editOrderSchema>;

/** A preview writes nothing, so it may come before the admin wrote why (the back office previews as she edits). */
export const previewOrderEditSchema = editOrderSchema.extend({
  note: text(EDIT_NOTE_MAX_LENGTH, 'note').optional(),
});
export type PreviewOrderEditInput = z.infer<typeof previewOrderEditSchema>;

const editLineSchema = z.object({
  product: z.string().nullable(),
  variant: z.string().nullable(),
  name: z.string(),
  unitPriceNgwee: z.number().int(),
  quantity: z.number().int(),
});

/** One side of an edit: the order's lines, delivery and figures, in ngwee. */
export const editSideSchema = z.object({
  lines: z.array(editLineSchema),
  delivery: orderDeliverySchema.nullable(),
  shippingAddress: shippingAddressSchema,
  itemsNgwee: z.number().int(),
  discountNgwee: z.number().int(),
  taxNgwee: z.number().int(),
  shippingNgwee: z.number().int(),
  totalNgwee: z.number().int(),
});
export type EditSide = z.infer<typeof editSideSchema>;

export const stockProblemSchema = z.object({
  message: z.string(),
  product: z.string(),
  variant: z.string().nullable(),
  countInStock: z.number().int().nullable(),
});

export const orderEditPreviewSchema = z.object({
  before: editSideSchema,
  after: editSideSchema,
  /** New total less old. */
  differenceNgwee: z.number().int(),
  /** A paid order: what it will owe (to collect). */
  balanceDueNgwee: z.number().int(),
  /** A paid order: what goes back to the shopper (to refund). */
  refundNgwee: z.number().int(),
  /** The order's discount code no longer takes anything off the new lines. */
  discountDropped: z.boolean(),
  /** Lines the stock cannot cover: the edit would be refused with the first. */
  stockProblems: z.array(stockProblemSchema),
});
export type OrderEditPreview = z.infer<typeof orderEditPreviewSchema>;

export const orderEditResultSchema = z.object({
  order: orderSchema,
  edit: orderEditPreviewSchema.omit({ stockProblems: true }).extend({
    _id: z.string(),
    /** The refund of the difference asked through the refunds' path, when the edit lowered a paid order. */
    refundId: z.string().nullable(),
  }),
});
export type OrderEditResult = z.infer<typeof orderEditResultSchema>;
