import { payNumberFor, payOnCollectionSentence } from '../../../../shared/how-to-pay';
import { formatKwacha } from '../../../../shared/money';
import { orderReference, paysByMobileMoney } from '../../../../shared/order-status';
import { paysOnCollection } from '../../../../shared/payment-methods';
import type { Order } from '../../../../shared/schemas/orders';
import type { OutgoingMail } from '../outbox';
import type { MailBlock } from './order-mail-layout';
import {
  composeMail,
  customerOrderUrl,
  itemRows,
  orderNumber,
  paymentMethodLabel,
  shippingAddressText,
  deliveryBlocks,
  fiscalReceiptBlocks,
  totalRows,
  type OrderMailContext,
} from './order-mail-parts';

/** The changes of an order its customer hears about (Pending and Processing are the cooperative's own business). */
export type OrderUpdate = 'paid' | 'Shipped' | 'Delivered' | 'Cancelled';

const greeting = (order: Order): MailBlock => ({
  type: 'text',
  text: order.user?.name ? `Hello ${order.user.name},` : 'Hello,',
});
const orderLink = (order: Order, context: OrderMailContext): MailBlock => ({
  type: 'link',
  label: 'View your order',
  url: customerOrderUrl(order, context),
});

function toCustomer(
  order: Order,
  context: OrderMailContext,
  kind: string,
  subject: string,
  title: string,
  blocks: MailBlock[],
): OutgoingMail | null {
  const to = order.user?.email;
  if (!to) return null;
  const replyTo = { name: context.settings.shopName, address: context.shopInbox };
  return composeMail(context, { kind, to, subject, replyTo, title, blocks });
}

/**
 * The same facts as the success page's payment instructions: the exact total, the cooperative's number
 * for the chosen network, and the order number as the reference.
 */
function paymentInstructions(order: Order, context: OrderMailContext): MailBlock {
  const { settings } = context;
  const reference = orderReference(order._id);
  const total = formatKwacha(order.totalPrice);
  if (paysOnCollection(order.paymentMethod)) {
    return {
      type: 'panel',
      blocks: [
        { type: 'heading', text: 'How to pay' },
        { type: 'text', text: payOnCollectionSentence(total, order.delivery?.name ?? '') },
      ],
    };
  }
  if (!paysByMobileMoney(order.paymentMethod)) {
    return {
      type: 'panel',
      blocks: [
        { type: 'heading', text: 'How to pay' },
        {
          type: 'text',
          text: `You chose to pay by card: the cooperative will send you a payment link for ${total} (reference ${reference}).`,
        },
      ],
    };
  }
  const number = payNumberFor(order.paymentMethod, settings);
  const label = paymentMethodLabel(order.paymentMethod);
  const prompt: MailBlock[] = context.automaticPayments?.includes(order.paymentMethod)
    ? [
        {
          type: 'text',
          text: `Pay ${total} from your order page: we send an ${label} prompt to your phone, you approve it with your PIN, and your order is marked paid by itself.`,
        },
        { type: 'link', label: 'Pay from your order page', url: customerOrderUrl(order, context) },
        { type: 'text', text: 'If the prompt does not reach you, you can also send the money by hand:' },
      ]
    : [];
  return {
    type: 'panel',
    blocks: [
      { type: 'heading', text: 'How to pay' },
      ...prompt,
      { type: 'text', text: `Send ${total} by ${label} to:` },
      {
        type: 'rows',
        rows: [
          { label: 'Number', value: number || `please ask us at ${context.shopInbox}` },
          ...(settings.paymentAccountName ? [{ label: 'Name', value: settings.paymentAccountName }] : []),
          { label: 'Reference', value: reference },
        ],
      },
      {
        type: 'text',
        text: `Please use the order number ${reference} as the payment reference so we can match your payment. We start preparing your order once it arrives.`,
      },
      {
        type: 'text',
        text: `After paying, you can enter the transaction id you received on your order page: ${customerOrderUrl(order, context)}`,
      },
    ],
  };
}

export function orderConfirmation(order: Order, context: OrderMailContext): OutgoingMail | null {
  const number = orderNumber(order);
  return toCustomer(order, context, 'order-confirmation', `Order ${number} received`, 'Thank you for your order!', [
    greeting(order),
    { type: 'text', text: `Your order ${number} has been received and is being processed.` },
    paymentInstructions(order, context),
    { type: 'heading', text: 'Your order' },
    itemRows(order),
    totalRows(order),
    { type: 'heading', text: 'Shipping to' },
    { type: 'text', text: shippingAddressText(order) },
    ...deliveryBlocks(order),
    orderLink(order, context),
    { type: 'text', text: 'Questions? Reply to this e-mail.' },
  ]);
}

export function orderUpdateMail(update: OrderUpdate, order: Order, context: OrderMailContext): OutgoingMail | null {
  const number = orderNumber(order);
  const total = formatKwacha(order.totalPrice);
  const summary: MailBlock[] = [{ type: 'heading', text: 'Your order' }, itemRows(order), totalRows(order)];
  switch (update) {
    case 'paid':
      return toCustomer(order, context, 'order-paid', `Order ${number}: payment received`, 'Payment received', [
        greeting(order),
        {
          type: 'text',
          text: `We have received your payment of ${total} for order ${number}. Thank you! We are now preparing your order and will e-mail you when it is on its way.`,
        },
        ...summary,
        ...fiscalReceiptBlocks(order, context),
        orderLink(order, context),
      ]);
    case 'Shipped':
      return toCustomer(order, context, 'order-shipped', `Order ${number} shipped`, 'Your order is on its way', [
        greeting(order),
        { type: 'text', text: `Order ${number} has been shipped to:` },
        { type: 'text', text: shippingAddressText(order) },
        ...summary,
        ...fiscalReceiptBlocks(order, context),
        orderLink(order, context),
      ]);
    case 'Delivered':
      return toCustomer(
        order,
        context,
        'order-delivered',
        `Order ${number} delivered`,
        'Your order has been delivered',
        [
          greeting(order),
          {
            type: 'text',
            text: `Order ${number} has been delivered. Thank you for supporting ${context.settings.shopName}!`,
          },
          { type: 'text', text: 'If anything is wrong with it, reply to this e-mail and we will put it right.' },
          ...summary,
          ...fiscalReceiptBlocks(order, context),
          orderLink(order, context),
        ],
      );
    case 'Cancelled':
      return toCustomer(
        order,
        context,
        'order-cancelled',
        `Order ${number} cancelled`,
        'Your order has been cancelled',
        [
          greeting(order),
          { type: 'text', text: `Order ${number} (${total}) has been cancelled.` },
          {
            type: 'text',
            text: order.isPaid
              ? `We had received your payment of ${total}: we will contact you to return it.`
              : 'Please do not send a payment for this order. If you already have, reply to this e-mail and we will return it.',
          },
          ...summary,
          orderLink(order, context),
        ],
      );
  }
}
