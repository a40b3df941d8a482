import { formatKwacha, toKwacha } from '../../../../shared/money';
import type { Order } from '../../../../shared/schemas/orders';
import type { EditedMoney } from '../../orders';
import type { OutgoingMail } from '../outbox';
import {
  composeMail,
  customerOrderUrl,
  deliveryBlocks,
  itemRows,
  orderNumber,
  totalRows,
  type OrderMailContext,
} from './order-mail-parts';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

/**
 * The shopper's e-mail when an admin changed her order before it left (docs/decisions/070-order-edits.md):
 * the order as it is now, and what the change means for her money.
 */
export function orderEditedMail(order: Order, edit: EditedMoney, context: OrderMailContext): OutgoingMail | null {
  const to = order.user?.email;
  if (!to) return null;
  const number = orderNumber(order);
  const money =
    edit.balanceDueNgwee > 0
      ? `The new total is ${kwacha(edit.differenceNgwee)} more than before: please pay the balance of ${kwacha(edit.balanceDueNgwee)} from your order page.`
      : edit.refundNgwee > 0
        ? `The new total is ${kwacha(-edit.differenceNgwee)} less than before: we will refund ${kwacha(edit.refundNgwee)} to you.`
        : order.isPaid
          ? 'There is nothing more to pay.'
          : `Please pay the new total of ${formatKwacha(order.totalPrice)}.`;
  return composeMail(context, {
    kind: 'order-edited',
    to,
    subject: `Order ${number} changed: new total ${formatKwacha(order.totalPrice)}`,
    replyTo: { name: context.settings.shopName, address: context.shopInbox },
    title: 'Your order was changed',
    blocks: [
      { type: 'text', text: order.user?.name ? `Hello ${order.user.name},` : 'Hello,' },
      {
        type: 'text',
        text: `We changed order ${number} as agreed with you (it was ${kwacha(edit.previousTotalNgwee)}). ${money}`,
      },
      itemRows(order),
      totalRows(order),
      ...deliveryBlocks(order),
      { type: 'link', label: 'View your order', url: customerOrderUrl(order, context) },
    ],
  });
}
