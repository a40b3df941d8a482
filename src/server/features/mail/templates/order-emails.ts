import type { FastifyInstance } from 'fastify';
import type { Order } from '../../../shared/schemas/orders';
import type { OutgoingMail } from '../mail/mail-plugin';
import { cachedShopSettings } from '../settings/service';
import type { OrderChange } from './fulfilment';
import { orderConfirmation, orderUpdateMail, type OrderUpdate } from './order-mail-customer';
import type { OrderMailContext } from './order-mail-parts';
import { newOrderNotice } from './order-mail-shop-notice';

/**
 * Order e-mails go out only after the order's transaction has committed, through the mailer's
 * background delivery: a slow or refusing mail server never delays, fails or undoes an order, and a
 * failure here is logged, never answered to the customer.
 */

const MAILED_STATUSES: readonly string[] = ['Shipped', 'Delivered', 'Cancelled'];

async function mailContext(app: FastifyInstance): Promise<OrderMailContext> {
  const settings = await cachedShopSettings(app.db);
  return { settings, publicUrl: app.config.publicUrl, shopInbox: app.config.shopEmail ?? settings.email };
}

async function send(app: FastifyInstance, orderId: string, compose: (context: OrderMailContext) => (OutgoingMail | null)[]) {
  try {
    const context = await mailContext(app);
    await app.mailer.sendLater(compose(context).filter((m): m is OutgoingMail => m !== null));
  } catch (error) {
    app.log.error({ err: error, orderId }, 'order e-mail not sent');
  }
}

/** The confirmation to the customer and the notice to the cooperative, for an order just placed (not a repeat). */
export function mailPlacedOrder(app: FastifyInstance, order: Order): Promise<void> {
  return send(app, order._id, (context) => [orderConfirmation(order, context), newOrderNotice(order, context)]);
}

/** Which change of an order its customer is told about, if any. */
export function updateToMail(before: Pick<Order, 'status' | 'isPaid'>, after: Order): OrderUpdate | null {
  if (!before.isPaid && after.isPaid) return 'paid';
  if (before.status !== after.status && MAILED_STATUSES.includes(after.status)) return after.status as OrderUpdate;
  return null;
}

/** Mails the customer about a change of their order when the change calls for it, and answers the order. */
export async function mailOrderChange(app: FastifyInstance, { order, before }: OrderChange): Promise<Order> {
  const update = updateToMail(before, order);
  if (update) await send(app, order._id, (context) => [orderUpdateMail(update, order, context)]);
  return order;
}
