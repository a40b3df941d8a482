import type { Order } from '../../../../shared/schemas/orders';
import type { OutgoingMail } from '../outbox';
import { orderConfirmation, orderUpdateMail, type OrderUpdate } from './order-mail-customer';
import type { OrderMailContext } from './order-mail-parts';
import { newOrderNotice } from './order-mail-shop-notice';

/** The order e-mails, composed from the order as committed; features/mail/order-mail.ts decides when. */

/** The confirmation to the customer and the notice to the cooperative, for an order just placed (not a repeat). */
export function placedOrderMails(order: Order, context: OrderMailContext): OutgoingMail[] {
  return [orderConfirmation(order, context), newOrderNotice(order, context)].filter(
    (m): m is OutgoingMail => m !== null,
  );
}

/** The customer's message about a change of their order. */
export function orderUpdateMails(update: OrderUpdate, order: Order, context: OrderMailContext): OutgoingMail[] {
  const mail = orderUpdateMail(update, order, context);
  return mail ? [mail] : [];
}
