import { howToPay } from '../../../shared/how-to-pay';
import { compactKwacha, toKwacha } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';
import { NETWORK_NAMES, readZambianMobile } from '../../../shared/phone-numbers';
import type { Order } from '../../../shared/schemas/orders';
import type { ShopSettings } from '../../../shared/schemas/settings';
import { firstThatFits } from '../../../shared/sms-text';
import { deliveryWorthNaming } from '../../../shared/delivery';
import { networkOfRoute } from '../../../shared/refunds';
import type { EditedMoney, RefundedMoney, UnpaidRelease } from '../orders';

/**
 * The order texts, each written to fit one 160-character GSM-7 message with the signed order link
 * (about 70 characters): wordings go from friendliest to shortest, the shop's name first while it fits
 * (sms-text.ts picks). The facts are the e-mails' (how-to-pay.ts, money.ts); features/sms/order-sms.ts
 * decides when each goes.
 */
export interface OrderTextContext {
  settings: Pick<ShopSettings, 'shopName' | 'phone' | 'airtelMoneyNumber' | 'mtnMoneyNumber' | 'paymentAccountName'>;
  /** The signed order link (orders/order-link.ts), which opens the order without signing in. */
  link: string;
  /**
   * Mobile-money methods the shop collects by itself (a prompt on the shopper's phone, started from the
   * account's order page, `orderPage`); absent: none. As the confirmation e-mail does, such an order's
   * text points to that page instead of telling the shopper to pay by hand.
   */
  automaticPayments?: readonly string[];
  orderPage?: string;
}

export type OrderTextUpdate = 'paid' | 'Shipped' | 'Delivered' | 'Cancelled';

const numberOf = (order: Order) => `#${orderReference(order._id)}`;

/** A number as a Zambian dials it (0971234567); as typed when it is not a Zambian mobile. */
export function localNumber(typed: string): string {
  const check = readZambianMobile(typed);
  return check.ok ? `0${check.mobile.national}` : typed.trim();
}

/**
 * The shop's name in front of the longest wording that leaves room for it, else the wordings without it:
 * until the co-op has its own sender id, texts come from Africa's Talking's shared short code, and the
 * name is how a customer knows who wrote.
 */
function signed(shopName: string, wordings: string[]): string {
  return firstThatFits([...wordings.map((text) => `${shopName}: ${text}`), ...wordings]);
}

/** A return's step (features/returns words it): the shop's name in front while one message holds it. */
export const signedReturnText = (shopName: string, wordings: string[]) => signed(shopName, wordings);

/**
 * The placed text with a pickup point or bus-station parcel named in front while one message still holds it
 * (with or without the shop's name), else the usual wordings (decision 037); the seeded standard delivery
 * adds nothing, so the spec's texts stay. A collection code (decision 038) comes first of all: the place
 * with the code, then the code alone, before a wording without it (the e-mail and order page always say it).
 */
function signedWithDelivery(order: Order, shopName: string, wordings: string[]): string {
  if (!deliveryWorthNaming(order.delivery)) return signed(shopName, wordings);
  const { kind, name } = order.delivery;
  const code = order.collection?.code;
  const prefixes =
    kind === 'door'
      ? [`Delivery: ${name}.`]
      : code
        ? [`Collect at ${name} with code ${code}.`, `Collection code ${code}.`, `Code ${code}.`]
        : [`Collect at ${name}.`];
  const named = prefixes.flatMap((where) => {
    const texts = wordings.map((text) => `${where} ${text}`);
    return [...texts.map((text) => `${shopName}: ${text}`), ...texts];
  });
  return firstThatFits([...named, ...wordings.map((text) => `${shopName}: ${text}`), ...wordings]);
}

export function orderPlacedText(
  order: Order,
  { settings, link, automaticPayments, orderPage }: OrderTextContext,
): string {
  const number = numberOf(order);
  const total = compactKwacha(order.totalPrice);
  const pay = howToPay(order, settings);
  if (pay?.kind === 'mobileMoney' && orderPage && automaticPayments?.includes(pay.method)) {
    const network = NETWORK_NAMES[pay.method];
    return signedWithDelivery(order, settings.shopName, [
      `Thank you! Order ${number} received, ${total}. Pay by ${pay.methodLabel} prompt from your order page: ${orderPage}`,
      `Order ${number} received, ${total}. Pay by ${network} prompt from your order page: ${orderPage}`,
      `Order ${number}, ${total}. Pay from your order page: ${orderPage}`,
    ]);
  }
  if (pay?.kind === 'mobileMoney' && pay.number) {
    const to = localNumber(pay.number);
    const network = NETWORK_NAMES[pay.method];
    return signedWithDelivery(order, settings.shopName, [
      `Thank you! Order ${number} received, ${total}. Pay by ${pay.methodLabel} to ${to}, reference ${pay.reference}. ${link}`,
      `Order ${number} received, ${total}. Pay by ${pay.methodLabel} to ${to}, ref ${pay.reference}. ${link}`,
      `Order ${number}, ${total}. Pay by ${network} to ${to}, ref ${pay.reference}. ${link}`,
    ]);
  }
  if (pay?.kind === 'collection') {
    return signedWithDelivery(order, settings.shopName, [
      `Thank you! Order ${number} received, ${total}. Pay the keeper in cash or mobile money when you collect. ${link}`,
      `Order ${number}, ${total}: pay the keeper when you collect. ${link}`,
      `Order ${number}, ${total}: pay on collection. ${link}`,
    ]);
  }
  if (pay?.kind === 'card') {
    return signedWithDelivery(order, settings.shopName, [
      `Thank you! Order ${number} received, ${total}. We will send you a link to pay by card. ${link}`,
      `Order ${number}, ${total}: we will send a card payment link. ${link}`,
    ]);
  }
  return signedWithDelivery(order, settings.shopName, [
    `Thank you! Order ${number} received, ${total}. How to pay: ${link}`,
    `Order ${number}, ${total}. How to pay: ${link}`,
  ]);
}

export function orderUpdateText(update: OrderTextUpdate, order: Order, { settings, link }: OrderTextContext): string {
  const number = numberOf(order);
  const total = compactKwacha(order.totalPrice);
  switch (update) {
    case 'paid':
      return signed(settings.shopName, [
        `We received your payment of ${total} for order ${number}. Thank you! We are preparing it now. ${link}`,
        `Payment of ${total} received for order ${number}. Thank you! ${link}`,
      ]);
    case 'Shipped':
      return signed(settings.shopName, [
        `Order ${number} is on its way to ${order.shippingAddress.city}. ${link}`,
        `Order ${number} is on its way. ${link}`,
      ]);
    case 'Delivered':
      return signed(settings.shopName, [
        ...(settings.phone
          ? [`Order ${number} delivered. Thank you! Anything wrong? Call ${localNumber(settings.phone)}. ${link}`]
          : []),
        `Order ${number} has been delivered. Thank you! ${link}`,
      ]);
    case 'Cancelled':
      return signed(
        settings.shopName,
        order.isPaid
          ? [
              `Order ${number} (${total}) cancelled. We will contact you to return your payment. ${link}`,
              `Order ${number} cancelled; we will return your ${total}. ${link}`,
            ]
          : [
              `Order ${number} (${total}) cancelled. Please do not pay for it. ${link}`,
              `Order ${number} cancelled. Please do not pay. ${link}`,
            ],
      );
  }
}

/** A hold as the shopper reads it: '48 hours', '3 days' (whole days from three on), '30 minutes' in tests. */
export function heldFor(ms: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const hours = ms / 3_600_000;
  if (hours >= 72) return count(Math.round(hours / 24), 'day');
  if (hours >= 1) return count(Math.round(hours), 'hour');
  return count(Math.max(1, Math.round(ms / 60_000)), 'minute');
}

/**
 * The shopper's text when the shop released an unpaid order (decision 056): why, that its items are back on
 * sale, and that a payment now would only have to be returned. A pay-on-collection order is said to have
 * been held, not unpaid: it was never to be paid before collection.
 */
export function orderReleasedText(order: Order, release: UnpaidRelease, { settings, link }: OrderTextContext): string {
  const number = numberOf(order);
  const held = heldFor(release.heldMs);
  if (release.onCollection)
    return signed(settings.shopName, [
      `Order ${number} was held for ${held} and is now cancelled; its items are back on sale. ${link}`,
      `Order ${number} was held for ${held} and is now cancelled. ${link}`,
      `Order ${number} cancelled after ${held}. ${link}`,
    ]);
  return signed(settings.shopName, [
    `Order ${number} was not paid in ${held}, so we cancelled it. Do not pay for it now. ${link}`,
    `Order ${number} not paid in ${held}: cancelled. Do not pay for it. ${link}`,
    `Order ${number} not paid in time: cancelled, do not pay. ${link}`,
  ]);
}

const METHOD_WORDS: Record<string, string> = {
  mtn: NETWORK_NAMES.mtn,
  airtel: NETWORK_NAMES.airtel,
  creditCard: 'card',
};

/** The co-op's text about a new order; `adminLink` opens it in the back office. */
export function newOrderText(order: Order, adminLink: string): string {
  const number = numberOf(order);
  const total = compactKwacha(order.totalPrice);
  const method = METHOD_WORDS[order.paymentMethod] ?? order.paymentMethod;
  const count = order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
  const items = `${count} item${count === 1 ? '' : 's'}`;
  const who = [order.user?.name, order.shippingAddress.city].filter(Boolean).join(', ');
  return firstThatFits([
    `New order ${number}, ${total}, ${method}, ${items}${who ? ` for ${who}` : ''}. ${adminLink}`,
    `New order ${number}, ${total}, ${method}, ${items}. ${adminLink}`,
    `New order ${number}, ${total}. ${adminLink}`,
  ]);
}

/**
 * The shopper's text when money went back: to which wallet, or that a member sent it by hand
 * (docs/decisions/030-refunds.md).
 */
export function orderRefundedText(order: Order, refund: RefundedMoney, { settings, link }: OrderTextContext): string {
  const number = numberOf(order);
  const amount = compactKwacha(toKwacha(refund.amountNgwee));
  const network = networkOfRoute(refund.route);
  if (network && refund.phone) {
    const to = localNumber(refund.phone);
    return signed(settings.shopName, [
      `Refund of ${amount} for order ${number} sent to your ${NETWORK_NAMES[network]} number ${to}. ${link}`,
      `Refund of ${amount} for order ${number} sent to your ${NETWORK_NAMES[network]} number ${to}.`,
    ]);
  }
  return signed(settings.shopName, [
    ...(settings.phone
      ? [
          `Refund of ${amount} for order ${number}: we have sent your money back. Not received? Call ${localNumber(settings.phone)}. ${link}`,
        ]
      : []),
    `Refund of ${amount} for order ${number}: we have sent your money back. ${link}`,
    `Refund of ${amount} for order ${number} sent back to you.`,
  ]);
}

/**
 * The shopper's text when an admin changed her order before it left (docs/decisions/070-order-edits.md): the
 * new total, and what it means for her money: a balance to pay, money coming back, or the total to pay.
 */
export function orderEditedText(order: Order, edit: EditedMoney, { settings, link }: OrderTextContext): string {
  const number = numberOf(order);
  const total = compactKwacha(order.totalPrice);
  const money =
    edit.balanceDueNgwee > 0
      ? `Please pay the balance of ${compactKwacha(toKwacha(edit.balanceDueNgwee))}.`
      : edit.refundNgwee > 0
        ? `We will refund ${compactKwacha(toKwacha(edit.refundNgwee))} to you.`
        : order.isPaid
          ? 'Nothing more to pay.'
          : `Please pay ${total}.`;
  return signed(settings.shopName, [
    `We changed order ${number} as agreed. New total ${total}. ${money} ${link}`,
    `Order ${number} changed. New total ${total}. ${money} ${link}`,
    `Order ${number} changed. New total ${total}. ${money}`,
  ]);
}
