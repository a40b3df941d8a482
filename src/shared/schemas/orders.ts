import { z } from 'zod';
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS, type OrderChannel } from '../order-status';

export type { OrderChannel };
import { NOT_A_ZAMBIAN_MOBILE, readZambianMobile } from '../phone-numbers';
import { COLLECTION_PAYMENTS } from '../payment-methods';
import { keywordQuery, limitQuery, pageQuery, text } from './common';
import { orderDeliverySchema } from './delivery';

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 1000;

export const shippingAddressSchema = z.object({
  address: text(200, 'address').min(5, 'Address is required'),
  city: text(100, 'city').min(2, 'City is required'),
  province: text(100, 'province').min(2, 'Province is required'),
  zipCode: text(20, 'zipCode').min(1, 'Postal/ZIP code is required'),
  phoneNumber: text(20, 'phoneNumber').min(10, 'Phone number is required'),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * The phone of a new order: SPEC's 'Phone number is required' below 10 characters, otherwise the shop's one
 * rule for Zambian mobiles (sign-in and the pay panel word it alike). Kept as typed. Stored orders are read
 * with shippingAddressSchema, which does not re-check: an older order with another number still shows.
 */
export const orderPhoneNumberSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(10, { message: 'Phone number is required', abort: true })
  .max(40, { message: NOT_A_ZAMBIAN_MOBILE, abort: true })
  .refine((typed) => readZambianMobile(typed).ok, NOT_A_ZAMBIAN_MOBILE);

/** The address of a new order, as the checkout form and POST /orders check it. */
export const newShippingAddressSchema = shippingAddressSchema.extend({ phoneNumber: orderPhoneNumberSchema });

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}`,
});
export const orderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of ${ORDER_STATUSES.join(', ')}`,
});

/** What the client may say about a line: only which product and how many. Name, price and image come from the database. */
export const orderItemInputSchema = z.object({
  product: z.string({ error: 'Each item needs a product id' }).min(1).max(64),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
  /** The variant chosen, for a product with options (docs/decisions/067-sizes-and-sets.md); absent: its default. */
  variant: z.string({ error: 'variant must be the id of a variant' }).max(64).optional(),
  name: z.string().optional(),
  image: z.string().optional(),
  price: z.number().optional(),
});

const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0)
    .max(100_000_000);

export const placeOrderSchema = z.object({
  orderItems: z
    .array(orderItemInputSchema, { error: 'orderItems must be a list' })
    .min(1, 'Your cart is empty')
    .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} different products`),
  shippingAddress: newShippingAddressSchema,
  paymentMethod: paymentMethodSchema,
  /** The delivery option chosen at checkout (GET /delivery-options); absent: the first one offered. */
  deliveryOption: z.string({ error: 'deliveryOption must be the id of a delivery option' }).max(64).optional(),
  taxAmount: amount('taxAmount').optional(),
  shippingAmount: amount('shippingAmount').optional(),
  totalAmount: amount('totalAmount'),
  /** A discount code (one per order); the server judges it again and records it with the order. */
  discountCode: z.string({ error: 'discountCode must be text' }).max(64, 'This code is not valid.').optional(),
  discountAmount: amount('discountAmount').optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const orderItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  image: z.string(),
  price: z.number(),
  product: z.string().nullable(),
  /** Only on a line of a product with options: the variant sold and its label ("250 ml"). */
  variant: z.string().nullable().optional(),
  variantLabel: z.string().optional(),
});

/** The longest reason an admin may give for marking an order paid by hand. */
export const PAYMENT_NOTE_MAX_LENGTH = 500;

export const markedPaidSchema = z.object({
  /** The admin's account; null once it was deleted (the name stays). */
  by: z.object({ _id: z.string().nullable(), name: z.string() }),
  at: z.string(),
  /** Null for marks made before a reason was asked. */
  note: z.string().nullable(),
});
export type MarkedPaid = z.infer<typeof markedPaidSchema>;

/**
 * The order's ZRA Smart Invoice receipt (docs/decisions/062-smart-invoice.md): pending until the device
 * signed its sale (failed: the device refused it and an admin is on it), then what the printed receipt
 * must show. not-required: an unpaid order, or Smart Invoice was off when it was paid. Fields are null
 * until issued.
 */
export const fiscalReceiptSchema = z.object({
  status: z.enum(['pending', 'issued', 'failed', 'not-required']),
  receiptNo: z.number().int().nullable(),
  totalReceiptNo: z.number().int().nullable(),
  sdcId: z.string().nullable(),
  internalData: z.string().nullable(),
  signature: z.string().nullable(),
  issuedAt: z.string().nullable(),
  qrCodeUrl: z.string().nullable(),
});
export type FiscalReceipt = z.infer<typeof fiscalReceiptSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }).nullable(),
  orderItems: z.array(orderItemSchema),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.string(),
  itemsPrice: z.number(),
  taxPrice: z.number(),
  taxAmount: z.number(),
  shippingPrice: z.number(),
  shippingAmount: z.number(),
  /** The discount code used (upper-case) and what it took off the items before VAT; null and 0 without one. */
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  totalPrice: z.number(),
  totalAmount: z.number(),
  status: z.string(),
  isPaid: z.boolean(),
  /**
   * What a paid order still owes after an edit raised its total, in ngwee (docs/decisions/070-order-edits.md);
   * the order counts as paid (src/shared/order-balance.ts) only once this is 0.
   */
  balanceDueNgwee: z.number().int(),
  paidAt: z.string().nullable(),
  paymentResult: z.record(z.string(), z.unknown()).nullable(),
  paymentReference: z.string().nullable(),
  /** Admins only (absent for the owner): who marked the order paid by hand, when and why. */
  markedPaid: markedPaidSchema.nullable().optional(),
  /** Money that went back to the shopper, in ngwee (docs/decisions/030-refunds.md); isPaid stays true. */
  refundedNgwee: z.number().int(),
  refundStatus: z.enum(['none', 'partly refunded', 'refunded']),
  /** The delivery option it travels with, as it was when placed (decision 037); null for older orders. */
  delivery: orderDeliverySchema.nullable(),
  /**
   * A pickup or bus-station order's collection (decision 038): the code for its owner only (absent in
   * the admin's view, so the back office checks what the shopper shows), and when and by whom it was
   * collected. Null for a door delivery.
   */
  collection: z
    .object({
      code: z.string().optional(),
      collectedAt: z.string().nullable(),
      collectedBy: z.string().nullable(),
    })
    .nullable()
    .optional(),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  fiscalReceipt: fiscalReceiptSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pages: z.number().int(),
  totalOrders: z.number().int(),
});

export const orderListQuerySchema = z.object({
  keyword: keywordQuery,
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), orderStatusSchema.optional()),
  page: pageQuery,
  limit: limitQuery(20),
});

/**
 * PUT /orders/{id}/pay. An admin records the payment (id, status, update time, payer e-mail as in
 * the spec's "payment result") and why it is marked paid by hand (`note`, kept with who and when); the
 * owner may only attach the mobile-money transaction reference.
 */
export const payOrderSchema = z
  .object({
    id: text(100, 'id').optional(),
    status: text(50, 'status').optional(),
    update_time: text(50, 'update_time').optional(),
    email_address: text(254, 'email_address').optional(),
    paymentReference: text(100, 'paymentReference').optional(),
    note: text(PAYMENT_NOTE_MAX_LENGTH, 'note').optional(),
  })
  .default({});
export type PayOrderInput = z.input<typeof payOrderSchema>;

export const updateOrderStatusSchema = z.object({ status: orderStatusSchema });
export type OrderStatusUpdate = z.input<typeof updateOrderStatusSchema>;

/** Path parameter of /orders/{id}; anything that is not one of our ids answers 404, so no format check here. */
export const orderIdParamsSchema = z.object({ id: z.string() });

/** A customer's own orders come newest first, this many per page (?page=2 for older ones). */
export const MY_ORDERS_PAGE_SIZE = 100;
export const myOrdersQuerySchema = z.object({ page: pageQuery });

/** The Idempotency-Key header of POST /orders: the same user and key always answer the first order. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

/**
 * A new order refused because unpaid orders already hold what one account or one phone number may
 * (decision 056): whose bound, what its unpaid orders hold, and the bounds (0: none).
 */
export const unpaidLimitSchema = z.object({
  holder: z.enum(['account', 'phone']),
  orders: z.number().int(),
  items: z.number().int(),
  maxOrders: z.number().int(),
  maxItems: z.number().int(),
});
export type UnpaidLimit = z.infer<typeof unpaidLimitSchema>;

/**
 * 409 answers of POST /orders and the stock-moving status changes. Besides the message, a price change
 * carries the server's current totals and line prices so the client can update the cart it shows, and a
 * stock shortage or missing product names the product.
 */
export const orderConflictSchema = z.object({
  message: z.string(),
  /** Unpaid orders hold what they may: nothing in the cart changed, the shopper pays an order first. */
  unpaidLimit: unpaidLimitSchema.optional(),
  /** On a total that differs: which of the client's figures differ from the shop's (always ends with 'total'). */
  differs: z.array(z.enum(['prices', 'discount', 'shipping', 'tax', 'total'])).optional(),
  /** The code the order carried, when the shop refused it (the message says why). */
  discountCode: z.string().optional(),
  discountAmount: z.number().optional(),
  product: z.string().optional(),
  /** The variant that is short, when the line named a size (docs/decisions/067-sizes-and-sets.md). */
  variant: z.string().optional(),
  name: z.string().nullable().optional(),
  countInStock: z.number().int().optional(),
  itemsPrice: z.number().optional(),
  taxAmount: z.number().optional(),
  shippingAmount: z.number().optional(),
  totalAmount: z.number().optional(),
  orderItems: z
    .array(
      z.object({
        product: z.string(),
        variant: z.string().optional(),
        name: z.string(),
        price: z.number(),
        quantity: z.number().int(),
      }),
    )
    .optional(),
});
export type OrderConflict = z.infer<typeof orderConflictSchema>;

/** Packing slips and the run sheet print at most this many orders at once (oldest first). */
export const ORDERS_TO_SHIP_LIMIT = 200;

/** GET /orders/to-ship (admin). `more`: there are orders beyond the first ORDERS_TO_SHIP_LIMIT. */
export const ordersToShipSchema = z.object({ orders: z.array(orderSchema), more: z.boolean() });
export type OrdersToShip = z.infer<typeof ordersToShipSchema>;

/** POST /orders/{id}/collected (admin) and POST /pickup/{id}/collect (the pickup keeper): the code the shopper shows. */
export const collectOrderSchema = z
  .object({
    code: z
      .string({ error: 'code must be the collection code, six digits' })
      .max(20, 'code must be the collection code, six digits')
      .optional(),
    /** The keeper's name, for the audit trail; the admin is named by their account. */
    name: z.string().max(80, 'name must be at most 80 characters').optional(),
    /** A pay-on-collection order (decision 045): how the customer paid whoever hands it over. */
    paidWith: z
      .enum(COLLECTION_PAYMENTS, { error: `paidWith must be one of ${COLLECTION_PAYMENTS.join(', ')}` })
      .optional(),
  })
  .strict();
export type CollectOrderInput = z.infer<typeof collectOrderSchema>;

/** GET /pickup/{id}: the keeper's page before the code; the order's reference and place, nothing about the shopper. */
export const pickupViewSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  place: z.string(),
  status: z.string(),
  collected: z.boolean(),
  /** Kwacha the keeper takes before handing over (pay on collection, unpaid); null: nothing to take. */
  toCollect: z.number().nullable(),
  paid: z.boolean(),
});
export type PickupView = z.infer<typeof pickupViewSchema>;
