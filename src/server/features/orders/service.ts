import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { findOrderRow, itemsOfOrder, lockOrder, markPaidOnce, type OrderRow } from './queries';
import { toOrderJson } from './serialize';

/**
 * Orders' door for other features (decision 010). Payments reads the order it collects for and, when a
 * provider confirms the money, makes it paid here: orders keeps the one rule of how an order becomes
 * paid and announces 'order.paid' itself (the same "payment received" e-mail as an admin's mark).
 */
export interface PayableOrder {
  id: string;
  userId: string | null;
  status: string;
  isPaid: boolean;
  paymentMethod: string;
  totalNgwee: number;
  customerEmail: string;
}

const payable = (row: OrderRow): PayableOrder => ({
  id: row.id,
  userId: row.userId,
  status: row.status,
  isPaid: row.isPaid,
  paymentMethod: row.paymentMethod,
  totalNgwee: row.totalNgwee,
  customerEmail: row.customerEmail,
});

/** Orders are priced in kwacha; an amount collected in anything else is not this order's payment. */
export const ORDER_CURRENCY = 'ZMW';

export async function findPayableOrder(db: Db | Tx, orderId: string): Promise<PayableOrder | null> {
  const order = await findOrderRow(db, orderId);
  return order ? payable(order) : null;
}

export interface ProviderPayment {
  provider: string;
  /** Our reference of the attempt that collected the money. */
  reference: string;
  providerTransactionId: string | null;
}

/**
 * Runs `work` in a transaction holding the order's row lock (the same lock as a status change or an
 * admin's mark, so a cancellation and a payment never interleave). When `work` answers a payment, the
 * order becomes paid at most once (a conditional update: a second confirmation changes nothing) and
 * 'order.paid' is raised in the same transaction. `work` sees the locked order (null when it is gone).
 */
export async function settleOrderPayment<T>(
  app: FastifyInstance,
  orderId: string,
  work: (tx: Tx, order: PayableOrder | null) => Promise<{ pay: ProviderPayment | null; result: T }>,
): Promise<T> {
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const current = await lockOrder(tx, orderId);
    const { pay, result } = await work(tx, current ? payable(current) : null);
    if (!pay || !current || current.isPaid || current.status === 'Cancelled') return result;
    const order = await markPaidOnce(tx, current.id, {
      paymentReference: pay.providerTransactionId ?? pay.reference,
      paymentResult: {
        id: pay.providerTransactionId ?? pay.reference,
        status: 'COMPLETED',
        update_time: new Date().toISOString(),
        email_address: current.customerEmail,
        provider: pay.provider,
        attemptReference: pay.reference,
      },
    });
    if (order) await raise('order.paid', { order: toOrderJson({ order, items: await itemsOfOrder(tx, order.id) }) });
    return result;
  });
}
