import type { FastifyInstance } from 'fastify';
import { isToldToCustomer } from '../../../shared/order-status';
import type { Tx } from '../../db/client';
import { collectedMethods } from '../payments';
import { shopSettingsInTransaction } from '../settings';
import type { Outbox } from './outbox';
import { orderUpdateMails, placedOrderMails } from './templates/order-emails';
import { orderRefundedMail } from './templates/order-mail-refund';
import { orderEditedMail } from './templates/order-mail-edited';
import type { OrderUpdate } from './templates/order-mail-customer';
import type { OrderMailContext } from './templates/order-mail-parts';

/**
 * Order e-mails, driven by the order events: each message is recorded in the order's own transaction
 * (it exists exactly when the change commits, so a crash before the answer loses nothing), and the
 * outbox's line sends it once the transaction has committed. A slow or refusing mail server never
 * delays, fails or undoes an order.
 */
export function subscribeOrderMail(app: FastifyInstance, outbox: Outbox) {
  const events = app.orderEvents;

  // In the transaction, or the copy where this process alone writes them (shopSettingsInTransaction): on
  // the embedded database a read outside would wait for this very transaction.
  const context = async (tx: Tx): Promise<OrderMailContext> => {
    const settings = await shopSettingsInTransaction(tx, app.db);
    const automaticPayments = collectedMethods(app.config.paymentProviders);
    return {
      settings,
      publicUrl: app.config.publicUrl,
      shopInbox: app.config.shopEmail ?? settings.email,
      automaticPayments,
      smartInvoice: Boolean(app.config.fiscal),
    };
  };
  const update =
    (kind: OrderUpdate) =>
    async (tx: Tx, { order }: { order: Parameters<typeof orderUpdateMails>[1] }) =>
      outbox.record(tx, orderUpdateMails(kind, order, await context(tx)));

  events.record('order.placed', async (tx, { order }) => outbox.record(tx, placedOrderMails(order, await context(tx))));
  events.record('order.paid', update('paid'));
  events.record('order.cancelled', update('Cancelled'));
  events.record('order.status-changed', async (tx, { order }) => {
    // Cancelled arrives as order.cancelled above, never here.
    if (isToldToCustomer(order.status)) await update(order.status)(tx, { order });
  });

  events.record('order.refunded', async (tx, { order, refund }) => {
    const mail = orderRefundedMail(order, refund, await context(tx));
    if (mail) await outbox.record(tx, [mail]);
  });

  events.record('order.return', async (tx, { order, returnTexts }) => {
    const to = order.user?.email;
    if (!to) return;
    await outbox.record(tx, [{ kind: returnTexts.kind, to, ...returnTexts.mail }]);
  });

  events.record('order.edited', async (tx, { order, edit }) => {
    const mail = orderEditedMail(order, edit, await context(tx));
    if (mail) await outbox.record(tx, [mail]);
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
