import { z } from 'zod';
import { paymentMethodSchema } from './orders';
import { collectionProviderSchema, mobileMoneyProviderSchema, RESOLUTION_NOTE_MAX_LENGTH } from './payments';

/**
 * A provider's statement set against the shop's payment attempts (docs/decisions/031-statement-reconciliation.md).
 * A month of a co-op's collections is a few thousand rows; these bounds keep one check under a second.
 */
export const STATEMENT_MAX_CHARACTERS = 2_000_000;
export const STATEMENT_MAX_ROWS = 20_000;
/** A summary covers at most this many days (a year and a day, so a whole year fits). */
export const SUMMARY_MAX_DAYS = 366;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_FORMAT.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: `The ${label} date must be a date written YYYY-MM-DD` })
      .refine(isCalendarDay, `The ${label} date must be a real date written YYYY-MM-DD`)
      .optional(),
  );

function fromNotAfterTo(range: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (range.from && range.to && isCalendarDay(range.from) && isCalendarDay(range.to) && range.from > range.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The start date must be on or before the end date' });
  }
}

/** POST /payments/statements: the statement file's text, whose provider, and the period (the statement's own dates when left out). */
export const statementUploadSchema = z
  .object({
    provider: mobileMoneyProviderSchema,
    csv: z
      .string({ error: 'csv must be the text of a CSV file' })
      .min(1, 'The file is empty.')
      .max(
        STATEMENT_MAX_CHARACTERS,
        `The file is too large (at most ${STATEMENT_MAX_CHARACTERS.toLocaleString('en-US')} characters): export a shorter period.`,
      ),
    from: day('start'),
    to: day('end'),
  })
  .superRefine(fromNotAfterTo);
export type StatementUpload = z.input<typeof statementUploadSchema>;

export const STATEMENT_CATEGORIES = ['not-in-shop', 'amount-differs', 'not-on-statement', 'matched'] as const;
export type StatementCategory = (typeof STATEMENT_CATEGORIES)[number];

/** One row of the statement, as read: money in, or money out (decision 066) with the amount that left (> 0). */
export const statementLineSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  transactionId: z.string(),
  reference: z.string().nullable(),
  amountNgwee: z.number().int(),
  /** The date as written in the file, and the shop day it falls on. */
  date: z.string(),
  day: z.string(),
  status: z.string().nullable(),
  phone: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** The shop's attempt a line is about, with what an admin needs to find its order. */
export const statementAttemptSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  reference: z.string(),
  providerTransactionId: z.string().nullable(),
  state: z.string(),
  amountNgwee: z.number().int(),
  currency: z.string(),
  phone: z.string(),
  collectedAt: z.string().nullable(),
  flagged: z.boolean(),
  refundDue: z.boolean(),
});
export type StatementAttempt = z.infer<typeof statementAttemptSchema>;

export const statementNoteSchema = z.object({ note: z.string(), byName: z.string(), at: z.string() });
export type StatementNote = z.infer<typeof statementNoteSchema>;

export const statementItemSchema = z.object({
  category: z.enum(STATEMENT_CATEGORIES),
  /** What "mark dealt with" is kept under: the statement's transaction id, or the attempt's reference when the statement has no line. */
  key: z.string(),
  line: statementLineSchema.nullable(),
  attempt: statementAttemptSchema.nullable(),
  /** Why it is in its group, in words. */
  why: z.string(),
  dealtWith: statementNoteSchema.nullable(),
});
export type StatementItem = z.infer<typeof statementItemSchema>;

/**
 * A payout of the shop a statement's money-out line is about (docs/decisions/066-member-earnings-reports.md):
 * one member's transfer, with the month its run paid for.
 */
export const statementPayoutSchema = z.object({
  _id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  reference: z.string(),
  providerTransactionId: z.string().nullable(),
  state: z.string(),
  amountNgwee: z.number().int(),
  currency: z.string(),
  period: z.string(),
  endedAt: z.string().nullable(),
});
export type StatementPayout = z.infer<typeof statementPayoutSchema>;

/**
 * A payout line or a payout in the same four groups: matched, not-in-shop (money out no payout of the shop
 * explains, or one the shop does not have as paid), amount-differs, not-on-statement (paid, with no line).
 */
export const statementPayoutItemSchema = z.object({
  category: z.enum(STATEMENT_CATEGORIES),
  /** As for a collection: the line's transaction id, or the payout's reference when the statement has no line. */
  key: z.string(),
  line: statementLineSchema.nullable(),
  payout: statementPayoutSchema.nullable(),
  why: z.string(),
  dealtWith: statementNoteSchema.nullable(),
});
export type StatementPayoutItem = z.infer<typeof statementPayoutItemSchema>;

const categoryCountsSchema = z.object({
  'not-in-shop': z.number(),
  'amount-differs': z.number(),
  'not-on-statement': z.number(),
  matched: z.number(),
});

export const statementReconciliationSchema = z.object({
  provider: mobileMoneyProviderSchema,
  from: z.string(),
  to: z.string(),
  /** Header names the file used for each field (what the per-provider table matched). */
  columns: z.record(z.string(), z.string()),
  counts: categoryCountsSchema,
  /** Rows that are neither a collection nor a payout (refunds, no money moved), or outside the period: counted by why. */
  skipped: z.array(z.object({ why: z.string(), rows: z.number() })),
  items: z.array(statementItemSchema),
  /** Money out set against the members' payouts paid through this provider (decision 066). */
  payouts: z.object({ counts: categoryCountsSchema, items: z.array(statementPayoutItemSchema) }),
});
export type StatementReconciliation = z.infer<typeof statementReconciliationSchema>;

/** PUT /payments/statements/notes: a statement difference an admin dealt with, and how. */
export const statementNoteInputSchema = z.object({
  provider: mobileMoneyProviderSchema,
  key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(200, 'key is too long'),
  note: z
    .string({ error: 'note is required: say what was done' })
    .trim()
    .min(1, 'note is required: say what was done')
    .max(RESOLUTION_NOTE_MAX_LENGTH, `note must be at most ${RESOLUTION_NOTE_MAX_LENGTH} characters`),
});
export type StatementNoteInput = z.input<typeof statementNoteInputSchema>;

/** GET /payments/summary: days on the shop's clock, both included; the last 30 days when left out. */
export const paymentSummaryQuerySchema = z.object({ from: day('start'), to: day('end') }).superRefine(fromNotAfterTo);
export type PaymentSummaryQuery = z.input<typeof paymentSummaryQuerySchema>;

export const paymentSummaryDaySchema = z.object({
  day: z.string(),
  /**
   * Every collecting provider (Lenco too), though only MTN's and Airtel's statements are read so far, and
   * 'collection': orders paid to a pickup keeper on collection (decision 045), by the day they were paid.
   */
  provider: z.union([collectionProviderSchema, z.literal('collection')]),
  /** What the shopper paid with: one line per provider and method ("Zamtel Kwacha through Lenco"). */
  method: paymentMethodSchema,
  collectedCount: z.number().int(),
  collectedNgwee: z.number().int(),
  refundedCount: z.number().int(),
  refundedNgwee: z.number().int(),
  netNgwee: z.number().int(),
});
export type PaymentSummaryDay = z.infer<typeof paymentSummaryDaySchema>;

export const paymentSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Days with money in or out, newest first; each provider and method on its own line. */
  days: z.array(paymentSummaryDaySchema),
  totals: z.array(paymentSummaryDaySchema.omit({ day: true })),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;
