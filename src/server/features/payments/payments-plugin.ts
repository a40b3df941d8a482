import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lateReadsAfterEnd } from './late-reads';
import { createPaymentPoller } from './poller';
import { offeredMethods } from '../../../shared/payment-methods';
import { collectedMethods, PROVIDERS } from './providers/registry';
import { endLiveAttemptsOfOrder } from './queries';
import { DEFAULT_PAYMENT_TIMING, type Payments } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mobile-money collections (decision 012): the configured providers and the attempts' timing. */
    payments: Payments;
  }
}

/**
 * Builds the providers that have settings (none: mobile money answers "pay manually"), ends an order's
 * live attempt when the order is cancelled (in the cancellation's own transaction; it is still read for a
 * late approval, decision 029), and runs the poller
 * from ready to close.
 */
export default fp(
  async function paymentsPlugin(app: FastifyInstance) {
    const settings = app.config.paymentProviders ?? {};
    const payments: Payments = {
      app,
      settings,
      // Zamtel only when a provider collects it (src/shared/payment-methods.ts).
      offered: offeredMethods(collectedMethods(settings)),
      providers: Object.fromEntries(
        PROVIDERS.flatMap((entry) => {
          const collection = entry.collection(settings);
          return collection ? [[entry.id, collection]] : [];
        }),
      ),
      timing: { ...DEFAULT_PAYMENT_TIMING, ...app.config.paymentTiming },
      log: app.log.child({ feature: 'payments' }),
    };
    app.decorate('payments', payments);
    app.orderEvents.record('order.cancelled', (tx, { order }) => {
      const { lateReadsUntil, nextPollAt } = lateReadsAfterEnd(payments.timing);
      return endLiveAttemptsOfOrder(tx, order._id, 'The order was cancelled', lateReadsUntil, nextPollAt);
    });
    const poller = createPaymentPoller(payments);
    app.addHook('onReady', async () => poller.start());
    app.addHook('onClose', async () => poller.stop());
  },
  { name: 'payments', dependencies: ['db', 'order-events'] },
);
