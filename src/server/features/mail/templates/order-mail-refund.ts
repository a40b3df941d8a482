import { formatKwacha, toKwacha } from '../../../../shared/money';
import { NETWORK_NAMES } from '../../../../shared/phone-numbers';
import { networkOfRoute } from '../../../../shared/refunds';
import type { Order } from '../../../../shared/schemas/orders';
import type { RefundedMoney } from '../../orders';
import type { OutgoingMail } from '../outbox';
import { composeMail, customerOrderUrl, orderNumber, type OrderMailContext } from './order-mail-parts';

/** A number as a Zambian dials it: +260971234567 → 0971234567. */
const localNumber = (e164: string) => (e164.startsWith('+260') ? `0${e164.slice(4)}` : e164);

/**
 * The shopper's e-mail when money went back (docs/decisions/030-refunds.md): how much, where to, and the
 * order's refunded total so far.
 */
export function orderRefundedMail(order: Order, refund: RefundedMoney, context: OrderMailContext): OutgoingMail | null {
  const to = order.user?.email;
  if (!to) return null;
  const number = orderNumber(order);
  const amount = formatKwacha(toKwacha(refund.amountNgwee));
  const network = networkOfRoute(refund.route);
  const where =
    network && refund.phone
      ? `We have sent a refund of ${amount} for order ${number} to your ${NETWORK_NAMES[network]} number ${localNumber(refund.phone)}.`
      : `We have sent a refund of ${amount} for order ${number} back to you.`;
  const total =
    refund.status === 'refunded'
      ? 'All that you paid for this order has now been refunded.'
      : `In all, ${formatKwacha(toKwacha(refund.refundedNgwee))} of what you paid for this order has been refunded.`;
  return composeMail(context, {
    kind: 'order-refunded',
    to,
    subject: `Order ${number}: refund of ${amount}`,
    replyTo: { name: context.settings.shopName, address: context.shopInbox },
    title: 'Your refund',
    blocks: [
      { type: 'text', text: order.user?.name ? `Hello ${order.user.name},` : 'Hello,' },
      { type: 'text', text: where },
      { type: 'text', text: total },
      { type: 'text', text: 'If it has not reached you within a day, reply to this e-mail and we will look into it.' },
      { type: 'link', label: 'View your order', url: customerOrderUrl(order, context) },
    ],
  });
}
