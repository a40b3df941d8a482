import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit';
import { COLLECTION_PAYMENT_LABELS, type CollectionPayment } from '../../../shared/payment-methods';
import type { RaiseOrderEvent } from './order-events-plugin';
import { orderBalancePaidEntry, orderMarkedPaidEntry, orderPaidOnCollectionEntry } from './order-audit';
import type { PaymentResult } from './payment-result';
import { findOrderRow, lockOrder, markPaidOnce, payBalanceOnce, withItems, type OrderRow } from './queries';
import { collectedByHandNgwee } from './refund-figures';
import { toOrderJson } from './serialize';

/**
 * An order made paid (docs/decisions/026-one-way-an-order-becomes-paid.md). Payments reads the order it
 * collects for and, when a provider confirms the money, makes it paid here (through orders' index.ts).
 * `markOrderPaid` is the one way an order becomes paid, whoever says so: a provider, or an admin who
 * checked the money arrived.
 */
export interface PayableOrder {
  id: string;
  userId: string | null;
  status: string;
  isPaid: boolean;
  paymentMethod: string;
  totalNgwee: number;
  /** What a paid order still owes after an edit raised its total (docs/decisions/070-order-edits.md). */
  balanceDueNgwee: number;
  customerEmail: string;
}

const payable = (row: OrderRow): PayableOrder => ({
  id: row.id,
  userId: row.userId,
  status: row.status,
  isPaid: row.isPaid,
  paymentMethod: row.paymentMethod,
  totalNgwee: row.totalNgwee,
  balanceDueNgwee: row.balanceDueNgwee,
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

/** What an admin records when marking an order paid by hand (PUT /orders/{id}/pay); blanks are absent. */
export interface AdminPayment {
  admin: Pick<CurrentUser, 'id' | 'name'>;
  /** Why it is marked paid by hand: how the money came. */
  note: string | null;
  /** The transaction id the admin checked; the order keeps the customer's when there is none. */
  reference: string | null;
  /** The spec's payment result, as far as the admin gave it. */
  result: { id?: string; status?: string; update_time?: string; email_address?: string };
}

/** Paid to whoever handed the parcel over, when it was collected (decision 045). */
export interface CollectionPaymentMade {
  /** The admin, or the pickup keeper (no account: id null). */
  actor: AuditActor;
  paidWith: CollectionPayment;
}

export type OrderPayment =
  | ({ by: 'provider' } & ProviderPayment)
  | ({ by: 'admin' } & AdminPayment)
  | ({ by: 'collection' } & CollectionPaymentMade);

/** Paid: the order as it is now. Refused: it was already paid, or cancelled, and nothing changed. */
export type MarkPaidOutcome =
  { paid: OrderRow; refused?: never } | { paid?: never; refused: 'already-paid' | 'cancelled' };

/**
 * Makes the order paid, once: a cancelled or already paid order is refused and nothing changes (each
 * caller answers that its own way). Writes how it was paid (one `paymentResult` shape for every path),
 * records an admin's mark in the audit trail, and raises 'order.paid' in the same transaction, so the
 * "payment received" e-mail and text are recorded with the change. `order` is the row the caller locked
 * (lockOrder) in this transaction.
 */
export async function markOrderPaid(
  tx: Tx,
  raise: RaiseOrderEvent,
  order: OrderRow,
  payment: OrderPayment,
): Promise<MarkPaidOutcome> {
  if (order.status === 'Cancelled') return { refused: 'cancelled' };
  if (order.isPaid && order.balanceDueNgwee > 0) return payBalance(tx, raise, order, payment);
  if (order.isPaid) return { refused: 'already-paid' };
  const paid = await markPaidOnce(tx, order.id, paidChanges(order, payment));
  if (!paid) return { refused: 'already-paid' };
  if (payment.by === 'admin') await recordAudit(tx, payment.admin, orderMarkedPaidEntry(order, paid, payment.note));
  if (payment.by === 'collection')
    await recordAudit(tx, payment.actor, orderPaidOnCollectionEntry(order, paid, payment.actor.name, payment.paidWith));
  await raise('order.paid', { order: toOrderJson(await withItems(tx, paid)) });
  return { paid };
}

/**
 * The balance an edit left on a paid order (docs/decisions/070-order-edits.md), paid once: by a provider's
 * collection of that amount (counted with the order's collections) or recorded by hand (kept on the order
 * with what was collected by hand before). 'order.paid' is raised again: the order is now paid in full.
 */
async function payBalance(
  tx: Tx,
  raise: RaiseOrderEvent,
  order: OrderRow,
  payment: OrderPayment,
): Promise<MarkPaidOutcome> {
  const byHand = payment.by === 'provider' ? 0 : order.balanceDueNgwee;
  const paid = await payBalanceOnce(tx, order.id, order.balanceDueNgwee, collectedByHandNgwee(order) + byHand);
  if (!paid) return { refused: 'already-paid' };
  if (payment.by !== 'provider') {
    const actor = payment.by === 'admin' ? payment.admin : payment.actor;
    const note =
      payment.by === 'admin' ? payment.note : `Paid on collection: ${COLLECTION_PAYMENT_LABELS[payment.paidWith]}`;
    await recordAudit(tx, actor, orderBalancePaidEntry(order, paid, note));
  }
  await raise('order.paid', { order: toOrderJson(await withItems(tx, paid)), balanceNgwee: order.balanceDueNgwee });
  return { paid };
}

function paidChanges(order: OrderRow, payment: OrderPayment) {
  const now = new Date().toISOString();
  if (payment.by === 'provider') {
    const id = payment.providerTransactionId ?? payment.reference;
    const result: PaymentResult = {
      id,
      status: 'COMPLETED',
      update_time: now,
      email_address: order.customerEmail,
      by: 'provider',
      provider: payment.provider,
      attemptReference: payment.reference,
      recordedBy: null,
      paidWith: null,
    };
    return { paymentReference: id, paymentResult: result, markedPaid: null };
  }
  if (payment.by === 'collection') {
    const { actor, paidWith } = payment;
    const result: PaymentResult = {
      id: order.paymentReference ?? order.id,
      status: 'COMPLETED',
      update_time: now,
      email_address: order.customerEmail,
      by: 'collection',
      provider: null,
      attemptReference: null,
      recordedBy: actor.id,
      paidWith,
    };
    return {
      paymentReference: order.paymentReference,
      paymentResult: result,
      markedPaid: {
        by: actor.id,
        byName: actor.name,
        note: `Paid on collection: ${COLLECTION_PAYMENT_LABELS[paidWith]}`,
      },
    };
  }
  const { admin, result: given } = payment;
  const reference = payment.reference ?? order.paymentReference;
  const result: PaymentResult = {
    id: given.id || reference || order.id,
    status: given.status || 'COMPLETED',
    update_time: given.update_time || now,
    email_address: given.email_address || order.customerEmail,
    by: 'admin',
    provider: null,
    attemptReference: null,
    recordedBy: admin.id,
    paidWith: null,
  };
  return {
    paymentReference: reference,
    paymentResult: result,
    markedPaid: { by: admin.id, byName: admin.name, note: payment.note },
  };
}

/**
 * Runs `work` in a transaction holding the order's row lock (the same lock as a status change or an
 * admin's mark, so a cancellation and a payment never interleave). When `work` answers a payment, the
 * order is made paid by `markOrderPaid` (a second confirmation changes nothing). `work` sees the locked
 * order (null when it is gone).
 */
export async function settleOrderPayment<T>(
  app: FastifyInstance,
  orderId: string,
  work: (tx: Tx, order: PayableOrder | null) => Promise<{ pay: ProviderPayment | null; result: T }>,
): Promise<T> {
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const current = await lockOrder(tx, orderId);
    const { pay, result } = await work(tx, current ? payable(current) : null);
    // A paid order owing a balance is made paid in full by the same call (payBalance).
    if (pay && current) await markOrderPaid(tx, raise, current, { by: 'provider', ...pay });
    return result;
  });
}
