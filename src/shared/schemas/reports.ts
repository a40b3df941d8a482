import { z } from 'zod';
import { ORDER_CHANNELS, PAYMENT_METHODS } from '../order-status';

/** A range of an export covers at most this many years; a longer time is exported in parts. */
export const EXPORT_MAX_YEARS = 5;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
function isCalendarDay(value: string): boolean {
  if (!DAY_FORMAT.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: `The ${label} date must be a date written YYYY-MM-DD` })
      .refine(isCalendarDay, `The ${label} date must be a real date written YYYY-MM-DD`)
      .optional(),
  );

/** The same day `years` later (29 February falls on 1 March), as YYYY-MM-DD. */
export function dayYearsLater(value: string, years: number): string {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

interface Range {
  from?: string;
  to?: string;
}

function checkRange(range: Range, ctx: z.RefinementCtx) {
  // zod runs this even when a day above failed its own check.
  if (!range.from || !range.to || !isCalendarDay(range.from) || !isCalendarDay(range.to)) return;
  if (range.from > range.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The start date must be on or before the end date' });
  else if (range.to >= dayYearsLater(range.from, EXPORT_MAX_YEARS)) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A range can cover at most ${EXPORT_MAX_YEARS} years: export a longer time in parts`,
    });
  }
}

/**
 * Days on the co-op's clock (Africa/Lusaka), both included: from 00:00 of `from` to the end of `to`.
 * Either may be left out (from the first record, up to now); customers and products export everything
 * when both are.
 */
export const exportRangeQuerySchema = z.object({ from: day('start'), to: day('end') }).superRefine(checkRange);
export type ExportRange = z.infer<typeof exportRangeQuerySchema>;

/** Orders are always exported for a chosen range. */
export const ordersExportQuerySchema = z.object({ from: day('start'), to: day('end') }).superRefine((range, ctx) => {
  if (!range.from || !range.to)
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: 'Choose a start and an end date (from and to, YYYY-MM-DD)',
    });
  else checkRange(range, ctx);
});

const MONTH_FORMAT = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month on the co-op's clock; this month when left out. */
export const monthQuerySchema = z.object({
  month: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: 'The month must be written YYYY-MM' })
      .regex(MONTH_FORMAT, 'The month must be written YYYY-MM (e.g. 2026-11)')
      .optional(),
  ),
});

const countAndAmount = z.object({ count: z.number().int(), amount: z.number() });

export const paymentMethodFiguresSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  amount: z.number(),
  paidAmount: z.number(),
});

/**
 * Paid orders not cancelled whose money one provider collected by one method (provider null: an admin
 * marked them paid, the money taken by hand). Only the pairs that have some.
 */
export const collectionFiguresSchema = z.object({
  provider: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  amount: z.number(),
});

/** Orders not cancelled that came in through one channel (the web checkout, or USSD). */
export const channelFiguresSchema = z.object({
  channel: z.enum(ORDER_CHANNELS),
  count: z.number().int(),
  amount: z.number(),
  paidAmount: z.number(),
});

/**
 * One product sold in the month's orders that are not cancelled, a line per product and size (the variant's
 * label as sold, docs/decisions/067-sizes-and-sets.md): orders that hold it, units, and unit price x
 * quantity as sold (before discount codes and VAT).
 */
export const productSalesSchema = z.object({
  /** The product's id; null once it has been deleted. */
  product: z.string().nullable(),
  /** The product's name today (as sold, once it has been deleted). */
  name: z.string(),
  /** The size sold ("250 ml"); null for a plain product or a gift set. */
  variantLabel: z.string().nullable(),
  orders: z.number().int(),
  quantity: z.number().int(),
  amount: z.number(),
});
export type ProductSales = z.infer<typeof productSalesSchema>;

/**
 * GET /reports/monthly: orders placed in one month (Africa/Lusaka), amounts in kwacha as stored on the
 * orders. Orders placed = cancelled + paid + unpaid; gross sales, items, VAT, shipping and the payment
 * methods count the orders that are not cancelled (gross = items + VAT + shipping).
 */
export const monthlyReportSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  ordersPlaced: z.number().int(),
  grossSales: countAndAmount,
  items: z.number(),
  vat: z.number(),
  shipping: z.number(),
  /** Orders (not cancelled) that used a discount code, and what the codes took off before VAT. */
  discounts: countAndAmount,
  cancelled: countAndAmount,
  paid: countAndAmount,
  unpaid: countAndAmount,
  byPaymentMethod: z.array(paymentMethodFiguresSchema),
  byChannel: z.array(channelFiguresSchema),
  byCollection: z.array(collectionFiguresSchema),
  /** Products sold, a line per product and size, most sold (by amount) first. */
  byProduct: z.array(productSalesSchema),
  /**
   * Refunds that reached shoppers in this month, whatever month their order was placed in: a credit here,
   * never a rewrite of the sale's month (docs/decisions/030-refunds.md). vat: the VAT they give back (16/116).
   */
  refunds: z.object({ count: z.number().int(), amount: z.number(), vat: z.number() }),
  /** Paid less the refunds made this month. */
  netReceived: z.number(),
  /** VAT collected less the VAT credited on this month's refunds. */
  netVat: z.number(),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;
