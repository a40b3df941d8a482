import { z } from 'zod';
import { pageQuery } from './common';

/** ZRA Smart Invoice in the back office (docs/decisions/062-smart-invoice.md). */

export const FISCAL_KINDS = ['sale', 'credit-note', 'stock'] as const;
export const FISCAL_STATUSES = ['pending', 'sending', 'done', 'failed'] as const;

/** One report to the VSDC as an admin sees it: what, for which order, where it stands and the device's words. */
export const fiscalSubmissionSchema = z.object({
  _id: z.string(),
  kind: z.enum(FISCAL_KINDS),
  orderId: z.string(),
  /** The order's short reference, as customers quote it. */
  orderReference: z.string(),
  invoiceNo: z.string(),
  status: z.enum(FISCAL_STATUSES),
  /** Times the line took it up to send (a sale or credit note taken up before is read back before it goes again). */
  sends: z.number().int(),
  /** The device's result code of the last answer; null before one, or when the shop held it back. */
  resultCd: z.string().nullable(),
  /** Why it is not done: the device's message, or why it was not reached. */
  lastError: z.string().nullable(),
  /** Its total in ngwee (the sale's or credit note's; the goods' for a stock report). */
  totalNgwee: z.number().int(),
  receiptNo: z.number().int().nullable(),
  nextTryAt: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type FiscalSubmission = z.infer<typeof fiscalSubmissionSchema>;

export const fiscalListQuerySchema = z.object({
  /** open: pending and failed (the default); failed only; done; all. */
  status: z.enum(['open', 'failed', 'done', 'all']).default('open'),
  page: pageQuery,
});

export const fiscalListSchema = z.object({
  /** false: SMART_INVOICE is off; nothing is reported and the list is empty. */
  enabled: z.boolean(),
  /** The device reported to (TPIN and branch), when on. */
  device: z.object({ tpin: z.string(), branchId: z.string(), sdcId: z.string().nullable() }).nullable(),
  counts: z.object({ pending: z.number().int(), failed: z.number().int(), done: z.number().int() }),
  submissions: z.array(fiscalSubmissionSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type FiscalList = z.infer<typeof fiscalListSchema>;

export const fiscalSubmissionParamsSchema = z.object({ id: z.string() });
export const fiscalReceiptParamsSchema = z.object({ signature: z.string() });

export const fiscalRetrySchema = z.object({ retried: z.array(fiscalSubmissionSchema) });

/** A ZRA item classification as the device lists it (/itemClass/selectItemsClass), kept for the admin's pick. */
export const itemClassSchema = z.object({
  code: z.string(),
  name: z.string(),
  level: z.number().int().nullable(),
  taxType: z.string().nullable(),
  inUse: z.boolean(),
});

export const itemClassQuerySchema = z.object({
  q: z.string().trim().max(100, 'q is at most 100 characters').optional(),
});

export const itemClassListSchema = z.object({
  classes: z.array(itemClassSchema),
  /** How many the shop keeps, and when they were last read from the device (null: never). */
  total: z.number().int(),
  fetchedAt: z.string().nullable(),
});

export const itemClassRefreshSchema = z.object({ total: z.number().int(), fetchedAt: z.string() });

/** A product (or the delivery line) with the class an admin picked and what the device holds. */
export const fiscalItemSchema = z.object({
  /** A product id, or "delivery" for the delivery line. */
  _id: z.string(),
  name: z.string(),
  /** The class an admin picked; null: VSDC_DEFAULT_ITEM_CLASS is used. */
  itemClsCd: z.string().nullable(),
  /** The class the device holds it under; null until its first sale registered it. */
  registeredClsCd: z.string().nullable(),
});

export const fiscalItemListQuerySchema = z.object({ page: pageQuery });

export const fiscalItemListSchema = z.object({
  defaultItemClass: z.string().nullable(),
  items: z.array(fiscalItemSchema),
  page: z.number().int(),
  pages: z.number().int(),
});

/** PUT /fiscal/items/{id}/class/{itemClsCd}: the product (or "delivery") and the class picked for it. */
export const pickItemClassParamsSchema = z.object({
  id: z.string(),
  itemClsCd: z.string().regex(/^\d{1,10}$/, 'itemClsCd must be a classification code (digits)'),
});

export const vatReportQuerySchema = z.object({
  month: z.string({ error: 'month must be YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'),
});

const receiptTotalsSchema = z.object({
  count: z.number().int(),
  totalNgwee: z.number().int(),
  taxableNgwee: z.number().int(),
  vatNgwee: z.number().int(),
  /** The delivery lines (exempt or disbursement): outside VAT. */
  outsideVatNgwee: z.number().int(),
});

/**
 * A month's VAT as ZRA's receipts say it, beside the shop's own books (orders paid and refunds made that
 * month, on the shop's clock), with every difference named: the figures to file, and what to look at first.
 */
export const vatReportSchema = z.object({
  month: z.string(),
  sales: z.object({ issued: receiptTotalsSchema, waiting: receiptTotalsSchema }),
  creditNotes: z.object({ issued: receiptTotalsSchema, waiting: receiptTotalsSchema }),
  /** VAT of the issued sales less that of the issued credit notes. */
  netVatNgwee: z.number().int(),
  books: z.object({
    paidOrders: z.object({ count: z.number().int(), totalNgwee: z.number().int(), vatNgwee: z.number().int() }),
    refunds: z.object({ count: z.number().int(), amountNgwee: z.number().int(), vatNgwee: z.number().int() }),
  }),
  differences: z.array(
    z.object({
      kind: z.enum(['no-report', 'not-issued', 'amounts-differ', 'refund-without-credit-note', 'credit-differs']),
      orderId: z.string(),
      orderReference: z.string(),
      detail: z.string(),
    }),
  ),
  /** More differences than listed. */
  moreDifferences: z.number().int(),
});
export type VatReport = z.infer<typeof vatReportSchema>;
