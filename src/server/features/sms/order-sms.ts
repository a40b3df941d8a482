import type { FastifyInstance } from 'fastify';
import { isToldToCustomer, orderReference } from '../../../shared/order-status';
import { readZambianMobile } from '../../../shared/phone-numbers';
import type { Order } from '../../../shared/schemas/orders';
import type { Tx } from '../../db/client';
import { orderLinkUrl } from '../orders';
import { collectedMethods } from '../payments';
import { shopSettingsInTransaction } from '../settings';
import {
  newOrderText,
  orderPlacedText,
  orderEditedText,
  orderRefundedText,
  orderReleasedText,
  orderUpdateText,
  signedReturnText,
  type OrderTextUpdate,
} from './order-texts';
import { orderTextLimit } from './order-text-limit';
import type { OutgoingSms, SmsOutbox } from './outbox';
import { signInNumberOf } from './queries';
import { ORDER_TEXTS_PER_NUMBER_PER_DAY } from './sms-settings';

/**
 * Order texts, driven by the order events as order mail is (decision 009): each text is recorded in the
 * order's own transaction and the outbox's line sends it after the commit. A customer hears on the
 * account's sign-in number, else on the order's delivery phone when that is a Zambian mobile; the co-op
 * hears of each new order on the settings' orderSmsNumber. A slow or refusing provider never delays,
 * fails or undoes an order, and neither does a text held back by the limit per number.
 */
export function subscribeOrderSms(app: FastifyInstance, outbox: SmsOutbox) {
  const events = app.orderEvents;
  const link = (order: Order) => orderLinkUrl(app.config.publicUrl, order._id, app.config.jwtSecret);

  /** `known`: the sign-in number the event carried (undefined: look it up). */
  async function customerNumber(tx: Tx, order: Order, known?: string | null): Promise<string | null> {
    const signInNumber =
      known !== undefined ? known : order.user?._id ? await signInNumberOf(tx, order.user._id) : null;
    if (signInNumber) return signInNumber;
    const delivery = readZambianMobile(order.shippingAddress.phoneNumber);
    return delivery.ok ? delivery.mobile.e164 : null;
  }

  const mayText = orderTextLimit(app.config.orderTextsPerNumberPerDay ?? ORDER_TEXTS_PER_NUMBER_PER_DAY);

  /** Counted against the number's day (decision 057); the co-op's own new-order number is not. */
  const toCustomer = async (
    tx: Tx,
    order: Order,
    kind: string,
    text: string,
    known?: string | null,
  ): Promise<OutgoingSms[]> => {
    const to = await customerNumber(tx, order, known);
    if (!to) return [];
    const message = { kind, to, text, orderId: order._id };
    return (await mayText(tx, message)) ? [message] : [];
  };

  const update =
    (kind: OrderTextUpdate) =>
    async (tx: Tx, { order }: { order: Order }) => {
      // In the transaction (or its copy, shopSettingsInTransaction): a read outside would wait for this very one on the embedded database.
      const settings = await shopSettingsInTransaction(tx, app.db);
      const text = orderUpdateText(kind, order, { settings, link: link(order) });
      await outbox.record(tx, await toCustomer(tx, order, `order-${kind.toLowerCase()}`, text));
    };

  events.record('order.placed', async (tx, { order, customerMobile }) => {
    const settings = await shopSettingsInTransaction(tx, app.db);
    const placed = orderPlacedText(order, {
      settings,
      link: link(order),
      automaticPayments: collectedMethods(app.config.paymentProviders),
      orderPage: `${app.config.publicUrl}/account/orders/${order._id}`,
    });
    const messages = await toCustomer(tx, order, 'order-placed', placed, customerMobile);
    const shop = settings.orderSmsNumber ? readZambianMobile(settings.orderSmsNumber) : null;
    if (shop?.ok) {
      const adminLink = `${app.config.publicUrl}/admin/orders?q=${orderReference(order._id)}`;
      messages.push({
        kind: 'order-notice',
        to: shop.mobile.e164,
        text: newOrderText(order, adminLink),
        orderId: order._id,
      });
    }
    await outbox.record(tx, messages);
  });
  events.record('order.paid', update('paid'));
  events.record('order.cancelled', async (tx, { order, release }) => {
    if (!release) return update('Cancelled')(tx, { order });
    // Released by the shop, unpaid past its hold (decision 056): the text says why.
    const settings = await shopSettingsInTransaction(tx, app.db);
    const text = orderReleasedText(order, release, { settings, link: link(order) });
    await outbox.record(tx, await toCustomer(tx, order, 'order-released', text));
  });
  events.record('order.status-changed', async (tx, { order }) => {
    // Cancelled arrives as order.cancelled above, never here.
    if (isToldToCustomer(order.status)) await update(order.status)(tx, { order });
  });

  events.record('order.refunded', async (tx, { order, refund }) => {
    const settings = await shopSettingsInTransaction(tx, app.db);
    const text = orderRefundedText(order, refund, { settings, link: link(order) });
    await outbox.record(tx, await toCustomer(tx, order, 'order-refunded', text));
  });

  events.record('order.return', async (tx, { order, returnTexts }) => {
    const settings = await shopSettingsInTransaction(tx, app.db);
    const text = signedReturnText(settings.shopName, returnTexts.sms);
    await outbox.record(tx, await toCustomer(tx, order, returnTexts.kind, text));
  });

  events.record('order.edited', async (tx, { order, edit }) => {
    const settings = await shopSettingsInTransaction(tx, app.db);
    const text = orderEditedText(order, edit, { settings, link: link(order) });
    await outbox.record(tx, await toCustomer(tx, order, 'order-edited', text));
  });

  for (const event of [
    'order.placed',
    'order.paid',
    'order.cancelled',
    'order.status-changed',
    'order.refunded',
    'order.return',
    'order.edited',
  ] as const) {
    events.after(event, () => outbox.wake());
  }
}
