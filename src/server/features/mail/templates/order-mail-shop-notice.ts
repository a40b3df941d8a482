import { formatKwacha } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import type { OutgoingMail } from '../outbox';
import {
  composeMail,
  itemRows,
  orderNumber,
  paymentMethodLabel,
  shippingAddressText,
  deliveryBlocks,
  totalRows,
  type OrderMailContext,
} from './order-mail-parts';

/** The cooperative's notice of a new order; replying answers the customer. */
export function newOrderNotice(order: Order, context: OrderMailContext): OutgoingMail {
  const number = orderNumber(order);
  const total = formatKwacha(order.totalPrice);
  const method = paymentMethodLabel(order.paymentMethod);
  const customer = order.user;
  const checkPayment =
    order.paymentMethod === 'creditCard'
      ? `The customer chose to pay by card: please send them a payment link for ${total}.`
      : order.paymentMethod === 'collection'
        ? `The customer pays ${total} to the keeper of ${order.delivery?.name ?? 'the pickup point'} on collection: the order becomes paid when it is marked collected.`
        : `The customer was asked to send ${total} by ${method} with the reference ${orderReference(order._id)}. Mark the order paid once the money has arrived.`;
  return composeMail(context, {
    kind: 'order-notice',
    to: context.shopInbox,
    subject: `New order ${number}: ${total}, ${method}`,
    replyTo: customer?.email ? { name: customer.name, address: customer.email } : undefined,
    title: `New order ${number}`,
    blocks: [
      {
        type: 'rows',
        rows: [
          { label: 'Customer', value: customer?.name ?? 'N/A' },
          { label: 'E-mail', value: customer?.email ?? 'N/A' },
          { label: 'Phone', value: order.shippingAddress.phoneNumber },
          { label: 'Payment', value: method },
          { label: 'Total', value: total },
        ],
      },
      { type: 'text', text: checkPayment },
      { type: 'heading', text: 'Items' },
      itemRows(order),
      totalRows(order),
      { type: 'heading', text: 'Ship to' },
      { type: 'text', text: shippingAddressText(order) },
      ...deliveryBlocks(order, true),
      // The back office keeps its search in the address (?q=); the order number finds this one.
      {
        type: 'link',
        label: 'Open in the back office',
        url: `${context.publicUrl}/admin/orders?q=${orderReference(order._id)}`,
      },
      { type: 'text', text: `Order id: ${order._id}` },
    ],
  });
}
