import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CATALOG_CHANNEL, CatalogCache } from './catalog-cache';
import { CatalogSearch } from './catalog-search';
import { watchCatalogue } from './catalog-watch';
import { catalogueFingerprint, countAllProducts, findIndexedProducts } from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
    /** Looks for product changes the notices missed (tests call checkOnce). */
    catalogWatch: ReturnType<typeof watchCatalogue>;
  }
}

export default fp(
  async function catalogCachePlugin(app: FastifyInstance) {
    // Only PostgreSQL can have other instances to tell; on the embedded database a NOTIFY is a wasted round trip.
    const search = new CatalogSearch(
      { read: (ids) => findIndexedProducts(app.db, ids), countProducts: () => countAllProducts(app.db) },
      app.log,
      app.config.searchIndexProducts,
    );
    const cache = new CatalogCache(
      app.database.kind === 'postgres' ? (payload) => app.database.notify(CATALOG_CHANNEL, payload) : async () => {},
      { maxChars: app.config.answerCacheMb && app.config.answerCacheMb * 1_000_000 },
      search,
    );
    if (app.database.kind === 'postgres') {
      // Notices lost while the listening connection was down: every answer may be stale.
      await app.database.listen(
        CATALOG_CHANNEL,
        (payload) => cache.onRemoteNotify(payload),
        () => cache.clearLocal('products'),
      );
    }
    app.decorate('catalogCache', cache);
    const watch = watchCatalogue(
      () => catalogueFingerprint(app.db),
      () => cache.clearLocal('products'),
      app.log,
    );
    app.decorate('catalogWatch', watch);
    // Built in the background: until it is ready the database searches, as it always could.
    app.addHook('onReady', async () => {
      search.refresh();
      // Only PostgreSQL can be written by someone else (another instance, a script); the embedded
      // database's folder is locked to this process, so every change to it comes through invalidate().
      if (app.database.kind === 'postgres') watch.start();
    });
    app.addHook('onClose', async () => {
      await watch.stop();
      await search.close();
    });
  },
  { name: 'catalog-cache', dependencies: ['db'] },
);
