import { z } from 'zod';
import { emptyToUndefined, keywordQuery, limitQuery, pageQuery } from './common';
import { COLLECTION_PROVIDER_IDS, PAYMENT_METHODS } from '../payment-methods';

/** How a mobile-money attempt moves: initiated > pending > successful | failed | expired. */
export const ATTEMPT_STATES = ['initiated', 'pending', 'successful', 'failed', 'expired'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];
export const LIVE_ATTEMPT_STATES: readonly AttemptState[] = ['initiated', 'pending'];
export const isLiveState = (state: AttemptState) => LIVE_ATTEMPT_STATES.includes(state);

/** The providers whose statements the back office reads (statements/); Lenco's is not one yet. */
export const mobileMoneyProviderSchema = z.enum(['mtn', 'airtel']);
export type MobileMoneyProvider = z.infer<typeof mobileMoneyProviderSchema>;

/** Who collected an attempt's money (src/shared/payment-methods.ts). */
export const collectionProviderSchema = z.enum(COLLECTION_PROVIDER_IDS);

/** POST /orders/{id}/payments: the phone to collect from (any Zambian form; the server normalises it). */
export const startPaymentSchema = z.object({ phone: z.string().max(40, 'phone is too long') });
export type StartPaymentInput = z.input<typeof startPaymentSchema>;

/** Path parameter of /payments/{id}; anything that is not one of our ids answers 404, so no format check here. */
export const paymentIdParamsSchema = z.object({ id: z.string() });

/** The longest note an admin may leave on an attempt they dealt with. */
export const RESOLUTION_NOTE_MAX_LENGTH = 500;

/** PUT /payments/{id}/resolve (admin): what was done about an attempt that needed a person. */
export const resolveAttemptSchema = z.object({
  note: z
    .string({ error: 'note is required: say what was done' })
    .trim()
    .min(1, 'note is required: say what was done')
    .max(RESOLUTION_NOTE_MAX_LENGTH, `note must be at most ${RESOLUTION_NOTE_MAX_LENGTH} characters`),
});
export type ResolveAttemptInput = z.input<typeof resolveAttemptSchema>;

/** Who dealt with an attempt, when and what they did (admins only). */
export const attemptResolutionSchema = z.object({
  /** The admin's account; null once it was deleted (the name stays). */
  by: z.object({ _id: z.string().nullable(), name: z.string() }),
  at: z.string(),
  note: z.string(),
});
export type AttemptResolution = z.infer<typeof attemptResolutionSchema>;

/** One payment attempt as the API shows it to the order's owner and to admins. */
export const paymentAttemptSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  provider: collectionProviderSchema,
  /** What the shopper paid with (Zamtel Kwacha and cards through Lenco): src/shared/payment-methods.ts. */
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  phone: z.string(),
  amount: z.number(),
  amountNgwee: z.number().int(),
  currency: z.string(),
  state: z.enum(ATTEMPT_STATES),
  providerTransactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  flagged: z.boolean(),
  flagNote: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Admins only (absent for the owner): the admin who dealt with it, once someone has. */
  resolution: attemptResolutionSchema.nullable().optional(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

/**
 * What the browser passes to Lenco's popup widget for a card attempt (LencoPay.getPaid): the public key,
 * our reference, the exact total in kwacha (Lenco takes major units) and ZMW. No card data ever comes back.
 */
export const cardWidgetSchema = z.object({
  scriptUrl: z.string(),
  key: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.literal('ZMW'),
  email: z.string(),
  label: z.string(),
});
export type CardWidget = z.infer<typeof cardWidgetSchema>;

/** POST /orders/{id}/payments: the attempt, and for a card the widget's options. */
export const startedPaymentSchema = paymentAttemptSchema.extend({ widget: cardWidgetSchema.optional() });
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

/**
 * GET /payments/methods: the methods the shop collects by itself through a provider (a prompt on the phone,
 * or the card widget: the others are paid by hand), and the methods checkout offers, in its order.
 */
export const paymentMethodsSchema = z.object({
  automatic: z.array(z.enum(PAYMENT_METHODS)),
  offered: z.array(z.enum(PAYMENT_METHODS)),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** A live attempt older than this is "pending too long" in the back office (expiry is 5 minutes by default). */
export const STUCK_AFTER_MINUTES = 10;

/**
 * The back office's reconciliation filters. stuck: still initiated or pending after STUCK_AFTER_MINUTES
 * or past its expiry (the poller should have ended it); failed: failed or expired; flagged: the provider
 * collected, but not this order's payment (another amount or currency, or the order was already paid or
 * cancelled); attention: stuck, flagged, or failed while its order is still unpaid and not cancelled.
 * An attempt an admin has dealt with (resolution) leaves stuck, flagged and attention; all and failed keep it.
 */
export const PAYMENT_FILTERS = ['attention', 'stuck', 'failed', 'flagged', 'all'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** GET /payments (admin). */
export const paymentListQuerySchema = z.object({
  filter: z.preprocess(
    emptyToUndefined,
    z.enum(PAYMENT_FILTERS, { error: `filter must be one of ${PAYMENT_FILTERS.join(', ')}` }).default('all'),
  ),
  keyword: keywordQuery,
  page: pageQuery,
  limit: limitQuery(20),
});

/** An attempt in the reconciliation list: with its order and customer, and why it needs a look. */
export const reconciliationAttemptSchema = paymentAttemptSchema.extend({
  order: z.object({
    _id: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    total: z.number(),
    status: z.string(),
    isPaid: z.boolean(),
  }),
  stuck: z.boolean(),
  needsAttention: z.boolean(),
});
export type ReconciliationAttempt = z.infer<typeof reconciliationAttemptSchema>;

export const paymentListSchema = z.object({
  payments: z.array(reconciliationAttemptSchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** Rows matching the filter (and keyword). */
  total: z.number().int(),
  /** Rows matching the keyword under each filter, for the filter's labels. */
  counts: z.object(
    Object.fromEntries(PAYMENT_FILTERS.map((f) => [f, z.number().int()])) as Record<PaymentFilter, z.ZodNumber>,
  ),
});
export type PaymentList = z.infer<typeof paymentListSchema>;
