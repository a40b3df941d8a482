import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentAttempts, refunds } from '../../db/schema';
import { readPaymentResult } from './payment-result';
import type { OrderRow } from './queries';

/**
 * What an order took and gave back, in ngwee (docs/decisions/030-refunds.md): every provider collection
 * recorded for it (late ones too), plus the order's total when an admin marked it paid by hand, and the
 * refunds that reached the shopper.
 */
export interface OrderMoney {
  collectedNgwee: number;
  refundedNgwee: number;
}

export const NO_MONEY_BACK: OrderMoney = { collectedNgwee: 0, refundedNgwee: 0 };

/**
 * The money an admin recorded by hand: the order's total when it is paid and no provider paid it, or, once an
 * edit changed a paid order's total or a balance was recorded by hand, the amount kept on the order
 * (docs/decisions/070-order-edits.md): an edit never changes what was collected.
 */
export function collectedByHandNgwee(
  order: Pick<OrderRow, 'isPaid' | 'paymentResult' | 'totalNgwee' | 'collectedByHandNgwee'>,
): number {
  if (order.collectedByHandNgwee !== null) return order.collectedByHandNgwee;
  if (!order.isPaid) return 0;
  return readPaymentResult(order.paymentResult)?.by === 'provider' ? 0 : order.totalNgwee;
}

/** The money of a page of orders: one grouped query per table, never once per order. */
export async function moneyOfOrders(db: Db | Tx, rows: readonly OrderRow[]): Promise<Map<string, OrderMoney>> {
  const money = new Map<string, OrderMoney>();
  if (rows.length === 0) return money;
  const ids = rows.map((r) => r.id);
  const collected = await db
    .select({ orderId: paymentAttempts.orderId, ngwee: sql<number>`sum(${paymentAttempts.amountNgwee})::int` })
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.orderId, ids), isNotNull(paymentAttempts.collectedAt)))
    .groupBy(paymentAttempts.orderId);
  const refunded = await db
    .select({ orderId: refunds.orderId, ngwee: sql<number>`sum(${refunds.amountNgwee})::int` })
    .from(refunds)
    .where(and(inArray(refunds.orderId, ids), eq(refunds.state, 'successful')))
    .groupBy(refunds.orderId);
  const collectedOf = new Map(collected.map((c) => [c.orderId, Number(c.ngwee)]));
  const refundedOf = new Map(refunded.map((r) => [r.orderId, Number(r.ngwee)]));
  for (const order of rows) {
    money.set(order.id, {
      collectedNgwee: (collectedOf.get(order.id) ?? 0) + collectedByHandNgwee(order),
      refundedNgwee: refundedOf.get(order.id) ?? 0,
    });
  }
  return money;
}
