import { plainKwacha, toKwacha, toNgwee } from '../../../shared/money';
import { vatInRefund } from '../../../shared/refunds';
import {
  channelLines,
  collectionLines,
  monthlySummaryLines,
  paymentMethodLines,
  productLines,
} from '../../../shared/monthly-report';
import { ORDER_CHANNELS, PAYMENT_METHODS, paymentMethodLabel } from '../../../shared/order-status';
import {
  COLLECTION_PAYMENT_LABELS,
  COLLECTION_PROVIDER_NAMES,
  paysOnCollection,
  type CollectionPayment,
  type CollectionProviderId,
} from '../../../shared/payment-methods';
import type { MonthlyReport } from '../../../shared/schemas/reports';
import { isoInShopTime, SHOP_TIME_ZONE, shopDayOf, shopMonthOf } from '../../../shared/shop-time';
import type { Db } from '../../db/client';
import { csvLine, UTF8_BOM, yesNo, type CsvCell } from './csv';
import * as q from './queries';
import type { Cursor, DayRange } from './queries';

/**
 * Exports are read in batches, each a keyset page on (created_at, id), and written out as the client takes
 * them, so 100,000 orders never sit in memory at once. Each batch is its own short query, not one long
 * transaction: a transaction held while a phone downloads would block the embedded database for everyone.
 * So an order placed during an export appears if it falls after the rows already sent; none is sent twice.
 */
export const BATCH_SIZES = { orders: 500, customers: 1_000, products: 1_000 } as const;

export type ExportKind = 'orders' | 'customers' | 'products';

/**
 * How much of the machine an export may take: after each batch it waits `giveWay` times as long as the
 * batch took. The embedded database runs on the server's own thread, so there an export's queries stop
 * shoppers' requests outright and it must leave more room (measured by npm run bench -- --only export).
 */
export const EXPORT_GIVE_WAY = { pglite: 4, postgres: 1 } as const;

export interface ExportPace {
  batchSize?: number;
  /** Wait this many times a batch's own time after it (0: none, as in tests). */
  giveWay?: number;
}

const iso = (at: Date | null) => (at ? isoInShopTime(at) : '');

/** The rows of one kind of export, batch by batch, each batch as CSV text. */
async function* batches<T extends { cursorAt: string; id: string }>(
  header: readonly string[],
  read: (after: Cursor | null) => Promise<T[]>,
  write: (batch: T[]) => Promise<string> | string,
  batchSize: number,
  giveWay: number,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(header);
  let after: Cursor | null = null;
  for (;;) {
    const started = performance.now();
    const batch = await read(after);
    const text = batch.length > 0 ? await write(batch) : '';
    const busyMs = performance.now() - started;
    if (text) yield text;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    after = { at: last.cursorAt, id: last.id };
    // An export is a chore beside the shoppers: it gives way so the storefront keeps its pace.
    if (giveWay > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(busyMs * giveWay, 2_000)));
  }
}

/** Who took the money of a paid order: the provider that collected it, or by hand (an admin marked it paid). */
function collectedThrough(o: q.ExportedOrder): string {
  if (!o.isPaid) return '';
  if (!o.collectedBy) return 'By hand';
  return COLLECTION_PROVIDER_NAMES[o.collectedBy as CollectionProviderId] ?? o.collectedBy;
}

export const ORDERS_HEADER = [
  'Order ID',
  'Placed at',
  'Customer name',
  'E-mail',
  'Phone',
  'City',
  'Province',
  'Status',
  'Paid',
  'Paid at',
  'Payment method',
  'Collected through',
  'Payment reference',
  'Delivered at',
  'Delivery option',
  'Product',
  'SKU',
  'Quantity',
  'Unit price (ZMW)',
  'Line total (ZMW)',
  'Order items total (ZMW)',
  'Discount code',
  'Order discount (ZMW)',
  'Order VAT (ZMW)',
  'Order shipping (ZMW)',
  'Order total (ZMW)',
  'Refunded (ZMW)',
] as const;

/**
 * One row per order line with the order's fields repeated (as Shopify's export does), so a sheet can
 * filter or total by product as well as by order. The order's amounts are those stored when it was
 * placed; a line's total is unit price x quantity, the same rule its items total was made with (money.ts).
 */
export function ordersCsv(db: Db, range: DayRange, { batchSize = BATCH_SIZES.orders, giveWay = 0 }: ExportPace = {}) {
  return batches(
    ORDERS_HEADER,
    (after) => q.ordersBatch(db, range, after, batchSize),
    async (orders) => {
      const ids = orders.map((o) => o.id);
      const lines = await q.linesOfOrders(db, ids);
      const refunded = await q.refundedOfOrders(db, ids);
      const byOrder = new Map<string, q.ExportedLine[]>();
      for (const line of lines) {
        const list = byOrder.get(line.orderId);
        if (list) list.push(line);
        else byOrder.set(line.orderId, [line]);
      }
      let text = '';
      for (const o of orders) {
        const order: CsvCell[] = [
          o.id,
          iso(o.createdAt),
          o.customerName,
          o.customerEmail,
          o.phone,
          o.city,
          o.province,
          o.status,
          yesNo(o.isPaid),
          iso(o.paidAt),
          methodCell(o.paymentMethod, o.paidWith),
          collectedThrough(o),
          o.paymentReference,
          iso(o.deliveredAt),
          o.deliveryName,
        ];
        // Refunded: what went back to the shopper so far, whenever (the monthly report credits it in its own month).
        const amounts = [o.itemsNgwee, o.taxNgwee, o.shippingNgwee, o.totalNgwee, refunded.get(o.id) ?? 0].map(
          plainKwacha,
        );
        const orderLines = byOrder.get(o.id) ?? [];
        // The code and its discount sit after the items total they came off (money.ts, decision 033).
        amounts.splice(1, 0, o.discountCode ?? '', plainKwacha(o.discountNgwee));
        if (orderLines.length === 0) text += csvLine([...order, '', '', '', '', '', ...amounts]);
        for (const line of orderLines) {
          const lineTotal = plainKwacha(line.unitPriceNgwee * line.quantity);
          text += csvLine([
            ...order,
            line.name,
            line.sku,
            line.quantity,
            plainKwacha(line.unitPriceNgwee),
            lineTotal,
            ...amounts,
          ]);
        }
      }
      return text;
    },
    batchSize,
    giveWay,
  );
}

export const CUSTOMERS_HEADER = [
  'Customer ID',
  'Registered at',
  'Name',
  'E-mail',
  'Phone',
  'Orders',
  'Amount spent (ZMW)',
] as const;

/** Registered customers; "amount spent" sums their paid orders that were not cancelled. */
export function customersCsv(
  db: Db,
  range: DayRange,
  { batchSize = BATCH_SIZES.customers, giveWay = 0 }: ExportPace = {},
) {
  return batches(
    CUSTOMERS_HEADER,
    (after) => q.customersBatch(db, range, after, batchSize),
    (customers) =>
      customers
        .map((c) => csvLine([c.id, iso(c.createdAt), c.name, c.email, c.phone, c.orders, plainKwacha(c.spentNgwee)]))
        .join(''),
    batchSize,
    giveWay,
  );
}

export const PRODUCTS_HEADER = [
  'Product ID',
  'Name',
  'SKU',
  'Category',
  'Price (ZMW)',
  'Stock',
  'Featured',
  'Created at',
] as const;

/** Columns added when the catalogue has sizes or gift sets (docs/decisions/067-sizes-and-sets.md). */
export const PRODUCTS_MAKE_UP_HEADER = ['Options', 'Variant of', 'Set parts'] as const;

/**
 * Every product, or those created in the range; a product with sizes as one row per variant (its default
 * first, under the product's SKU), so the sheet reads back into the import. A shop without sizes or sets
 * gets the columns it always had.
 */
export async function* productsCsv(
  db: Db,
  range: DayRange,
  { batchSize = BATCH_SIZES.products, giveWay = 0 }: ExportPace = {},
): AsyncGenerator<string> {
  const makeUp = await q.catalogueHasMakeUp(db);
  yield* batches(
    makeUp ? [...PRODUCTS_HEADER, ...PRODUCTS_MAKE_UP_HEADER] : PRODUCTS_HEADER,
    (after) => q.productsBatch(db, range, after, batchSize),
    async (products) => {
      const extra = makeUp ? await q.makeUpOfProducts(db, products) : null;
      return products
        .flatMap((p) => {
          const line = (sku: string, priceNgwee: number, stock: number, tail: CsvCell[]) =>
            csvLine([
              p.id,
              p.name,
              sku,
              p.category,
              plainKwacha(priceNgwee),
              stock,
              yesNo(p.isFeatured),
              iso(p.createdAt),
              ...tail,
            ]);
          if (!extra) return [line(p.sku, p.priceNgwee, p.countInStock, [])];
          const variants = extra.variants.get(p.id);
          if (!variants) return [line(p.sku, p.priceNgwee, p.countInStock, ['', '', extra.parts.get(p.id) ?? ''])];
          return variants.map((v) =>
            line(v.sku, v.priceNgwee, v.countInStock, [v.options, v.isDefault ? '' : p.sku, '']),
          );
        })
        .join('');
    },
    batchSize,
    giveWay,
  );
}

/** 'Pay on collection (cash)': a pay-on-collection order says how the keeper was paid once it is. */
function methodCell(method: string, paidWith: string | null): string {
  const label = paymentMethodLabel(method);
  const how = COLLECTION_PAYMENT_LABELS[paidWith as CollectionPayment];
  return paysOnCollection(method) && how ? `${label} (${how.toLowerCase()})` : label;
}

/** Data rows (without the header) an export will have, counted before it starts, for the download's progress. */
export function exportRowCount(db: Db, kind: ExportKind, range: DayRange): Promise<number> {
  if (kind === 'orders') return q.countOrderRows(db, range);
  if (kind === 'customers') return q.countCustomers(db, range);
  return q.countProducts(db, range);
}

/** orders-2026-11-01-to-2026-11-30.csv; customers-2026-11-27.csv when all of them (dated the day it was made). */
export function exportFileName(kind: ExportKind, range: DayRange, now = new Date()): string {
  if (!range.from && !range.to) return `${kind}-${shopDayOf(now)}.csv`;
  return `${kind}-${range.from ?? 'first'}-to-${range.to ?? shopDayOf(now)}.csv`;
}

export const currentShopMonth = () => shopMonthOf(new Date());

/** The month's figures, computed by the database; every payment method is always listed. */
export async function monthlyReport(db: Db, month: string): Promise<MonthlyReport> {
  const [figures, methods, refunds, channels, collections, sold] = await Promise.all([
    q.monthFigures(db, month),
    q.monthByPaymentMethod(db, month),
    q.monthRefunds(db, month),
    q.monthByChannel(db, month),
    q.monthByCollection(db, month),
    q.monthByProduct(db, month),
  ]);
  const refundedNgwee = refunds.reduce((sum, amount) => sum + amount, 0);
  const refundVatNgwee = refunds.reduce((sum, amount) => sum + vatInRefund(amount), 0);
  return {
    month,
    timeZone: SHOP_TIME_ZONE,
    ordersPlaced: figures.ordersPlaced,
    grossSales: { count: figures.keptCount, amount: toKwacha(figures.grossNgwee) },
    items: toKwacha(figures.itemsNgwee),
    vat: toKwacha(figures.taxNgwee),
    shipping: toKwacha(figures.shippingNgwee),
    discounts: { count: figures.discountCount, amount: toKwacha(figures.discountNgwee) },
    cancelled: { count: figures.cancelledCount, amount: toKwacha(figures.cancelledNgwee) },
    paid: { count: figures.paidCount, amount: toKwacha(figures.paidNgwee) },
    unpaid: { count: figures.unpaidCount, amount: toKwacha(figures.unpaidNgwee) },
    byPaymentMethod: PAYMENT_METHODS.map((method) => {
      const found = methods.find((m) => m.method === method);
      return {
        method,
        count: found?.count ?? 0,
        amount: toKwacha(found?.amountNgwee ?? 0),
        paidAmount: toKwacha(found?.paidNgwee ?? 0),
      };
    }),
    byChannel: ORDER_CHANNELS.map((channel) => {
      const found = channels.find((c) => c.channel === channel);
      return {
        channel,
        count: found?.count ?? 0,
        amount: toKwacha(found?.amountNgwee ?? 0),
        paidAmount: toKwacha(found?.paidNgwee ?? 0),
      };
    }),
    // The method's order of checkout, then each provider by name, by hand last.
    byCollection: collections
      .sort(
        (a, b) =>
          PAYMENT_METHODS.indexOf(a.method) - PAYMENT_METHODS.indexOf(b.method) ||
          Number(a.provider === null) - Number(b.provider === null) ||
          (a.provider ?? '').localeCompare(b.provider ?? ''),
      )
      .map(({ provider, method, count, amountNgwee }) => ({ provider, method, count, amount: toKwacha(amountNgwee) })),
    // Most sold first; then by name and size, so the order never depends on the database's.
    byProduct: sold
      .sort(
        (a, b) =>
          b.amountNgwee - a.amountNgwee ||
          a.name.localeCompare(b.name) ||
          (a.variantLabel ?? '').localeCompare(b.variantLabel ?? ''),
      )
      .map(({ productId, name, variantLabel, orders, quantity, amountNgwee }) => ({
        product: productId,
        name,
        variantLabel,
        orders,
        quantity,
        amount: toKwacha(amountNgwee),
      })),
    refunds: { count: refunds.length, amount: toKwacha(refundedNgwee), vat: toKwacha(refundVatNgwee) },
    netReceived: toKwacha(figures.paidNgwee - refundedNgwee),
    netVat: toKwacha(figures.taxNgwee - refundVatNgwee),
  };
}

export const MONTHLY_HEADER = ['Month', 'Figure', 'Orders', 'Amount (ZMW)', 'Paid amount (ZMW)', 'Quantity'] as const;

/**
 * The same lines as the back office's table, one per row (payment methods with their paid amount; the
 * products sold last, a row per product and size with its units).
 */
export function monthlyReportCsv(report: MonthlyReport): string {
  const money = (kwacha: number | null | undefined) =>
    kwacha === null || kwacha === undefined ? '' : plainKwacha(toNgwee(kwacha));
  const rows = [
    ...monthlySummaryLines(report),
    ...paymentMethodLines(report).map((line) => ({ ...line, label: `Payment method: ${line.label}` })),
    ...channelLines(report).map((line) => ({ ...line, label: `Channel: ${line.label}` })),
    ...collectionLines(report).map((line) => ({ ...line, label: `Collected: ${line.label}` })),
    ...productLines(report).map((line) => ({ ...line, label: `Product: ${line.label}` })),
  ];
  return (
    UTF8_BOM +
    csvLine(MONTHLY_HEADER) +
    rows
      .map((line) =>
        csvLine([
          report.month,
          line.label,
          line.orders,
          money(line.amount),
          money(line.paidAmount),
          line.quantity ?? null,
        ]),
      )
      .join('')
  );
}
