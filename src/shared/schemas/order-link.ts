import { z } from 'zod';
import { MOBILE_MONEY_METHODS } from '../payment-methods';
import { fiscalReceiptSchema } from './orders';

/** GET /order-links/{token}: the 43-character signed token of an SMS link (checked by its MAC, not here). */
export const orderLinkParamsSchema = z.object({ token: z.string() });

export const howToPaySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('mobileMoney'),
    method: z.enum(MOBILE_MONEY_METHODS),
    methodLabel: z.string(),
    amount: z.number(),
    number: z.string(),
    accountName: z.string(),
    reference: z.string(),
  }),
  z.object({ kind: z.literal('card'), methodLabel: z.string(), amount: z.number(), reference: z.string() }),
  z.object({
    kind: z.literal('collection'),
    methodLabel: z.string(),
    amount: z.number(),
    reference: z.string(),
    place: z.string(),
  }),
]);

/**
 * The read-only order a signed link shows without logging in. A link may be forwarded, so it
 * carries nothing about the person: no name, address, phone, e-mail or payment transaction id.
 */
export const orderLinkViewSchema = z.object({
  _id: z.string(),
  /** The short number the customer quotes (first 8 characters of the id). */
  reference: z.string(),
  createdAt: z.string(),
  status: z.string(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  /** Money that went back to the shopper, in ngwee (docs/decisions/030-refunds.md). */
  refundedNgwee: z.number().int(),
  refundStatus: z.enum(['none', 'partly refunded', 'refunded']),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  /** The ZRA Smart Invoice receipt (decision 062): what the printed receipt shows, nothing of the person. */
  fiscalReceipt: fiscalReceiptSchema,
  orderItems: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      image: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      lineTotal: z.number(),
    }),
  ),
  itemsPrice: z.number(),
  /** The discount code used and what it took off the items before VAT; null and 0 without one. */
  discountCode: z.string().nullable(),
  discountPrice: z.number(),
  taxPrice: z.number(),
  shippingPrice: z.number(),
  totalPrice: z.number(),
  paymentMethod: z.string(),
  paymentMethodLabel: z.string(),
  /** While unpaid and not cancelled: where to send the money and the reference to quote. */
  howToPay: howToPaySchema.nullable(),
  /** When this link stops working (the customer can still log in). */
  linkExpiresAt: z.string(),
});
export type OrderLinkView = z.infer<typeof orderLinkViewSchema>;

export const ORDER_LINK_INVALID =
  'This order link is not valid. Please check that the whole link was copied, or log in to see your orders.';
export const ORDER_LINK_EXPIRED =
  'This order link has expired. Log in to see your order, or ask the shop for a new link.';
