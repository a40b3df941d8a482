import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, paymentAttempts, refunds } from '../../db/schema';
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

/** The money an admin recorded by hand: the order's total when it is paid and no provider paid it. */
export function collectedByHandNgwee(order: Pick<OrderRow, 'isPaid' | 'paymentResult' | 'totalNgwee'>): number {
  if (!order.isPaid) return 0;
  return readPaymentResult(order.paymentResult)?.by === 'provider' ? 0 : order.totalNgwee;
}

/** The money of a page of orders in one query (never once per order). */
export async function moneyOfOrders(db: Db | Tx, rows: readonly OrderRow[]): Promise<Map<string, OrderMoney>> {
  const money = new Map<string, OrderMoney>();
  if (rows.length === 0) return money;
  const sums = await db
    .select({
      id: orders.id,
      collected: sql<number>`(select coalesce(sum(${paymentAttempts.amountNgwee}), 0)::int from ${paymentAttempts}
        where ${paymentAttempts.orderId} = ${orders.id} and ${paymentAttempts.collectedAt} is not null)`,
      refunded: sql<number>`(select coalesce(sum(${refunds.amountNgwee}), 0)::int from ${refunds}
        where ${refunds.orderId} = ${orders.id} and ${refunds.state} = 'successful')`,
    })
    .from(orders)
    .where(
      inArray(
        orders.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(sums.map((s) => [s.id, s]));
  for (const order of rows) {
    const sum = byId.get(order.id);
    money.set(order.id, {
      collectedNgwee: Number(sum?.collected ?? 0) + collectedByHandNgwee(order),
      refundedNgwee: Number(sum?.refunded ?? 0),
    });
  }
  return money;
}
