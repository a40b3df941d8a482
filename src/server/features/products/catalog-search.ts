import type { FastifyBaseLogger } from 'fastify';
import { SearchIndex, type IndexedProduct } from './search-index';

/** Above this many products (SEARCH_INDEX_PRODUCTS) the index, about 4 KB a product, is not built and the database searches. */
export const MAX_INDEXED_PRODUCTS = 50_000;
const RETRY_MS = 30_000;

export interface CatalogSearchSource {
  /** The index's rows of these products (every product without ids). */
  read(ids?: readonly string[]): Promise<IndexedProduct[]>;
  countProducts(): Promise<number>;
}

/**
 * The search index kept current by the catalogue's change notices. A change marks it out of date at
 * once and reads the changed rows again; until every read has been taken in, `index` is null and the
 * database answers, so a search never misses an edit that has been answered. Reads run one after the
 * other, each started after its change committed, so the last one taken in is the newest.
 */
export class CatalogSearch {
  private current: SearchIndex | null = null;
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly source: CatalogSearchSource,
    private readonly log: FastifyBaseLogger,
    private readonly maxProducts = MAX_INDEXED_PRODUCTS,
  ) {}

  /** The index when it holds every change made so far; null while a change is being read, or when off. */
  get index(): SearchIndex | null {
    return this.pending === 0 ? this.current : null;
  }

  /** Reads these products again (all of them without ids). */
  refresh(ids?: readonly string[]): void {
    if (this.closed) return;
    this.pending += 1;
    this.queue = this.queue
      .then(async () => {
        if (ids && this.current) {
          this.current.apply(ids, await this.source.read(ids));
          if (this.current.size <= this.maxProducts) return;
        }
        const total = await this.source.countProducts();
        this.current = total > this.maxProducts ? null : new SearchIndex(await this.source.read());
        if (!this.current)
          this.log.info(
            { products: total, max: this.maxProducts },
            'catalogue above SEARCH_INDEX_PRODUCTS: no search index, the database searches',
          );
      })
      .catch((err) => {
        // Out of date now: off until a full read succeeds.
        this.current = null;
        this.log.error({ err }, 'search index could not be brought up to date; retrying');
        this.scheduleRetry();
      })
      .finally(() => {
        this.pending -= 1;
      });
  }

  /** Waits for the reads under way (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.queue;
  }

  /** Resolves once every change so far has been taken in (tests and the start). */
  settled(): Promise<void> {
    return this.queue;
  }

  private scheduleRetry(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.refresh();
    }, RETRY_MS);
    this.retry.unref?.();
  }
}
