import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InFlight } from '../../lib/in-flight';
import { ProductCards } from './product-cards';
import { SearchFacts, type SearchFactsLimits } from './search-facts';

export const CATALOG_CHANNEL = 'catalog_changed';
const MAX_ENTRIES = 1000;

/** What a write changed: only 'products' (added, edited, deleted) alters which products a search finds. */
export type CatalogChange = 'products' | 'stock' | 'ratings';
const CHANGES: readonly string[] = ['products', 'stock', 'ratings'] satisfies CatalogChange[];
/** A NOTIFY payload must stay under 8,000 bytes; a change to more products than this forgets every card. */
const MAX_IDS_NOTIFIED = 150;

export interface CatalogCacheLimits {
  searchFacts?: SearchFactsLimits;
  maxCards?: number;
}

/**
 * Public catalogue answers (product lists, featured, detail) kept as ready JSON text, and the search
 * facts and product cards behind them (decision 007). Any write that changes what a shopper sees (product
 * edit, review, stock taken or returned) calls invalidate(): this instance drops every answer at once, the
 * cards of the products changed, and the search facts only when the products themselves changed; a NOTIFY
 * tells every other instance on the same PostgreSQL to do the same.
 */
export class CatalogCache {
  readonly searchFacts: SearchFacts;
  readonly productCards: ProductCards;
  private entries = new Map<string, string>();
  private readonly inFlight = new InFlight<string | null>();
  /** Compressed copies of cached answers, made once per entry for the phones that accept them. */
  private encoded = new Map<string, { json: string; data: Buffer }>();
  /** Bumped on every invalidation; part of the ETag so browsers revalidate cheaply. */
  version = randomUUID().slice(0, 8);
  private readonly instanceId = randomUUID();

  constructor(
    private readonly notify: (payload: string) => Promise<void>,
    limits: CatalogCacheLimits = {},
  ) {
    this.searchFacts = new SearchFacts(limits.searchFacts);
    this.productCards = new ProductCards(limits.maxCards);
  }

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Stores an answer computed from data read under `versionAtStart`; dropped if a write came in between. */
  set(key: string, json: string, versionAtStart: string): void {
    if (versionAtStart !== this.version) return;
    this.entries.set(key, json);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  /**
   * The cached text, else one computation shared by every request that misses the same entry at the
   * same version: right after a write clears the cache, fifty shoppers opening the home page cost one
   * query instead of fifty queued on the database. `null` (nothing to show) is shared but not cached.
   */
  getOrCompute(key: string, compute: () => Promise<string | null>): Promise<string | null> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const versionAtStart = this.version;
    return this.inFlight.run(`${versionAtStart}\n${key}`, async () => {
      const json = await compute();
      if (json !== null) this.set(key, json, versionAtStart);
      return json;
    });
  }

  /**
   * The answer compressed for a phone on costly data (a 14 KB list is about 3 KB in brotli). Kept only
   * while `json` is the cached answer, so a stale copy is never served.
   */
  compressed(key: string, json: string, encoding: 'br' | 'gzip'): Buffer {
    const id = `${encoding}\n${key}`;
    const hit = this.encoded.get(id);
    if (hit && hit.json === json) return hit.data;
    const data =
      encoding === 'br'
        ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
        : gzipSync(json, { level: 6 });
    if (this.entries.get(key) === json) {
      this.encoded.set(id, { json, data });
      if (this.encoded.size > 2 * MAX_ENTRIES) this.encoded.delete(this.encoded.keys().next().value as string);
    }
    return data;
  }

  get size() {
    return this.entries.size;
  }

  /** `productIds`: the products a stock or ratings change touched; without them every product card goes. */
  clearLocal(change: CatalogChange = 'products', productIds?: readonly string[]): void {
    this.entries.clear();
    this.encoded.clear();
    this.version = randomUUID().slice(0, 8);
    if (change === 'products') this.searchFacts.clear();
    // Ids come from requests too, where a uuid may be written in capitals; the cards use the database's spelling.
    this.productCards.forget(change === 'products' ? undefined : productIds?.map((id) => id.toLowerCase()));
  }

  async invalidate(change: 'products'): Promise<void>;
  async invalidate(change: 'stock' | 'ratings', productIds: readonly string[]): Promise<void>;
  async invalidate(change: CatalogChange, productIds?: readonly string[]): Promise<void> {
    const ids = productIds && productIds.length <= MAX_IDS_NOTIFIED ? productIds : undefined;
    this.clearLocal(change, ids);
    await this.notify([this.instanceId, change, ...(ids ? [ids.join(',')] : [])].join(' ')).catch(() => {});
  }

  /**
   * A notice is "<instance> <change> [<id>,<id>...]"; one without a known change is taken as the widest,
   * 'products', and one without ids forgets every card.
   */
  onRemoteNotify(payload: string): void {
    const [from, change, ids] = payload.split(' ');
    if (from === this.instanceId) return;
    if (!CHANGES.includes(change)) this.clearLocal('products');
    else this.clearLocal(change as CatalogChange, ids ? ids.split(',') : undefined);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
  }
}

export default fp(
  async function catalogCachePlugin(app: FastifyInstance) {
    // Only PostgreSQL can have other instances to tell; on the embedded database a NOTIFY is a wasted round trip.
    const cache = new CatalogCache(
      app.database.kind === 'postgres' ? (payload) => app.database.notify(CATALOG_CHANNEL, payload) : async () => {},
    );
    if (app.database.kind === 'postgres') {
      await app.database.listen(CATALOG_CHANNEL, (payload) => cache.onRemoteNotify(payload));
    }
    app.decorate('catalogCache', cache);
  },
  { name: 'catalog-cache', dependencies: ['db'] },
);
