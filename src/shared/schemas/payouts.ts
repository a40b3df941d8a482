import { z } from 'zod';
import {
  PAYOUT_NOTE_MAX_LENGTH,
  PAYOUT_ROUTES,
  PAYOUT_RUN_STATES,
  PAYOUT_RUN_TRIGGERS,
  PAYOUT_STATES,
  type PayoutState,
} from '../payouts';
import { emptyToUndefined, limitQuery, pageQuery } from './common';

/** Member payouts over HTTP (admins only; docs/decisions/064-member-payouts.md). Money in ngwee and kwacha. */

const note = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(PAYOUT_NOTE_MAX_LENGTH, `note must be at most ${PAYOUT_NOTE_MAX_LENGTH} characters`);

/** A shop-time month. */
const periodSchema = z
  .string({ error: 'period must be a month such as 2026-11' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'period must be a month such as 2026-11');

/**
 * POST /payouts/runs: propose a run. period: the month it pays for (the shares credited up to that month's
 * end); absent: this month (everything owed now). It may not be a month still to come.
 */
export const proposeRunSchema = z
  .object({ period: z.preprocess(emptyToUndefined, periodSchema.optional()) })
  .default({ period: undefined });
export type ProposeRunInput = z.input<typeof proposeRunSchema>;

/** PUT /payouts/runs/{id}/cancel: why a run not yet approved is called off. */
export const cancelRunSchema = z.object({ note: note('note is required: say why the run is called off') });
/** The body of cancel, sent-by-hand and resolve: one note. */
export type PayoutNoteInput = z.input<typeof cancelRunSchema>;

/** PUT /payouts/{id}/sent-by-hand: how the treasurer sent it (the wallet's transaction id, the day). */
export const sentByHandSchema = z.object({
  note: note('note is required: say how the money was sent (the transaction id of the send)'),
});

/** PUT /payouts/{id}/resolve: what was done about a failed payout (its shares are owed again either way). */
export const resolvePayoutSchema = z.object({ note: note('note is required: say what was done about it') });
export type ResolvePayoutInput = z.input<typeof resolvePayoutSchema>;

export const payoutIdParamsSchema = z.object({ id: z.string() });

const who = z.object({ _id: z.string().nullable(), name: z.string() });

/** One share entry a payout carries: a sale's share (units of a product) or a refund's debit (negative). */
export const payoutLineSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(['sale', 'refund']),
  product: z.string(),
  quantity: z.number().int(),
  amountNgwee: z.number().int(),
  amount: z.number(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

/** One transfer to one member's wallet. */
export const payoutSchema = z.object({
  _id: z.string(),
  runId: z.string(),
  /** The run's month (YYYY-MM), named in the member's text. */
  period: z.string(),
  member: z.object({ _id: z.string(), name: z.string() }),
  /** The wallet as it was when proposed. */
  mobile: z.string(),
  network: z.enum(['mtn', 'airtel', 'zamtel']),
  route: z.enum(PAYOUT_ROUTES),
  /** Our reference: the provider's key for this transfer, to find it in the provider's portal and statement. */
  reference: z.string(),
  amount: z.number(),
  amountNgwee: z.number().int(),
  currency: z.string(),
  state: z.enum(PAYOUT_STATES),
  /** Units per product, as the member's text lists them. */
  summary: z.string(),
  providerTransactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Requests sent to the provider (a send that never arrived is sent again with the same reference). */
  sendCount: z.number().int(),
  /** Approved or on its way PAYOUT_STUCK_HOURS after approval: check the provider's portal (never failed by us). */
  stuck: z.boolean(),
  sentByHand: z.object({ name: z.string(), note: z.string() }).nullable(),
  /** A failed payout an admin has dealt with (it leaves Needs attention; the member is owed the money again). */
  resolved: z.object({ name: z.string(), note: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutWithLinesSchema = payoutSchema.extend({ lines: z.array(payoutLineSchema) });
export type PayoutWithLines = z.infer<typeof payoutWithLinesSchema>;

const stateCounts = z.object(
  Object.fromEntries(PAYOUT_STATES.map((s) => [s, z.number().int()])) as Record<PayoutState, z.ZodNumber>,
);

/** A run as the list shows it. */
export const payoutRunSchema = z.object({
  _id: z.string(),
  period: z.string(),
  /** "November 2026". */
  periodLabel: z.string(),
  trigger: z.enum(PAYOUT_RUN_TRIGGERS),
  state: z.enum(PAYOUT_RUN_STATES),
  /** Null for a run the schedule proposed, until an admin confirms it. */
  proposedBy: who.nullable(),
  /** The schedule proposed it and no admin has confirmed it yet (the first PUT .../approve confirms it). */
  awaitingConfirmation: z.boolean(),
  /** Confirmed (or proposed by an admin) and waiting for another admin's approval. */
  awaitingApproval: z.boolean(),
  approvedBy: who.nullable(),
  approvedAt: z.string().nullable(),
  cancelledBy: z.object({ name: z.string(), note: z.string() }).nullable(),
  total: z.number(),
  totalNgwee: z.number().int(),
  payoutCount: z.number().int(),
  counts: stateCounts,
  stuck: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const payoutRunDetailSchema = payoutRunSchema.extend({ payouts: z.array(payoutWithLinesSchema) });
export type PayoutRunDetail = z.infer<typeof payoutRunDetailSchema>;

/** Why a member owed something is not in a run. */
export const SKIP_REASONS = ['below-minimum', 'negative', 'on-its-way'] as const;
export const skippedMemberSchema = z.object({
  member: z.object({ _id: z.string(), name: z.string() }),
  /** What she is owed now (negative: refunds after her last payout took back more than she earned since). */
  balanceNgwee: z.number().int(),
  balance: z.number(),
  /** below-minimum (under PAYOUT_MINIMUM), negative, on-its-way (a payout of hers is still being sent). */
  reason: z.enum(SKIP_REASONS),
});
export type SkippedMember = z.infer<typeof skippedMemberSchema>;

/** POST /payouts/runs: the run proposed, and who was left out with her balance. */
export const proposedRunSchema = payoutRunDetailSchema.extend({
  minimumNgwee: z.number().int(),
  skipped: z.array(skippedMemberSchema),
});
export type ProposedRun = z.infer<typeof proposedRunSchema>;

export const runListQuerySchema = z.object({ page: pageQuery, limit: limitQuery(20) });

export const payoutRunListSchema = z.object({
  runs: z.array(payoutRunSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type PayoutRunList = z.infer<typeof payoutRunListSchema>;

/** all; failed (not yet dealt with); stuck (approved or on its way over PAYOUT_STUCK_HOURS). */
export const PAYOUT_FILTERS = ['all', 'failed', 'stuck'] as const;
export type PayoutFilter = (typeof PAYOUT_FILTERS)[number];

/** GET /payouts: a member's payouts (her page), or every member's; newest first. */
export const payoutListQuerySchema = z.object({
  memberId: z.preprocess(emptyToUndefined, z.string().max(64, 'memberId is too long').optional()),
  filter: z.preprocess(
    emptyToUndefined,
    z.enum(PAYOUT_FILTERS, { error: `filter must be one of ${PAYOUT_FILTERS.join(', ')}` }).default('all'),
  ),
  page: pageQuery,
  limit: limitQuery(20),
});

export const payoutListSchema = z.object({
  payouts: z.array(payoutSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type PayoutList = z.infer<typeof payoutListSchema>;

/** POST /payouts/runs refused: another run waits (runId), or nobody is owed the minimum (who was left out, and why). */
export const proposeConflictSchema = z.object({
  message: z.string(),
  runId: z.string().optional(),
  minimumNgwee: z.number().int().optional(),
  skipped: z.array(skippedMemberSchema).optional(),
});
