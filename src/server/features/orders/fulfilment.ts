import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import type { OrderStatus } from '../../../shared/order-status';
import type { Order } from '../../../shared/schemas/orders';
import { findOrder, itemsOfOrder, lockOrder } from './queries';
import { toAdminOrderJson, toOrderJson } from './serialize';
import { returnStock, stockLines, takeStock } from '../inventory/stock';
import { recordAudit, type AuditActor } from '../audit/service';
import { orderMarkedPaidEntry, orderStatusEntry } from './order-audit';

export const orderNotFound = () => NotFound('Order not found');

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
export async function changeOrderStatus(app: FastifyInstance, orderId: string, status: OrderStatus, actor: AuditActor): Promise<Order> {
  const { changed, stockMovedFor } = await app.orderEvents.transaction(app.db, async (tx, raise) => {
    const current = await lockOrder(tx, orderId);
    if (!current) throw orderNotFound();
    const items = await itemsOfOrder(tx, current.id);
    const lines = stockLines(items);
    const cancelling = status === 'Cancelled' && current.status !== 'Cancelled';
    const reopening = current.status === 'Cancelled' && status !== 'Cancelled';
    if (cancelling) await returnStock(tx, lines);
    if (reopening) await takeStock(tx, lines);
    // isDelivered follows the status, so the flag and the badge never disagree; the first delivery date is kept.
    const delivered = status === 'Delivered';
    const [order] = await tx
      .update(orders)
      .set({
        status,
        isDelivered: delivered,
        deliveredAt: delivered ? sql`coalesce(${orders.deliveredAt}, now())` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, current.id))
      .returning();
    if (current.status !== status) {
      const stock = cancelling ? { moved: 'returned' as const, lines } : reopening ? { moved: 'taken' as const, lines } : null;
      await recordAudit(tx, actor, orderStatusEntry(order, current.status, stock));
    }
    if (cancelling) await raise('order.cancelled', { order: toOrderJson({ order, items }), from: current.status });
    else if (current.status !== status) await raise('order.status-changed', { order: toOrderJson({ order, items }), from: current.status });
    return {
      changed: { order, items },
      stockMovedFor: cancelling || reopening ? lines.map((line) => line.productId) : [],
    };
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
export async function recordPayment(app: FastifyInstance, viewer: CurrentUser, orderId: string, input: PaymentInput): Promise<Order> {
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const current = await lockOrder(tx, orderId);
    if (!current || (!viewer.isAdmin && current.userId !== viewer.id)) throw orderNotFound();
    if (current.status === 'Cancelled') throw Conflict('A cancelled order cannot be paid');
    const reference = input.paymentReference?.trim() || null;
    let changes: PgUpdateSetSource<typeof orders>;
    if (viewer.isAdmin) {
      const note = input.note?.trim() || null;
      if (current.isPaid) {
        if (note) throw Conflict('This order has already been paid');
        return toAdminOrderJson({ order: current, items: await itemsOfOrder(tx, current.id) });
      }
      changes = {
        isPaid: true,
        paidAt: sql`coalesce(${orders.paidAt}, now())`,
        paymentReference: reference ?? current.paymentReference,
        paymentResult: {
          id: input.id || reference || current.paymentReference || current.id,
          status: input.status || 'COMPLETED',
          update_time: input.update_time || new Date().toISOString(),
          email_address: input.email_address || current.customerEmail,
          recordedBy: viewer.id,
        },
        markedPaidBy: viewer.id,
        markedPaidByName: viewer.name,
        markedPaidAt: sql`now()`,
        markedPaidNote: note,
      };
    } else {
      if (current.isPaid) throw Conflict('This order has already been paid');
      if (!reference) throw BadRequest('paymentReference is required: enter the transaction id of your payment');
      changes = { paymentReference: reference };
    }
    const [order] = await tx
      .update(orders)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(orders.id, current.id))
      .returning();
    const items = await itemsOfOrder(tx, order.id);
    if (viewer.isAdmin) await recordAudit(tx, viewer, orderMarkedPaidEntry(current, order, input.note?.trim() || null));
    if (!current.isPaid && order.isPaid) await raise('order.paid', { order: toOrderJson({ order, items }) });
    return viewer.isAdmin ? toAdminOrderJson({ order, items }) : toOrderJson({ order, items });
  });
}
