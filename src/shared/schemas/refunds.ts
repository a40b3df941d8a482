import { z } from 'zod';
import { REFUND_NOTE_MAX_LENGTH, REFUND_ROUTES, REFUND_STATES } from '../refunds';
import { emptyToUndefined, limitQuery, pageQuery } from './common';
import { collectionProviderSchema } from './payments';

const note = (field: string, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(REFUND_NOTE_MAX_LENGTH, `${field} must be at most ${REFUND_NOTE_MAX_LENGTH} characters`);

/**
 * POST /orders/{id}/refunds (admin): send money back. attemptId names the provider collection it goes back
 * through; null (or absent) records money a member sent back by hand. The amount is in ngwee, whole.
 */
export const requestRefundSchema = z.object({
  amountNgwee: z
    .number({ error: 'amountNgwee must be a whole number of ngwee' })
    .int('amountNgwee must be a whole number of ngwee')
    .min(1, 'amountNgwee must be at least 1')
    .max(100_000_000, 'amountNgwee is too large'),
  reason: note('reason', 'reason is required: say why the money goes back'),
  attemptId: z.string().max(64).nullable().optional(),
});
export type RequestRefundInput = z.input<typeof requestRefundSchema>;

/** PUT /refunds/{id}/cancel (admin): why a refund that was not sent yet is called off. */
export const cancelRefundSchema = z.object({
  note: note('note', 'note is required: say why the refund is called off'),
});
export type CancelRefundInput = z.input<typeof cancelRefundSchema>;

/** Path parameter of /refunds/{id}; anything that is not one of our ids answers 404. */
export const refundIdParamsSchema = z.object({ id: z.string() });

const who = z.object({ _id: z.string().nullable(), name: z.string() });

/** One refund as admins see it. */
export const refundSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  attemptId: z.string().nullable(),
  provider: collectionProviderSchema.nullable(),
  route: z.enum(REFUND_ROUTES),
  reference: z.string(),
  phone: z.string().nullable(),
  amount: z.number(),
  amountNgwee: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  requestedBy: who,
  requestedAt: z.string(),
  approvedBy: who.nullable(),
  approvedAt: z.string().nullable(),
  /** The second admin's approval is still needed (requested under REFUND_APPROVAL). */
  awaitingApproval: z.boolean(),
  /** Still approved or sent REFUND_STUCK_HOURS after approval: worth a look in the provider's portal (never failed by us). */
  stuck: z.boolean(),
  cancelledBy: z.object({ name: z.string(), note: z.string() }).nullable(),
  providerTransactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  endedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** Where an order's money can go back: each provider collection, and "by hand" for money that came otherwise. */
export const refundSourceSchema = z.object({
  attemptId: z.string().nullable(),
  provider: collectionProviderSchema.nullable(),
  phone: z.string().nullable(),
  /** The route a refund of this source takes now (by-hand when the provider's refund settings are not set). */
  route: z.enum(REFUND_ROUTES),
  collectedNgwee: z.number().int(),
  refundableNgwee: z.number().int(),
  /** A late collection flagged "refund due" (docs/decisions/029-late-approvals.md). */
  refundDue: z.boolean(),
  /** Airtel's collection refund returns the whole payment only: then a part cannot go back this way. */
  wholeOnly: z.boolean(),
});
export type RefundSource = z.infer<typeof refundSourceSchema>;

const ngwee = z.number().int();

/** GET /orders/{id}/refunds (admin): the order's money both ways, its refunds newest first, and what may be asked. */
export const orderRefundsSchema = z.object({
  collectedNgwee: ngwee,
  refundedNgwee: ngwee,
  pendingNgwee: ngwee,
  netNgwee: ngwee,
  refundableNgwee: ngwee,
  status: z.enum(['none', 'partly refunded', 'refunded']),
  approval: z.object({ kind: z.enum(['always', 'above', 'off']), aboveNgwee: ngwee.nullable() }),
  sources: z.array(refundSourceSchema),
  refunds: z.array(refundSchema),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

/**
 * The back office's refund filters: waiting (for a second admin), moving (approved or sent), stuck (moving
 * for over REFUND_STUCK_HOURS since approval: the ones to check in the provider's portal; moving keeps them
 * too), failed, all.
 */
export const REFUND_FILTERS = ['waiting', 'moving', 'stuck', 'failed', 'all'] as const;
export type RefundFilter = (typeof REFUND_FILTERS)[number];

/** GET /refunds (admin). */
export const refundListQuerySchema = z.object({
  filter: z.preprocess(
    emptyToUndefined,
    z.enum(REFUND_FILTERS, { error: `filter must be one of ${REFUND_FILTERS.join(', ')}` }).default('all'),
  ),
  page: pageQuery,
  limit: limitQuery(20),
});

export const refundListSchema = z.object({
  refunds: z.array(
    refundSchema.extend({ order: z.object({ _id: z.string(), customerName: z.string(), total: z.number() }) }),
  ),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  counts: z.object(
    Object.fromEntries(REFUND_FILTERS.map((f) => [f, z.number().int()])) as Record<RefundFilter, z.ZodNumber>,
  ),
});
export type RefundList = z.infer<typeof refundListSchema>;
