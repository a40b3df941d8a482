import { randomUUID } from 'node:crypto';
import { CATEGORIES } from '../../../shared/categories';
import { InFlight } from '../../lib/in-flight';

/**
 * The products a keyword matches, newest first, with the price and category that the list's other
 * filters test: enough to answer any page of the keyword under any category or price range by reading
 * only that page's rows. Kept compactly: the ids joined (36 characters each), prices in ngwee, and each
 * category as its index in CATEGORIES (about 41 bytes a match).
 */
export interface KeywordMatches {
  ids: string;
  prices: Int32Array;
  categories: Uint8Array;
}

/** A keyword's matches as the database answers them: one joined string of ids and a list per column. */
export interface MatchColumns {
  ids: string;
  prices: readonly number[];
  categories: readonly string[];
}

export interface PriceAndCategoryFilter {
  category?: string;
  minPriceNgwee?: number;
  maxPriceNgwee?: number;
}

const ID_LENGTH = 36;
const UNKNOWN_CATEGORY = 255;

/** A product's category as a small number (its place in CATEGORIES), as the search facts and the search index keep it. */
export function categoryIndex(category: string): number {
  const index = CATEGORIES.indexOf(category as (typeof CATEGORIES)[number]);
  return index < 0 ? UNKNOWN_CATEGORY : index;
}

/** The list filter's test of one product, by its category index and price in ngwee (a filter's unknown category matches none). */
export function passesFilter(filter: PriceAndCategoryFilter): (category: number, priceNgwee: number) => boolean {
  const wanted =
    filter.category === undefined ? null : CATEGORIES.indexOf(filter.category as (typeof CATEGORIES)[number]);
  const { minPriceNgwee: min, maxPriceNgwee: max } = filter;
  return (category, price) =>
    (wanted === null || category === wanted) &&
    (min === undefined || price >= min) &&
    (max === undefined || price <= max);
}

export function toKeywordMatches({ ids, prices, categories }: MatchColumns): KeywordMatches {
  return { ids, prices: Int32Array.from(prices), categories: Uint8Array.from(categories, categoryIndex) };
}

/** The ids on one page of the matches that pass the filter, and how many pass in all. */
export function pageOfMatches(
  matches: KeywordMatches,
  filter: PriceAndCategoryFilter,
  page: number,
  limit: number,
): { ids: string[]; total: number } {
  const passes = passesFilter(filter);
  const from = (page - 1) * limit;
  const to = from + limit;
  const ids: string[] = [];
  let total = 0;
  for (let i = 0; i < matches.prices.length; i += 1) {
    if (!passes(matches.categories[i], matches.prices[i])) continue;
    if (total >= from && total < to) ids.push(matches.ids.slice(i * ID_LENGTH, (i + 1) * ID_LENGTH));
    total += 1;
  }
  return { ids, total };
}

interface Entry {
  value: KeywordMatches | 'broad' | number;
  size: number;
}

/** What an entry costs besides its matches (key, object, map slot), counted in matches. */
const ENTRY_OVERHEAD = 8;

export interface SearchFactsLimits {
  /** A keyword matching more products than this is kept as 'broad': its pages come from the database. */
  broadAbove: number;
  /** Matches kept in all, over every keyword; the least recently used keywords go first. */
  maxStoredMatches: number;
}

/** 5,000 matches a keyword and 400,000 in all: under about 16 MB however shoppers search. */
export const DEFAULT_SEARCH_FACTS_LIMITS: SearchFactsLimits = { broadAbove: 5_000, maxStoredMatches: 400_000 };

/**
 * What the catalogue's searches know that only a change to the products themselves (added, edited,
 * deleted) can alter: each keyword's matches, and the number of products under a filter. Stock and
 * ratings, which every order and review changes, are not part of it, so these facts outlive the
 * catalogue's ready answers and a busy shop does not search its whole catalogue again after each order.
 */
export class SearchFacts {
  private entries = new Map<string, Entry>();
  private readonly inFlight = new InFlight<Entry['value']>();
  private stored = 0;
  private version = randomUUID();

  constructor(readonly limits: SearchFactsLimits = DEFAULT_SEARCH_FACTS_LIMITS) {}

  /** The keyword's matches, or 'broad' when there are more than the limit; `find` reads at most limit + 1. */
  keywordMatches(keyword: string, find: (atMost: number) => Promise<MatchColumns>): Promise<KeywordMatches | 'broad'> {
    return this.getOrCompute(`keyword\n${keyword}`, async () => {
      const found = await find(this.limits.broadAbove + 1);
      return found.prices.length > this.limits.broadAbove ? 'broad' : toKeywordMatches(found);
    }) as Promise<KeywordMatches | 'broad'>;
  }

  count(filterKey: string, compute: () => Promise<number>): Promise<number> {
    return this.getOrCompute(`count\n${filterKey}`, compute) as Promise<number>;
  }

  get storedMatches(): number {
    return this.stored;
  }

  clear(): void {
    this.entries.clear();
    this.stored = 0;
    this.version = randomUUID();
  }

  private getOrCompute(key: string, compute: () => Promise<Entry['value']>): Promise<Entry['value']> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit.value);
    }
    const versionAtStart = this.version;
    return this.inFlight.run(`${versionAtStart}\n${key}`, async () => {
      const value = await compute();
      if (versionAtStart === this.version) this.store(key, value);
      return value;
    });
  }

  private store(key: string, value: Entry['value']): void {
    const size = ENTRY_OVERHEAD + (typeof value === 'object' ? value.prices.length : 0);
    const replaced = this.entries.get(key);
    if (replaced) this.stored -= replaced.size;
    this.entries.set(key, { value, size });
    this.stored += size;
    for (const [oldest, entry] of this.entries) {
      if (this.stored <= this.limits.maxStoredMatches) break;
      this.entries.delete(oldest);
      this.stored -= entry.size;
    }
  }
}
