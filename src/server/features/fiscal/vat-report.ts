import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fiscalSubmissions, orders, refunds } from '../../db/schema';
import { fiscalTotals, type FiscalLine } from '../../../shared/fiscal-invoice';
import { formatKwacha, toKwacha } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';
import { vatInRefund } from '../../../shared/refunds';
import type { VatReport } from '../../../shared/schemas/fiscal';
import { deviceKey, type FiscalSettings } from './fiscal-settings';

/**
 * A month of ZRA receipts against the shop's books (docs/decisions/062-smart-invoice.md): the sales and
 * credit notes dated in the month (the payment's or refund's moment, on the co-op's clock), the orders paid
 * and refunds made in it, and each order where the two do not agree.
 */
const LISTED = 100;

/** The month's bounds on the co-op's clock: Lusaka is UTC+2 all year. */
function monthBounds(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number);
  const from = new Date(`${month}-01T00:00:00+02:00`);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from, to: new Date(`${next}-01T00:00:00+02:00`) };
}

const empty = () => ({ count: 0, totalNgwee: 0, taxableNgwee: 0, vatNgwee: 0, outsideVatNgwee: 0 });
const money = (ngwee: number) => formatKwacha(toKwacha(ngwee));

export async function vatReport(db: Db, settings: FiscalSettings, month: string): Promise<VatReport> {
  const { from, to } = monthBounds(month);
  const device = deviceKey(settings);
  const rows = await db
    .select()
    .from(fiscalSubmissions)
    .where(
      and(
        eq(fiscalSubmissions.device, device),
        inArray(fiscalSubmissions.kind, ['sale', 'credit-note']),
        gte(fiscalSubmissions.occurredAt, from),
        lt(fiscalSubmissions.occurredAt, to),
      ),
    );
  const report: VatReport = {
    month,
    sales: { issued: empty(), waiting: empty() },
    creditNotes: { issued: empty(), waiting: empty() },
    netVatNgwee: 0,
    books: { paidOrders: { count: 0, totalNgwee: 0, vatNgwee: 0 }, refunds: { count: 0, amountNgwee: 0, vatNgwee: 0 } },
    differences: [],
    moreDifferences: 0,
  };
  const differences: VatReport['differences'] = [];
  const differ = (kind: VatReport['differences'][number]['kind'], orderId: string, detail: string) =>
    differences.push({ kind, orderId, orderReference: orderReference(orderId), detail });

  const totalsOf = new Map<string, ReturnType<typeof fiscalTotals>>();
  for (const row of rows) {
    const totals = fiscalTotals(row.lines as unknown as FiscalLine[]);
    totalsOf.set(row.id, totals);
    const side = row.kind === 'sale' ? report.sales : report.creditNotes;
    const bucket = row.status === 'done' ? side.issued : side.waiting;
    bucket.count += 1;
    bucket.totalNgwee += totals.totalNgwee;
    bucket.taxableNgwee += totals.taxableNgwee.A;
    bucket.vatNgwee += totals.vatNgwee;
    bucket.outsideVatNgwee += totals.taxableNgwee.D + totals.taxableNgwee.E;
    if (row.status !== 'done')
      differ(
        'not-issued',
        row.orderId,
        `${row.kind === 'sale' ? 'Sale' : 'Credit note'} ${row.status}${row.lastError ? `: ${row.lastError}` : ''}`,
      );
  }
  report.netVatNgwee = report.sales.issued.vatNgwee - report.creditNotes.issued.vatNgwee;

  const paid = await db
    .select({ id: orders.id, totalNgwee: orders.totalNgwee, taxNgwee: orders.taxNgwee })
    .from(orders)
    .where(and(eq(orders.isPaid, true), gte(orders.paidAt, from), lt(orders.paidAt, to)));
  const saleOf = new Map(rows.filter((r) => r.kind === 'sale').map((r) => [r.orderId, r]));
  for (const order of paid) {
    report.books.paidOrders.count += 1;
    report.books.paidOrders.totalNgwee += order.totalNgwee;
    report.books.paidOrders.vatNgwee += order.taxNgwee;
    const sale = saleOf.get(order.id);
    if (!sale) {
      differ('no-report', order.id, 'Paid this month with no sale reported (Smart Invoice off when it was paid?)');
      continue;
    }
    const totals = totalsOf.get(sale.id)!;
    if (totals.totalNgwee !== order.totalNgwee || totals.vatNgwee !== order.taxNgwee)
      differ(
        'amounts-differ',
        order.id,
        `Sale ${money(totals.totalNgwee)} (VAT ${money(totals.vatNgwee)}), order ${money(order.totalNgwee)} (VAT ${money(order.taxNgwee)})`,
      );
  }

  const refunded = await db
    .select({ id: refunds.id, orderId: refunds.orderId, amountNgwee: refunds.amountNgwee })
    .from(refunds)
    .where(
      and(
        eq(refunds.state, 'successful'),
        eq(refunds.currency, 'ZMW'),
        gte(refunds.endedAt, from),
        lt(refunds.endedAt, to),
      ),
    );
  const noteOf = new Map(rows.filter((r) => r.kind === 'credit-note').map((r) => [r.refundId, r]));
  for (const refund of refunded) {
    report.books.refunds.count += 1;
    report.books.refunds.amountNgwee += refund.amountNgwee;
    report.books.refunds.vatNgwee += vatInRefund(refund.amountNgwee);
    const note = noteOf.get(refund.id);
    if (!note) {
      differ(
        'refund-without-credit-note',
        refund.orderId,
        `Refund of ${money(refund.amountNgwee)} with no credit note (money paid twice, or an order paid before Smart Invoice)`,
      );
      continue;
    }
    const credited = totalsOf.get(note.id)!.totalNgwee;
    if (credited !== refund.amountNgwee)
      differ(
        'credit-differs',
        refund.orderId,
        `Refund ${money(refund.amountNgwee)}, credit note ${money(credited)} (what the sale still held)`,
      );
  }
  report.differences = differences.slice(0, LISTED);
  report.moreDifferences = Math.max(0, differences.length - LISTED);
  return report;
}
