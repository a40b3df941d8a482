import type { FastifyInstance } from 'fastify';
import type { UnpaidOrderSettings } from '../../config';
import type { AuditActor } from '../audit';
import { paysOnCollection } from '../../../shared/payment-methods';
import { changeOrderStatus } from './fulfilment';
import { isDueForRelease, ordersDueForRelease, type DueOrder } from './unpaid-queries';

/**
 * The shop releases unpaid orders (docs/decisions/056-unpaid-orders-hold-stock-for-a-while.md): an order
 * still unpaid and Pending at its hold's end is cancelled through the one status change, so its stock goes
 * back once, the audit names the shop, and the cancellation's event records the shopper's text in the same
 * transaction. Nothing is kept in memory: each run reads what is due, and each order is read again under its
 * row lock, so two instances (or a run cut short by a crash) release each order once.
 */

/** Who releases, as the audit trail names it. */
export const RELEASING_SHOP: AuditActor = { id: null, name: 'Shop (unpaid order released)' };

const BATCH = 50;

/**
 * When a new order is released if it is still unpaid and Pending (its method's hold). Undefined: never, and
 * the column is left out of the insert (its prepared statement's timestamp encoder cannot take a null).
 */
export function unpaidHoldUntil(rules: UnpaidOrderSettings | undefined, onCollection: boolean): Date | undefined {
  const ms = onCollection ? rules?.collectionHoldMs : rules?.holdMs;
  // The instance's clock, against the database's at release: they differ by seconds, holds last hours.
  return ms ? new Date(Date.now() + ms) : undefined;
}

class NoLongerDue extends Error {}

/**
 * Releases every order due now, a batch at a time; answers how many it released. A payment attempt keeps
 * its order while it lives and for one attempt's lifetime after it ended, since the prompt may still be on
 * the shopper's phone; an approval after that is the late-approval path's (decision 029: refund due).
 */
export async function releaseUnpaidOrders(app: FastifyInstance): Promise<number> {
  const graceMs = app.payments.timing.expiryMs;
  let released = 0;
  // Page by page after the last one seen, so an order that fails to release never holds up the rest.
  for (let after: DueOrder | null = null; ;) {
    const due = await ordersDueForRelease(app.db, graceMs, BATCH, after);
    for (const order of due) if (await releaseOne(app, order.id, graceMs)) released += 1;
    if (due.length < BATCH) return released;
    after = due[due.length - 1];
  }
}

async function releaseOne(app: FastifyInstance, orderId: string, graceMs: number): Promise<boolean> {
  try {
    await changeOrderStatus(app, orderId, 'Cancelled', RELEASING_SHOP, async (tx, current) => {
      if (!(await isDueForRelease(tx, current.id, graceMs))) throw new NoLongerDue();
      const heldMs = current.unpaidHoldUntil!.getTime() - current.createdAt.getTime();
      return { release: { heldMs, onCollection: paysOnCollection(current.paymentMethod) } };
    });
    return true;
  } catch (error) {
    if (!(error instanceof NoLongerDue))
      app.log.error({ err: error, order: orderId }, 'releasing an unpaid order failed');
    return false;
  }
}
