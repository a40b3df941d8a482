import { z } from 'zod';
import { emptyToUndefined, keywordQuery, limitQuery, pageQuery } from './common';
import { COLLECTION_PROVIDER_IDS, PAYMENT_METHODS } from '../payment-methods';
import { PAYOUT_ROUTES } from '../payout-routes';

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
 * cancelled), and nobody paid it back or dealt with it yet; owed: orders that owe money back (owedBack,
 * one row per order: cancelled after it took money, a flagged collection, a refund that failed);
 * attention: the owed rows, then members' payouts that failed (failedPayouts), then the attempts stuck, or
 * failed while their order is still unpaid and not cancelled (a flagged collection is in its order's owed
 * row, not listed again). An attempt an admin has
 * dealt with (resolution) leaves stuck, flagged and attention; all and failed keep it.
 */
export const PAYMENT_FILTERS = ['attention', 'owed', 'stuck', 'failed', 'flagged', 'all'] as const;
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

/** The order of a row of the reconciliation list, and its customer. */
export const reconciliationOrderSchema = z.object({
  _id: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  total: z.number(),
  status: z.string(),
  isPaid: z.boolean(),
});

/** An attempt in the reconciliation list: with its order and customer, and why it needs a look. */
export const reconciliationAttemptSchema = paymentAttemptSchema.extend({
  order: reconciliationOrderSchema,
  stuck: z.boolean(),
  /** It needs a person: stuck, failed while its order waits for money, or flagged and not yet paid back or dealt with. */
  needsAttention: z.boolean(),
  /** Refunds through this collection that reached the shopper (a flagged one paid back in full needs no one). */
  refundedNgwee: z.number().int(),
});
export type ReconciliationAttempt = z.infer<typeof reconciliationAttemptSchema>;

/** The collection an owed reason names, and the wallet its money goes back to. */
export const owedPaymentSchema = z.object({
  _id: z.string(),
  provider: collectionProviderSchema,
  method: z.enum(PAYMENT_METHODS),
  phone: z.string(),
});
export type OwedPayment = z.infer<typeof owedPaymentSchema>;

/**
 * Why an order owes money back (src/shared/owed-back.ts). cancelled: cancelled after it took money
 * (amountNgwee: what it took that no admin settled otherwise); flagged: a collection that did not pay it
 * (a late approval "refund due", another amount, a second payment; note: its flag note); refund-failed: a
 * refund the provider failed and no retry has reached the shopper (note: the provider's reason).
 */
export const OWED_REASONS = ['cancelled', 'flagged', 'refund-failed'] as const;
export const owedReasonSchema = z.object({
  kind: z.enum(OWED_REASONS),
  /** What this reason names; reasons may name the same money (a cancelled order's failed refund): owedNgwee counts it once. */
  amountNgwee: z.number().int(),
  note: z.string().nullable(),
  /** The collection it is about (flagged; a failed refund through a collection), else null. */
  payment: owedPaymentSchema.nullable(),
  /** refund-failed: the refund; else null. */
  refundId: z.string().nullable(),
  /** When it happened: collected (flagged), failed (refund-failed); null for cancelled. */
  at: z.string().nullable(),
});
export type OwedReason = z.infer<typeof owedReasonSchema>;

/** An order that owes its shopper money back: one row per order, on Needs attention until refunds reach the shopper. */
export const owedBackSchema = z.object({
  /** The order's id. */
  _id: z.string(),
  order: reconciliationOrderSchema,
  owed: z.number(),
  owedNgwee: z.number().int(),
  currency: z.string(),
  /** Refunds of the order asked, approved or sent: still owed until they reach the shopper. */
  onItsWayNgwee: z.number().int(),
  /** One of them waits for a second admin. */
  awaitingApproval: z.boolean(),
  /** The wallets the money came from, where a provider's refund sends it; empty when it came by hand. */
  payers: z.array(owedPaymentSchema),
  reasons: z.array(owedReasonSchema),
  /** The latest change to its money (a collection, a refund, the order itself): the list is newest first. */
  updatedAt: z.string(),
});
export type OwedBack = z.infer<typeof owedBackSchema>;

/**
 * A member's payout that failed and no admin has dealt with yet (docs/decisions/064-member-payouts.md): her
 * shares are owed again (the next run takes them); PUT /payouts/{id}/resolve takes it off Needs attention.
 */
export const failedPayoutSchema = z.object({
  /** The payout's id. */
  _id: z.string(),
  runId: z.string(),
  /** The run's month (YYYY-MM). */
  period: z.string(),
  member: z.object({ _id: z.string(), name: z.string() }),
  mobile: z.string(),
  route: z.enum(PAYOUT_ROUTES),
  reference: z.string(),
  amount: z.number(),
  amountNgwee: z.number().int(),
  failureReason: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type FailedPayout = z.infer<typeof failedPayoutSchema>;

export const paymentListSchema = z.object({
  payments: z.array(reconciliationAttemptSchema),
  /** Orders that owe money back, first on attention (and the whole of owed); empty under the other filters. */
  owedBack: z.array(owedBackSchema),
  /** Members' payouts that failed, not yet dealt with: on attention after the owed rows, before the attempts. */
  failedPayouts: z.array(failedPayoutSchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** Rows matching the filter (and keyword): owed orders and attempts. */
  total: z.number().int(),
  /** Rows matching the keyword under each filter, for the filter's labels. */
  counts: z.object(
    Object.fromEntries(PAYMENT_FILTERS.map((f) => [f, z.number().int()])) as Record<PaymentFilter, z.ZodNumber>,
  ),
});
export type PaymentList = z.infer<typeof paymentListSchema>;
