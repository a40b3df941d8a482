import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendLowStockDigest } from './low-stock-digest';

/** After an order, wait this long so that a burst of orders makes one digest, not one each. */
const AFTER_ORDER_MS = 10_000;

/**
 * Looks for products that fell to their low-stock level every `lowStockCheckMs` (stock edited in the back
 * office, another instance's orders) and shortly after each order placed here. Off when the setting is
 * unset (the API tests call sendLowStockDigest themselves).
 */
export default fp(
  async function lowStockPlugin(app: FastifyInstance) {
    const every = app.config.lowStockCheckMs;
    if (!every) return;
    const log = app.log.child({ feature: 'low-stock' });
    let running: Promise<unknown> = Promise.resolve();
    let soon: NodeJS.Timeout | undefined;
    let closed = false;
    const check = () => {
      if (closed) return;
      running = running
        .then(() => sendLowStockDigest(app))
        .catch((err) => log.error({ err }, 'low-stock digest failed'));
    };
    const timer = setInterval(check, every);
    timer.unref();
    app.orderEvents.after('order.placed', () => {
      if (soon || closed) return;
      soon = setTimeout(
        () => {
          soon = undefined;
          check();
        },
        Math.min(AFTER_ORDER_MS, every),
      );
      soon.unref();
    });
    app.addHook('onReady', async () => check());
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(timer);
      clearTimeout(soon);
      await running;
    });
  },
  { name: 'low-stock', dependencies: ['db', 'mail', 'order-events'] },
);
