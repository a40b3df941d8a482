import type { Tx } from '../../db/client';
import {
  balanceSaleLines,
  creditNoteLines,
  creditableNgwee,
  saleLines,
  type FiscalLine,
} from '../../../shared/fiscal-invoice';
import { orderReference } from '../../../shared/order-status';
import { deviceKey, type FiscalSettings } from './fiscal-settings';
import { creditNotesOf, insertSubmissions, orderForInvoice, refundSource, saleOfOrder, salesOfOrder } from './queries';

/**
 * What is reported, recorded in the transaction of what happened (docs/decisions/062-smart-invoice.md):
 * the payment's transaction writes the sale and its stock report, the refund's writes its credit note, so
 * a crash loses neither and a rolled-back payment reports nothing.
 */

const asJson = (lines: FiscalLine[]) => lines as unknown as Record<string, unknown>[];

/**
 * The sale's invoice number: the order's id. Its reference (the first 8 characters customers see) would
 * be shared by two orders in about 1 in 4 shops of 50,000 orders, and a device takes a number once.
 */
export const saleInvoiceNo = (orderId: string) => orderId;
/** A credit note's: the order's reference and the refund's id (47 characters; the device takes 50). */
export const creditNoteInvoiceNo = (orderId: string, refundId: string) => `${orderReference(orderId)}-R-${refundId}`;

/** An order made paid: its sale, and after it the report of its goods leaving the stock. */
export async function recordSale(tx: Tx, settings: FiscalSettings, orderId: string): Promise<boolean> {
  const order = await orderForInvoice(tx, orderId);
  if (!order) return false;
  const device = deviceKey(settings);
  const lines = saleLines(order, settings.deliveryCategory);
  const [sale] = await insertSubmissions(tx, [
    { device, kind: 'sale', orderId, invoiceNo: saleInvoiceNo(orderId), lines: asJson(lines) },
  ]);
  if (!sale) return false;
  if (lines.some((line) => !line.delivery))
    await insertSubmissions(tx, [
      {
        device,
        kind: 'stock',
        orderId,
        parentId: sale.id,
        invoiceNo: `${saleInvoiceNo(orderId)}-stock`,
        lines: asJson(lines),
      },
    ]);
  return true;
}

/**
 * A refund that reached the shopper: a credit note against the order's sale for what it gave back, never
 * above what the sale still holds. Money returned through a collection that did not pay the order (a
 * second payment) was never invoiced, and an order paid before Smart Invoice was on has no sale: neither
 * gets a credit note.
 */
export async function recordCreditNote(
  tx: Tx,
  settings: FiscalSettings,
  refund: { orderId: string; refundId: string; amountNgwee: number },
): Promise<boolean> {
  const sale = await saleOfOrder(tx, deviceKey(settings), refund.orderId);
  if (!sale) return false;
  const source = await refundSource(tx, refund.refundId);
  const paidBy = (source?.orderPayment as { attemptReference?: string | null } | null)?.attemptReference ?? null;
  if (source?.attemptReference && paidBy && source.attemptReference !== paidBy) return false;
  const saleLinesStored = sale.lines as unknown as FiscalLine[];
  const earlier = await creditNotesOf(tx, sale.id);
  const amount = Math.min(refund.amountNgwee, creditableNgwee(saleLinesStored, earlier));
  if (amount <= 0) return false;
  const [note] = await insertSubmissions(tx, [
    {
      device: sale.device,
      kind: 'credit-note',
      orderId: refund.orderId,
      refundId: refund.refundId,
      parentId: sale.id,
      invoiceNo: creditNoteInvoiceNo(refund.orderId, refund.refundId),
      lines: asJson(creditNoteLines(saleLinesStored, earlier, amount)),
    },
  ]);
  return Boolean(note);
}

/**
 * A balance an edit left on a paid order, now paid (docs/decisions/070-order-edits.md): a sale of the balance
 * under its own number (`<order id>-B<n>`), its lines the order's as they are now in proportion. None when
 * the order's first sale was never reported (paid before Smart Invoice was on): nothing of it was.
 */
export async function recordBalanceSale(
  tx: Tx,
  settings: FiscalSettings,
  orderId: string,
  balanceNgwee: number,
): Promise<boolean> {
  const device = deviceKey(settings);
  const sales = await salesOfOrder(tx, device, orderId);
  if (sales.length === 0 || balanceNgwee <= 0) return false;
  const order = await orderForInvoice(tx, orderId);
  if (!order) return false;
  const lines = balanceSaleLines(order, settings.deliveryCategory, balanceNgwee);
  const [sale] = await insertSubmissions(tx, [
    { device, kind: 'sale', orderId, invoiceNo: `${saleInvoiceNo(orderId)}-B${sales.length}`, lines: asJson(lines) },
  ]);
  return Boolean(sale);
}
