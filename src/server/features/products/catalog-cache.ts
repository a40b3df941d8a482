import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const CATALOG_CHANNEL = 'catalog_changed';
const MAX_ENTRIES = 1000;

/**
 * Public catalogue answers (product lists, featured, detail) kept as ready JSON text.
 * Any write that changes what a shopper sees (product edit, review, stock taken or returned)
 * calls invalidate(): this instance drops everything at once, and a NOTIFY tells every other
 * instance on the same PostgreSQL to do the same.
 */
export class CatalogCache {
  private entries = new Map<string, string>();
  private inFlight = new Map<string, Promise<string | null>>();
  /** Compressed copies of cached answers, made once per entry for the phones that accept them. */
  private encoded = new Map<string, { json: string; data: Buffer }>();
  /** Bumped on every invalidation; part of the ETag so browsers revalidate cheaply. */
  version = randomUUID().slice(0, 8);
  private readonly instanceId = randomUUID();

  constructor(private readonly notify: (payload: string) => Promise<void>) {}

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
    const flightKey = `${versionAtStart}\n${key}`;
    let pending = this.inFlight.get(flightKey);
    if (!pending) {
      pending = compute()
        .then((json) => {
          if (json !== null) this.set(key, json, versionAtStart);
          return json;
        })
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, pending);
    }
    return pending;
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

  clearLocal(): void {
    this.entries.clear();
    this.encoded.clear();
    this.version = randomUUID().slice(0, 8);
  }

  async invalidate(): Promise<void> {
    this.clearLocal();
    await this.notify(this.instanceId).catch(() => {});
  }

  onRemoteNotify(payload: string): void {
    if (payload !== this.instanceId) this.clearLocal();
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
