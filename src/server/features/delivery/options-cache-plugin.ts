import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DELIVERY_CHANNEL, DeliveryOptionsCache } from './options-cache';
import { listDeliveryOptionRows } from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery options as orders and checkout read them (options-cache.ts). */
    deliveryOptions: DeliveryOptionsCache;
  }
}

export default fp(
  async function deliveryOptionsCachePlugin(app: FastifyInstance) {
    // Only PostgreSQL can have other instances to tell; on the embedded database a NOTIFY is a wasted round trip.
    const postgres = app.database.kind === 'postgres';
    const cache = new DeliveryOptionsCache(
      // async: Drizzle's query is a thenable that runs again on every then; this is one promise of one read.
      async () => listDeliveryOptionRows(app.db),
      postgres ? () => app.database.notify(DELIVERY_CHANNEL, '') : async () => {},
    );
    if (postgres)
      await app.database.listen(
        DELIVERY_CHANNEL,
        () => cache.clearLocal(),
        () => cache.clearLocal(),
      );
    app.decorate('deliveryOptions', cache);
  },
  { name: 'delivery-options-cache', dependencies: ['db'] },
);
