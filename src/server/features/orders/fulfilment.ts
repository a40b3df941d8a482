import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import type { OrderStatus } from '../../../shared/order-status';
import { paysOnCollection } from '../../../shared/payment-methods';
import type { Order } from '../../../shared/schemas/orders';
import type { Tx } from '../../db/client';
import { attachPaymentReference, findOrder, itemsOfOrder, lockOrder, withItems, type OrderRow } from './queries';
import { moneyOfOrders, NO_MONEY_BACK } from './refund-figures';
import { markOrderPaid } from './paid';
import { toAdminOrderJson, toOrderJson } from './serialize';
import { fiscalReceiptsOfOrders, NOT_REQUIRED } from './fiscal-receipt';
import { returnStock, stockLines, takeStock } from '../inventory';
import { keepStockTaken } from './stock-taken';
import { recordAudit, type AuditActor } from '../audit';
import { orderStatusEntry } from './order-audit';
import type { RaiseOrderEvent, UnpaidRelease } from './order-events-plugin';

export const orderNotFound = () => NotFound('Order not found');
const cancelledOrder = () => Conflict('A cancelled order cannot be paid');

/** Another customer's order is answered exactly like one that does not exist, so ids cannot be probed. */
export async function getOrderFor(app: FastifyInstance, viewer: CurrentUser, orderId: string): Promise<Order> {
  const found = await findOrder(app.db, orderId);
  if (!found || (!viewer.isAdmin && found.order.userId !== viewer.id)) throw orderNotFound();
  return viewer.isAdmin ? toAdminOrderJson(found) : toOrderJson(found);
}

/**
 * PUT /orders/{id}/status and /deliver. The order row stays locked for the whole change, so stock
 * moves exactly once: becoming Cancelled puts every line back, leaving Cancelled takes it again
 * (409 naming the product when it is no longer there, and then nothing changes).
 */
export async function changeOrderStatus(
  app: FastifyInstance,
  orderId: string,
  status: OrderStatus,
  actor: AuditActor,
  /**
   * Runs first, on the locked order, in the change's transaction (a collection checks its code, writes who,
   * and makes a pay-on-collection order paid, raising its event; the shop's release of an unpaid order
   * checks it is still due and says so, for the cancellation's event).
   */
  first?: (tx: Tx, current: OrderRow, raise: RaiseOrderEvent) => Promise<void | { release: UnpaidRelease }>,
): Promise<Order> {
  const { changed, stockMovedFor } = await app.orderEvents.transaction(app.db, async (tx, raise) => {
    const current = await lockOrder(tx, orderId);
    if (!current) throw orderNotFound();
    const release = first ? (await first(tx, current, raise))?.release : undefined;
    const items = await itemsOfOrder(tx, current.id);
    const lines = stockLines(items);
    const cancelling = status === 'Cancelled' && current.status !== 'Cancelled';
    const reopening = current.status === 'Cancelled' && status !== 'Cancelled';
    let stockMovedFor: string[] = [];
    if (cancelling) stockMovedFor = (await returnStock(tx, lines)).changed;
    if (reopening) {
      const taken = await takeStock(tx, lines);
      // A set is taken as it is made now, which is what a later cancellation must return.
      await keepStockTaken(tx, items, taken.sold);
      stockMovedFor = taken.changed;
    }
    // isDelivered follows the status, so the flag and the badge never disagree; the first delivery date is kept.
    const delivered = status === 'Delivered';
    const [order] = await tx
      .update(orders)
      .set({
        status,
        isDelivered: delivered,
        deliveredAt: delivered ? sql`coalesce(${orders.deliveredAt}, now())` : null,
        // A status change puts the order in a person's hands (or ends it): the shop no longer releases it.
        unpaidHoldUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, current.id))
      .returning();
    if (current.status !== status) {
      const stock = cancelling
        ? { moved: 'returned' as const, lines }
        : reopening
          ? { moved: 'taken' as const, lines }
          : null;
      await recordAudit(tx, actor, orderStatusEntry(order, current.status, stock));
    }
    const changed = {
      order,
      items,
      money: (await moneyOfOrders(tx, [order])).get(order.id) ?? NO_MONEY_BACK,
      fiscal: (await fiscalReceiptsOfOrders(tx, [order])).get(order.id) ?? NOT_REQUIRED,
    };
    if (cancelling)
      await raise('order.cancelled', {
        order: toOrderJson(changed),
        from: current.status,
        ...(release && { release }),
      });
    else if (current.status !== status)
      await raise('order.status-changed', { order: toOrderJson(changed), from: current.status });
    return { changed, stockMovedFor };
  });
  if (stockMovedFor.length > 0) await app.catalogCache.invalidate('stock', stockMovedFor);
  return toAdminOrderJson(changed);
}

export interface PaymentInput {
  id?: string;
  status?: string;
  update_time?: string;
  email_address?: string;
  paymentReference?: string;
  /** The admin's reason for marking the order paid by hand. */
  note?: string;
}

/**
 * PUT /orders/{id}/pay. Only an admin, who has checked the money arrived, makes an order paid, and the
 * order keeps who marked it, when and why. An order already paid keeps the record of how it was paid
 * (a provider's or the first admin's): a repeated mark answers it unchanged, and a repeated mark with a
 * reason is refused, since that reason would explain nothing that happened. The customer who placed it
 * may only attach the reference of their mobile-money or card payment for the admin to check; it stays
 * unpaid.
 */
export async function recordPayment(
  app: FastifyInstance,
  viewer: CurrentUser,
  orderId: string,
  input: PaymentInput,
): Promise<Order> {
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const current = await lockOrder(tx, orderId);
    if (!current || (!viewer.isAdmin && current.userId !== viewer.id)) throw orderNotFound();
    const reference = input.paymentReference?.trim() || null;
    if (viewer.isAdmin) {
      const note = input.note?.trim() || null;
      const { id, status, update_time, email_address } = input;
      const marked = await markOrderPaid(tx, raise, current, {
        by: 'admin',
        admin: viewer,
        note,
        reference,
        result: { id, status, update_time, email_address },
      });
      if (marked.refused === 'cancelled') throw cancelledOrder();
      if (marked.refused === 'already-paid' && note) throw Conflict('This order has already been paid');
      const order = marked.paid ?? current;
      return toAdminOrderJson(await withItems(tx, order));
    }
    if (current.status === 'Cancelled') throw cancelledOrder();
    if (current.isPaid) throw Conflict('This order has already been paid');
    if (paysOnCollection(current.paymentMethod))
      throw Conflict('This order is paid to the keeper when you collect it: there is no transaction ID to give');
    if (!reference) throw BadRequest('paymentReference is required: enter the transaction id of your payment');
    const order = await attachPaymentReference(tx, current.id, reference);
    return toOrderJson(await withItems(tx, order));
  });
}
