import type { Tx } from '../../db/client';
import type { RaiseOrderEvent, RefundedMoney } from './order-events-plugin';
import { findOrderRow, lockOrder, withItems, type OrderRow } from './queries';
import { collectedByHandNgwee } from './refund-figures';
import { toOrderJson } from './serialize';

/**
 * An order as refunds need it (docs/decisions/030-refunds.md): refunds ask and settle under the order's
 * row lock (the lock of a payment and a status change), so two refunds never both take the last kwacha.
 */
export interface RefundableOrder {
  id: string;
  status: string;
  isPaid: boolean;
  totalNgwee: number;
  customerName: string;
  /** What an admin recorded as paid by hand (the total, when no provider paid it), else 0. */
  collectedByHandNgwee: number;
}

const refundable = (row: OrderRow): RefundableOrder => ({
  id: row.id,
  status: row.status,
  isPaid: row.isPaid,
  totalNgwee: row.totalNgwee,
  customerName: row.customerName,
  collectedByHandNgwee: collectedByHandNgwee(row),
});

/** Locks the order row for the rest of the transaction; null when there is no such order. */
export async function lockRefundableOrder(tx: Tx, orderId: string): Promise<RefundableOrder | null> {
  const row = await lockOrder(tx, orderId);
  return row ? refundable(row) : null;
}

export async function findRefundableOrder(tx: Tx, orderId: string): Promise<RefundableOrder | null> {
  const row = await findOrderRow(tx, orderId);
  return row ? refundable(row) : null;
}

/**
 * Raises 'order.refunded' with the order as it is now, in the caller's transaction, so the shopper's
 * e-mail and text are recorded with the refund (decision 004). The refunded total and status come from
 * the order as orders read it (refund-figures.ts), the one place its money is added up.
 */
export async function raiseOrderRefunded(
  tx: Tx,
  raise: RaiseOrderEvent,
  orderId: string,
  refund: Omit<RefundedMoney, 'refundedNgwee' | 'status'>,
): Promise<void> {
  const row = await findOrderRow(tx, orderId);
  if (!row) return;
  const order = toOrderJson(await withItems(tx, row));
  await raise('order.refunded', {
    order,
    refund: { ...refund, refundedNgwee: order.refundedNgwee, status: order.refundStatus },
  });
}
