import { z } from 'zod';
import { pageQuery } from './common';

/** ZRA Smart Invoice in the back office (docs/decisions/061-smart-invoice.md). */

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
