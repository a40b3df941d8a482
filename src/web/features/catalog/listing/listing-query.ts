import { CATEGORY_LABELS, isCategory, type Category } from '../../../../shared/categories';
import { formatKwacha } from '../../../lib/format';
import type { ProductListParams } from '../api';

/** SPEC §9: price filter 0 to 400 in steps of 5; the listing starts at page 1. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 400;
export const PRICE_STEP = 5;
export const FILTER_PAUSE_MS = 500;
/** Listing page size is not set by the spec: 12 fills 2, 3 and 4 columns evenly. */
export const LISTING_PAGE_SIZE = 12;
const MAX_PAGE = 100_000;
const MAX_KEYWORD = 100;

export interface ListingQuery {
  keyword: string;
  category: Category | undefined;
  page: number;
  minPrice: number;
  maxPrice: number;
}

export const DEFAULT_LISTING_QUERY: ListingQuery = {
  keyword: '',
  category: undefined,
  page: 1,
  minPrice: PRICE_MIN,
  maxPrice: PRICE_MAX,
};

function priceFrom(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number)) return fallback;
  const stepped = Math.round(number / PRICE_STEP) * PRICE_STEP;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, stepped));
}

/** Whatever is in the address (page=abc, category=nope, maxPrice=-3) becomes a sensible query. */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const keyword = (params.get('keyword') ?? '').trim().slice(0, MAX_KEYWORD);
  const category = params.get('category');
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.min(MAX_PAGE, Math.max(1, Number(pageText))) : 1;
  let minPrice = priceFrom(params.get('minPrice'), PRICE_MIN);
  let maxPrice = priceFrom(params.get('maxPrice'), PRICE_MAX);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [PRICE_MIN, PRICE_MAX];
  return { keyword, category: isCategory(category) ? category : undefined, page, minPrice, maxPrice };
}

/** The address for a query: keyword and category (SPEC §4), plus page and a narrowed price so a shared link shows the same. */
export function listingSearch(query: ListingQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.category) params.set('category', query.category);
  if (query.minPrice > PRICE_MIN) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice < PRICE_MAX) params.set('maxPrice', String(query.maxPrice));
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/**
 * What the API is asked. The top of the slider means "and above": sending maxPrice=400 would hide
 * every gift set dearer than K400 from a shopper who never touched the slider.
 */
export function listingApiParams(query: ListingQuery): ProductListParams {
  return {
    keyword: query.keyword || undefined,
    category: query.category,
    page: query.page,
    limit: LISTING_PAGE_SIZE,
    minPrice: query.minPrice > PRICE_MIN ? query.minPrice : undefined,
    maxPrice: query.maxPrice < PRICE_MAX ? query.maxPrice : undefined,
  };
}

/** What the shopper is editing; applied to the address after the pause. */
export interface FilterDraft {
  keyword: string;
  price: [number, number];
  /** In the order they were ticked: only the first one is sent (SPEC §4). */
  categories: Category[];
}

export function draftFrom(query: ListingQuery): FilterDraft {
  return {
    keyword: query.keyword,
    price: [query.minPrice, query.maxPrice],
    categories: query.category ? [query.category] : [],
  };
}

export function queryFromDraft(draft: FilterDraft, page = 1): ListingQuery {
  return {
    keyword: draft.keyword.trim().slice(0, MAX_KEYWORD),
    category: draft.categories[0],
    page,
    minPrice: draft.price[0],
    maxPrice: draft.price[1],
  };
}

export function sameFilters(a: ListingQuery, b: ListingQuery): boolean {
  return a.keyword === b.keyword && a.category === b.category && a.minPrice === b.minPrice && a.maxPrice === b.maxPrice;
}

export type ActiveFilterKind = 'keyword' | 'category' | 'price';

export interface ActiveFilter {
  kind: ActiveFilterKind;
  /** What the chip shows. */
  text: string;
  /** What a screen reader says of its button. */
  name: string;
}

/** A price as the slider shows it: its top means "and above". */
export function priceText(value: number): string {
  return value >= PRICE_MAX ? `${formatKwacha(PRICE_MAX)}+` : formatKwacha(value);
}

/** The search and each filter in force (the address's), for the chips above the results. */
export function activeFilters(query: ListingQuery): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (query.keyword)
    active.push({ kind: 'keyword', text: `“${query.keyword}”`, name: `Remove search: ${query.keyword}` });
  if (query.category) {
    const label = CATEGORY_LABELS[query.category];
    active.push({ kind: 'category', text: label, name: `Remove filter: ${label}` });
  }
  if (query.minPrice > PRICE_MIN || query.maxPrice < PRICE_MAX) {
    const [min, max] = [formatKwacha(query.minPrice), formatKwacha(query.maxPrice)];
    const [text, said] =
      query.minPrice === PRICE_MIN
        ? [`Up to ${max}`, `up to ${max}`]
        : query.maxPrice === PRICE_MAX
          ? [`${min} and up`, `${min} and up`]
          : [`${min} – ${max}`, `${min} to ${max}`];
    active.push({ kind: 'price', text, name: `Remove filter: price ${said}` });
  }
  return active;
}

/** The query without one of its filters, from page 1. */
export function withoutFilter(query: ListingQuery, kind: ActiveFilterKind): ListingQuery {
  if (kind === 'keyword') return { ...query, keyword: '', page: 1 };
  if (kind === 'category') return { ...query, category: undefined, page: 1 };
  return { ...query, minPrice: PRICE_MIN, maxPrice: PRICE_MAX, page: 1 };
}
