import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { answerETag } from './answer-etag';
import { InFlight } from '../../lib/in-flight';
import type { CatalogSearch } from './catalog-search';
import { ProductCards } from './product-cards';
import { SearchFacts, type SearchFactsLimits } from './search-facts';
import { FULL_CACHE_MB } from '../../lib/cache-budget';

export const CATALOG_CHANNEL = 'catalog_changed';
/**
 * Answers kept, by their size (a product page is about 3 KB, a list page 5-15 KB; each answer also
 * costs its key, tag and book-keeping, counted as ANSWER_OVERHEAD), and by number, so many tiny answers
 * (empty pages of made-up queries) cannot fill memory either.
 */
const DEFAULT_ANSWER_CACHE_CHARS = FULL_CACHE_MB.answers * 1_000_000;
const MAX_ANSWERS = 20_000;
const ANSWER_OVERHEAD = 300;
/** Changes remembered for answers still being computed; one computed across more is not kept. */
const CHANGES_REMEMBERED = 256;

/** A ready answer: its text, its ETag, and the products it shows (null: it depends on the whole catalogue). */
export interface CachedAnswer {
  json: string;
  etag: string;
  products: readonly string[] | null;
}

/** What a write changed: only 'products' (added, edited, deleted) alters which products a search finds. */
export type CatalogChange = 'products' | 'stock' | 'ratings';
const CHANGES: readonly string[] = ['products', 'stock', 'ratings'] satisfies CatalogChange[];
/** A NOTIFY payload must stay under 8,000 bytes; a change to more products than this forgets every card. */
const MAX_IDS_NOTIFIED = 150;

export interface CatalogCacheLimits {
  searchFacts?: SearchFactsLimits;
  maxCards?: number;
  /** The answers' characters kept (ANSWER_CACHE_MB); default DEFAULT_ANSWER_CACHE_CHARS. */
  maxChars?: number;
}

/**
 * Public catalogue answers (product lists, featured, detail) kept as ready JSON text, and the search
 * facts and product cards behind them (decisions 007, 013). Any write that changes what a shopper sees
 * calls invalidate(): a product edit drops every answer and the search facts; a stock or ratings change
 * (every order, review, cancellation) drops only the answers showing those products and their cards. A
 * NOTIFY tells every other instance on the same PostgreSQL to do the same.
 */
export class CatalogCache {
  readonly searchFacts: SearchFacts;
  readonly productCards: ProductCards;
  private entries = new Map<string, CachedAnswer>();
  private cachedChars = 0;
  /** Product id to the keys of the answers showing it. */
  private byProduct = new Map<string, Set<string>>();
  /** Keys of the answers that depend on the whole catalogue: every stock change drops them without a scan. */
  private wholeCatalogue = new Set<string>();
  private readonly inFlight = new InFlight<CachedAnswer | null>();
  /** Counts changes; `changes` holds the latest, with the products each touched (null: all of them). */
  private changeCount = 0;
  private changes: { count: number; products: ReadonlySet<string> | null }[] = [];
  /** Compressed copies of cached answers, made once per entry for the phones that accept them. */
  private encoded = new Map<string, { json: string; data: Buffer }>();
  /** Bumped on every invalidation (the sitemap is made again after one). */
  version = randomUUID().slice(0, 8);
  private readonly instanceId = randomUUID();
  private readonly maxChars: number;

  constructor(
    private readonly notify: (payload: string) => Promise<void>,
    limits: CatalogCacheLimits = {},
    /** The in-memory keyword index, brought up to date by every 'products' change (decision 013). */
    readonly search: CatalogSearch | null = null,
  ) {
    this.searchFacts = new SearchFacts(limits.searchFacts);
    this.productCards = new ProductCards(limits.maxCards);
    this.maxChars = limits.maxChars ?? DEFAULT_ANSWER_CACHE_CHARS;
  }

  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The change count to give set() for an answer about to be read from the database. */
  get changesSoFar(): number {
    return this.changeCount;
  }

  /**
   * Keeps an answer read after `changesAtStart` changes, unless a change since touched one of its
   * products (or everything): the read may have started before that change.
   */
  set(key: string, answer: CachedAnswer, changesAtStart: number): void {
    if (!this.unchangedSince(changesAtStart, answer.products)) return;
    this.drop(key);
    this.entries.set(key, answer);
    this.cachedChars += costOf(key, answer);
    if (answer.products === null) this.wholeCatalogue.add(key);
    for (const id of answer.products ?? []) {
      const keys = this.byProduct.get(id);
      if (keys) keys.add(key);
      else this.byProduct.set(id, new Set([key]));
    }
    for (const oldest of this.entries.keys()) {
      if (this.cachedChars <= this.maxChars && this.entries.size <= MAX_ANSWERS) break;
      this.drop(oldest);
    }
  }

  /**
   * The cached answer, else one computation shared by every request that misses the same entry between
   * the same changes: right after an order, fifty shoppers opening its product cost one query instead
   * of fifty queued on the database. `null` (nothing to show) is shared but not cached.
   */
  getOrCompute(
    key: string,
    compute: () => Promise<{ json: string; products: readonly string[] | null } | null>,
  ): Promise<CachedAnswer | null> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const changesAtStart = this.changeCount;
    return this.inFlight.run(`${changesAtStart}\n${key}`, async () => {
      const computed = await compute();
      if (computed === null) return null;
      const answer = { ...computed, etag: answerETag(key, computed.json) };
      this.set(key, answer, changesAtStart);
      return answer;
    });
  }

  private unchangedSince(changesAtStart: number, products: readonly string[] | null): boolean {
    if (changesAtStart === this.changeCount) return true;
    const since = this.changes.filter((change) => change.count > changesAtStart);
    if (since.length < this.changeCount - changesAtStart) return false;
    return since.every(
      (change) => change.products !== null && products !== null && !products.some((id) => change.products!.has(id)),
    );
  }

  private drop(key: string): void {
    const answer = this.entries.get(key);
    if (!answer) return;
    this.entries.delete(key);
    this.cachedChars -= costOf(key, answer);
    this.wholeCatalogue.delete(key);
    for (const id of answer.products ?? []) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(id);
    }
    this.encoded.delete(`br\n${key}`);
    this.encoded.delete(`gzip\n${key}`);
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
        ? brotliCompressSync(json, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
          })
        : gzipSync(json, { level: 6 });
    if (this.entries.get(key)?.json === json) this.encoded.set(id, { json, data });
    return data;
  }

  get size() {
    return this.entries.size;
  }

  /** `productIds`: the products the change touched; without them every product card goes. */
  clearLocal(change: CatalogChange = 'products', productIds?: readonly string[]): void {
    this.version = randomUUID().slice(0, 8);
    // Ids come from requests too, where a uuid may be written in capitals; the cards use the database's spelling.
    const ids = productIds?.map((id) => id.toLowerCase());
    const everything = change === 'products' || !ids;
    this.changeCount += 1;
    this.changes.push({ count: this.changeCount, products: everything ? null : new Set(ids) });
    if (this.changes.length > CHANGES_REMEMBERED) this.changes.shift();
    if (everything) {
      this.entries.clear();
      this.encoded.clear();
      this.byProduct.clear();
      this.wholeCatalogue.clear();
      this.cachedChars = 0;
    } else {
      for (const id of ids) for (const key of [...(this.byProduct.get(id) ?? [])]) this.drop(key);
      for (const key of [...this.wholeCatalogue]) this.drop(key);
    }
    if (change === 'products') {
      this.searchFacts.clear();
      this.search?.refresh(ids);
    }
    this.productCards.forget(ids);
  }

  async invalidate(change: 'products', productIds?: readonly string[]): Promise<void>;
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

const costOf = (key: string, answer: CachedAnswer) =>
  answer.json.length + key.length + answer.etag.length + ANSWER_OVERHEAD;
