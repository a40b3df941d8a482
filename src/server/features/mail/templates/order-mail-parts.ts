import { formatKwacha, lineTotalInKwacha, TAX_RATE_PERCENT } from '../../../../shared/money';
import { orderReference, paymentMethodLabel } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { deliveryLine, deliveryWorthNaming } from '../../../../shared/delivery';
import type { ShopSettings } from '../../../../shared/schemas/settings';
import type { OutgoingMail } from '../outbox';
import { renderHtml, renderText, type MailBlock, type MailLayout } from './order-mail-layout';
import {
  FISCAL_RECEIPT_PENDING,
  FISCAL_RECEIPT_PENDING_DETAIL,
  FISCAL_RECEIPT_TITLE,
  fiscalQrPath,
  fiscalReceiptLines,
} from '../../../../shared/fiscal-receipt';

/** What every order e-mail needs besides the order: the shop's identity and where its pages are. */
export interface OrderMailContext {
  settings: ShopSettings;
  publicUrl: string;
  /** Where the cooperative reads mail: new-order notices go there, and customers' replies. */
  shopInbox: string;
  /** Mobile-money methods the shop collects by itself (a prompt on the shopper's phone); absent: none. */
  automaticPayments?: readonly string[];
  /** SMART_INVOICE is on: a paid order's mail names its ZRA receipt, or that it is pending. */
  smartInvoice?: boolean;
}

/** '#abcd1234': the order number customers quote when they pay. */
export const orderNumber = (order: Order) => `#${orderReference(order._id)}`;

export const customerOrderUrl = (order: Order, context: OrderMailContext) =>
  `${context.publicUrl}/account/orders/${order._id}`;

export { paymentMethodLabel };

export function itemRows(order: Order): MailBlock {
  return {
    type: 'rows',
    rows: order.orderItems.map((item) => ({
      label: `${item.quantity} x ${item.name}`,
      value: formatKwacha(lineTotalInKwacha(item.price, item.quantity)),
    })),
  };
}

/** The stored figures, labelled as the checkout summary labels them. */
export function totalRows(order: Order): MailBlock {
  return {
    type: 'rows',
    rows: [
      { label: 'Subtotal', value: formatKwacha(order.itemsPrice) },
      ...(order.discountAmount > 0
        ? [{ label: `Discount (${order.discountCode})`, value: `-${formatKwacha(order.discountAmount)}` }]
        : []),
      { label: `Tax (${TAX_RATE_PERCENT}%)`, value: formatKwacha(order.taxPrice) },
      { label: 'Shipping', value: order.shippingPrice === 0 ? 'Free' : formatKwacha(order.shippingPrice) },
      { label: 'Total', value: formatKwacha(order.totalPrice), strong: true },
    ],
  };
}

export function shippingAddressText(order: Order): string {
  const { address, city, province, zipCode, phoneNumber } = order.shippingAddress;
  return [order.user?.name, address, `${city}, ${province} ${zipCode}`, `Phone: ${phoneNumber}`]
    .filter(Boolean)
    .join('\n');
}

/**
 * How the order travels (decision 037), with a pickup point's hours and directions; nothing for the seeded
 * standard delivery in the shopper's mail (`always` for the shop's notice).
 */
export function deliveryBlocks(order: Order, always = false): MailBlock[] {
  const delivery = order.delivery;
  if (!delivery || (!always && !deliveryWorthNaming(delivery))) return [];
  const lines = [
    deliveryLine(delivery),
    delivery.estimate && `Estimated time: ${delivery.estimate}`,
    delivery.openingHours && `Open: ${delivery.openingHours}`,
    delivery.directions,
    // The shopper's proof at the counter (decision 038): in their own mail only, never the shop's notice.
    !always && order.collection?.code && !order.collection.collectedAt
      ? `Collection code: ${order.collection.code} (show it when you collect your parcel)`
      : '',
  ].filter(Boolean);
  return [
    { type: 'heading', text: 'Delivery' },
    { type: 'text', text: lines.join('\n') },
  ];
}

export function composeMail(
  context: OrderMailContext,
  mail: Pick<OutgoingMail, 'kind' | 'to' | 'subject' | 'replyTo'> & Pick<MailLayout, 'title' | 'blocks'>,
): OutgoingMail {
  const { settings } = context;
  const layout: MailLayout = {
    shopName: settings.shopName,
    title: mail.title,
    blocks: mail.blocks,
    footer: [[settings.email, settings.phone].filter(Boolean).join(' · '), context.publicUrl],
  };
  return {
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    replyTo: mail.replyTo,
    text: renderText(layout),
    html: renderHtml(layout),
  };
}

/**
 * The order's ZRA Smart Invoice receipt (docs/decisions/062-smart-invoice.md): its lines and a link to its
 * QR code once issued; pending until then (the payment's own mail is written before the device signs).
 */
export function fiscalReceiptBlocks(order: Order, context: OrderMailContext): MailBlock[] {
  const receipt = order.fiscalReceipt;
  if (receipt.status === 'issued' && receipt.signature)
    return [
      { type: 'heading', text: FISCAL_RECEIPT_TITLE },
      { type: 'rows', rows: fiscalReceiptLines(receipt).map(([label, value]) => ({ label, value })) },
      {
        type: 'link',
        label: 'The QR code of your receipt',
        url: `${context.publicUrl}${fiscalQrPath(receipt.signature)}`,
      },
    ];
  if (!context.smartInvoice || !order.isPaid) return [];
  return [
    {
      type: 'text',
      text: `${FISCAL_RECEIPT_PENDING}. ${FISCAL_RECEIPT_PENDING_DETAIL.replace('here', 'on your order page')}`,
    },
  ];
}
