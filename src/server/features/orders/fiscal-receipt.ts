import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fiscalSubmissions } from '../../db/schema';
import type { FiscalReceipt } from '../../../shared/schemas/orders';
import type { OrderRow } from './queries';

/**
 * An order's ZRA Smart Invoice receipt as the order answers it (docs/decisions/062-smart-invoice.md),
 * read with its lines like its money: one query for a page of orders, none for unpaid ones (a new order
 * is never a sale yet, so placing one costs no statement). Read from the sale's report row, which the
 * payment's own transaction wrote; an order paid with Smart Invoice off has none: not required.
 */
export const NOT_REQUIRED: FiscalReceipt = {
  status: 'not-required',
  receiptNo: null,
  totalReceiptNo: null,
  sdcId: null,
  internalData: null,
  signature: null,
  issuedAt: null,
  qrCodeUrl: null,
};

type SaleRow = Pick<
  typeof fiscalSubmissions.$inferSelect,
  | 'orderId'
  | 'status'
  | 'rcptNo'
  | 'totRcptNo'
  | 'sdcId'
  | 'intrlData'
  | 'rcptSign'
  | 'vsdcDate'
  | 'doneAt'
  | 'qrCodeUrl'
>;

/** The device's yyyyMMddHHmmss is Lusaka time (UTC+2); the answer speaks ISO like every date. */
function issuedAtOf(row: SaleRow): string | null {
  const m = row.vsdcDate ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(row.vsdcDate) : null;
  const at = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+02:00`) : row.doneAt;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

export function fiscalReceiptOf(row: SaleRow | undefined): FiscalReceipt {
  if (!row) return NOT_REQUIRED;
  if (row.status !== 'done') return { ...NOT_REQUIRED, status: row.status === 'failed' ? 'failed' : 'pending' };
  return {
    status: 'issued',
    receiptNo: row.rcptNo,
    totalReceiptNo: row.totRcptNo,
    sdcId: row.sdcId,
    internalData: row.intrlData,
    signature: row.rcptSign,
    issuedAt: issuedAtOf(row),
    qrCodeUrl: row.qrCodeUrl,
  };
}

export async function fiscalReceiptsOfOrders(
  db: Db | Tx,
  rows: readonly Pick<OrderRow, 'id' | 'isPaid'>[],
): Promise<Map<string, FiscalReceipt>> {
  const receipts = new Map<string, FiscalReceipt>();
  const paid = rows.filter((r) => r.isPaid).map((r) => r.id);
  if (paid.length === 0) return receipts;
  const sales = await db
    .select({
      orderId: fiscalSubmissions.orderId,
      status: fiscalSubmissions.status,
      rcptNo: fiscalSubmissions.rcptNo,
      totRcptNo: fiscalSubmissions.totRcptNo,
      sdcId: fiscalSubmissions.sdcId,
      intrlData: fiscalSubmissions.intrlData,
      rcptSign: fiscalSubmissions.rcptSign,
      vsdcDate: fiscalSubmissions.vsdcDate,
      doneAt: fiscalSubmissions.doneAt,
      qrCodeUrl: fiscalSubmissions.qrCodeUrl,
    })
    .from(fiscalSubmissions)
    .where(
      and(
        inArray(fiscalSubmissions.orderId, paid),
        eq(fiscalSubmissions.kind, 'sale'),
        // The order's own sale, not the sale of a balance an edit left (decision 070), which has its own number.
        sql`${fiscalSubmissions.invoiceNo} = ${fiscalSubmissions.orderId}::text`,
      ),
    );
  // A shop that changed device has a sale per device: the receipt issued, else the latest.
  for (const sale of sales) {
    const known = receipts.get(sale.orderId);
    if (!known || known.status !== 'issued') receipts.set(sale.orderId, fiscalReceiptOf(sale));
  }
  return receipts;
}
