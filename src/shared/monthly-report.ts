import { TAX_RATE_PERCENT } from './money';
import { ORDER_CHANNEL_LABELS, PAYMENT_METHOD_LABELS } from './order-status';
import { collectionLabel } from './payment-methods';
import { nameWithVariant } from './schemas/products';
import type { MonthlyReport } from './schemas/reports';

/** One line of the monthly sales report, as the back office shows it and the CSV writes it (kwacha). */
export interface MonthlyReportLine {
  label: string;
  /** Orders counted in the line; null where a count would say nothing (VAT, shipping). */
  orders: number | null;
  amount: number | null;
  paidAmount?: number;
  /** Units sold (the products' lines only). */
  quantity?: number;
}

/** The figures of the month in reading order: what happened to the orders, then how they were sold. */
export function monthlySummaryLines(report: MonthlyReport): MonthlyReportLine[] {
  return [
    { label: 'Orders placed', orders: report.ordersPlaced, amount: null },
    { label: 'Gross sales (orders not cancelled)', orders: report.grossSales.count, amount: report.grossSales.amount },
    { label: 'Products sold (before VAT)', orders: null, amount: report.items },
    { label: 'Discount codes (taken off before VAT)', orders: report.discounts.count, amount: report.discounts.amount },
    { label: `VAT collected (${TAX_RATE_PERCENT}%)`, orders: null, amount: report.vat },
    { label: 'Shipping charged', orders: null, amount: report.shipping },
    { label: 'Paid', orders: report.paid.count, amount: report.paid.amount },
    { label: 'Not paid yet', orders: report.unpaid.count, amount: report.unpaid.amount },
    { label: 'Cancelled (not in gross sales)', orders: report.cancelled.count, amount: report.cancelled.amount },
    // Refunds count in the month they were made, whichever month sold the order (docs/decisions/030-refunds.md).
    { label: 'Refunded to shoppers this month', orders: report.refunds.count, amount: report.refunds.amount },
    { label: 'VAT credited on refunds', orders: null, amount: report.refunds.vat },
    { label: 'Net received (paid less refunds)', orders: null, amount: report.netReceived },
    { label: 'Net VAT (collected less credited)', orders: null, amount: report.netVat },
  ];
}

/** Orders not cancelled, by how the customer chose to pay: all of them, and the money received. */
export function paymentMethodLines(report: MonthlyReport): MonthlyReportLine[] {
  return report.byPaymentMethod.map((m) => ({
    label: PAYMENT_METHOD_LABELS[m.method],
    orders: m.count,
    amount: m.amount,
    paidAmount: m.paidAmount,
  }));
}

/** Orders not cancelled, by where they were placed (the web checkout, USSD): all of them, and the money received. */
export function channelLines(report: MonthlyReport): MonthlyReportLine[] {
  return report.byChannel.map((c) => ({
    label: ORDER_CHANNEL_LABELS[c.channel],
    orders: c.count,
    amount: c.amount,
    paidAmount: c.paidAmount,
  }));
}

/**
 * Paid orders not cancelled, by who collected the money: "Zamtel Kwacha through Lenco", "MTN Mobile
 * Money", or "Credit / Debit Card, by hand" (an admin marked it paid).
 */
export function collectionLines(report: MonthlyReport): MonthlyReportLine[] {
  return report.byCollection.map((c) => ({
    label: c.provider ? collectionLabel(c.provider, c.method) : `${PAYMENT_METHOD_LABELS[c.method]}, by hand`,
    orders: c.count,
    amount: c.amount,
  }));
}

/**
 * The products sold in orders not cancelled, a line per product and size ("Mungongo Oil (250 ml)"): the
 * orders holding it, the units, and unit price x quantity before discount codes and VAT (decision 067).
 */
export function productLines(report: MonthlyReport): MonthlyReportLine[] {
  return report.byProduct.map((p) => ({
    label: nameWithVariant(p.name, p.variantLabel),
    orders: p.orders,
    amount: p.amount,
    quantity: p.quantity,
  }));
}

/** 'November 2026' for '2026-11'. */
export function monthName(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
