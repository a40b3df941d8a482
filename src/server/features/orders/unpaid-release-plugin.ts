import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseUnpaidOrders } from './unpaid-release';

/**
 * Looks for unpaid orders past their hold every `unpaidOrders.sweepMs` and once at start (a shop that was
 * off catches up), one run at a time. Every instance looks; each order is released once (unpaid-release.ts).
 * Off when the setting is unset (the API tests call releaseUnpaidOrders themselves).
 */
export default fp(
  async function unpaidReleasePlugin(app: FastifyInstance) {
    const every = app.config.unpaidOrders?.sweepMs;
    if (!every) return;
    const log = app.log.child({ feature: 'unpaid-release' });
    let running: Promise<unknown> = Promise.resolve();
    let closed = false;
    const sweep = () => {
      if (closed) return;
      running = running
        .then(() => releaseUnpaidOrders(app))
        .then((released) => released > 0 && log.info({ released }, 'unpaid orders released'))
        .catch((err) => log.error({ err }, 'unpaid-order release failed'));
    };
    const timer = setInterval(sweep, every);
    timer.unref();
    app.addHook('onReady', async () => sweep());
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'unpaid-release', dependencies: ['db', 'order-events', 'payments'] },
);
