import { orderReference } from '../../../shared/order-status';
import { COLLECTION_PAYMENT_LABELS, type CollectionPayment } from '../../../shared/payment-methods';
import { kwachaOf, type AuditEntry } from '../audit';
import type { StockLine } from '../inventory';
import type { OrderRow } from './queries';

/** The audit trail's lines about orders: status changes with the stock they moved, and payments marked by hand. */

const named = (order: OrderRow) => `Order ${orderReference(order.id)} (${order.customerName})`;
const stockList = (lines: readonly StockLine[]) =>
  lines.map((line) => ({ productId: line.productId, name: line.name ?? '', quantity: line.quantity }));
const saidStock = (lines: readonly StockLine[]) =>
  lines.map((line) => `${line.name || 'a deleted product'} × ${line.quantity}`).join(', ');

/**
 * A status change. Cancelling puts the lines' stock back and leaving Cancelled takes it again: `stock`
 * says which, with the lines that moved.
 */
export function orderStatusEntry(
  order: OrderRow,
  from: string,
  stock: { moved: 'returned' | 'taken'; lines: readonly StockLine[] } | null,
): AuditEntry {
  const to = order.status;
  const action =
    to === 'Cancelled' ? 'order.cancelled' : to === 'Delivered' ? 'order.delivered' : 'order.status-changed';
  let summary = `${named(order)}: ${from} → ${to}`;
  const after: Record<string, unknown> = { status: to };
  if (stock && stock.lines.length > 0) {
    summary += `; stock ${stock.moved === 'returned' ? 'returned' : 'taken again'}: ${saidStock(stock.lines)}`;
    after[stock.moved === 'returned' ? 'stockReturned' : 'stockTaken'] = stockList(stock.lines);
  }
  return { action, subjectType: 'order', subjectId: order.id, summary, before: { status: from }, after };
}

/** An admin marked the order paid by hand, having checked the money arrived; the note says how. */
export function orderMarkedPaidEntry(before: OrderRow, after: OrderRow, note: string | null): AuditEntry {
  return {
    action: 'order.marked-paid',
    subjectType: 'order',
    subjectId: after.id,
    summary: `${named(after)} marked paid by hand, ${kwachaOf(after.totalNgwee)}${note ? `: ${note}` : ''}`,
    before: { isPaid: before.isPaid, paymentReference: before.paymentReference },
    after: { isPaid: after.isPaid, paymentReference: after.paymentReference, totalNgwee: after.totalNgwee, note },
  };
}

/** Paid to the keeper (or an admin) when the parcel was collected (decision 045): who, how, how much. */
export function orderPaidOnCollectionEntry(
  before: OrderRow,
  after: OrderRow,
  takenBy: string,
  paidWith: CollectionPayment,
): AuditEntry {
  const how = COLLECTION_PAYMENT_LABELS[paidWith].toLowerCase();
  return {
    action: 'order.paid-on-collection',
    subjectType: 'order',
    subjectId: after.id,
    summary: `${named(after)} paid on collection, ${kwachaOf(after.totalNgwee)} in ${how} to ${takenBy}`,
    before: { isPaid: before.isPaid },
    after: { isPaid: after.isPaid, paidWith, takenBy, totalNgwee: after.totalNgwee },
  };
}

/** The balance an edit left on a paid order, recorded as paid by hand or on collection. */
export function orderBalancePaidEntry(before: OrderRow, after: OrderRow, note: string | null): AuditEntry {
  return {
    action: 'order.balance-paid',
    subjectType: 'order',
    subjectId: after.id,
    summary: `${named(after)}: balance of ${kwachaOf(before.balanceDueNgwee)} paid by hand${note ? `: ${note}` : ''}`,
    before: { balanceDueNgwee: before.balanceDueNgwee },
    after: { balanceDueNgwee: after.balanceDueNgwee, collectedByHandNgwee: after.collectedByHandNgwee, note },
  };
}

/** An admin's edit of the order before it left (docs/decisions/070-order-edits.md): who, before, after. */
export function orderEditedEntry(
  after: OrderRow,
  before: Record<string, unknown>,
  edited: Record<string, unknown>,
  summary: string,
): AuditEntry {
  return {
    action: 'order.edited',
    subjectType: 'order',
    subjectId: after.id,
    summary: `${named(after)} changed: ${summary}`,
    before,
    after: edited,
  };
}
