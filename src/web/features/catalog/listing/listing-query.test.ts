import { describe, expect, it } from 'vitest';
import { formatKwacha } from '../../../lib/format';
import {
  activeFilters,
  DEFAULT_LISTING_QUERY,
  draftFrom,
  listingApiParams,
  listingSearch,
  parseListingQuery,
  queryFromDraft,
  withoutFilter,
} from './listing-query';

const parse = (search: string) => parseListingQuery(new URLSearchParams(search));

describe('parseListingQuery', () => {
  it('reads keyword, category, page and a price range', () => {
    expect(parse('keyword=%20oil%20&category=body-care&page=3&minPrice=10&maxPrice=200')).toEqual({
      keyword: 'oil',
      category: 'body-care',
      page: 3,
      minPrice: 10,
      maxPrice: 200,
    });
  });

  it('turns odd values into the defaults instead of failing', () => {
    expect(parse('page=abc&category=nope&minPrice=lots&maxPrice=')).toEqual(DEFAULT_LISTING_QUERY);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=99999999999').page).toBe(1);
    expect(parse('minPrice=300&maxPrice=100')).toMatchObject({ minPrice: 0, maxPrice: 400 });
  });

  it('keeps prices on the slider: within 0..400 and on steps of 5', () => {
    expect(parse('minPrice=-20&maxPrice=9000')).toMatchObject({ minPrice: 0, maxPrice: 400 });
    expect(parse('minPrice=12&maxPrice=198')).toMatchObject({ minPrice: 10, maxPrice: 200 });
  });

  it('bounds the keyword length', () => {
    expect(parse(`keyword=${'a'.repeat(500)}`).keyword).toHaveLength(100);
  });
});

describe('address and API parameters', () => {
  it('writes only what differs from the defaults', () => {
    expect(listingSearch(DEFAULT_LISTING_QUERY).toString()).toBe('');
    expect(listingSearch({ keyword: 'oil', category: 'oil', page: 2, minPrice: 5, maxPrice: 400 }).toString()).toBe(
      'keyword=oil&category=oil&minPrice=5&page=2',
    );
  });

  it('does not send the slider ends, so "400" means "and above"', () => {
    expect(listingApiParams(DEFAULT_LISTING_QUERY)).toEqual({
      keyword: undefined,
      category: undefined,
      page: 1,
      limit: 12,
      minPrice: undefined,
      maxPrice: undefined,
    });
    expect(listingApiParams({ ...DEFAULT_LISTING_QUERY, maxPrice: 395 }).maxPrice).toBe(395);
  });

  it('sends only the first ticked category and starts again at page 1', () => {
    const draft = {
      ...draftFrom({ ...DEFAULT_LISTING_QUERY, page: 4 }),
      keyword: '  nuts ',
      categories: ['lotion', 'oil'] as const,
    };
    expect(queryFromDraft({ ...draft, categories: [...draft.categories] })).toEqual({
      keyword: 'nuts',
      category: 'lotion',
      page: 1,
      minPrice: 0,
      maxPrice: 400,
    });
  });
});

describe('activeFilters', () => {
  it('names the search and each filter in force, and none for the whole catalogue', () => {
    expect(activeFilters(DEFAULT_LISTING_QUERY)).toEqual([]);
    expect(activeFilters(parse('page=3'))).toEqual([]);
    expect(activeFilters(parse('keyword=baobab&category=skincare&minPrice=50')).map((f) => f.name)).toEqual([
      'Remove search: baobab',
      'Remove filter: Skincare',
      `Remove filter: price ${formatKwacha(50)} and up`,
    ]);
    expect(activeFilters(parse('maxPrice=120')).map((f) => f.text)).toEqual([`Up to ${formatKwacha(120)}`]);
    expect(activeFilters(parse('minPrice=20&maxPrice=120')).map((f) => f.name)).toEqual([
      `Remove filter: price ${formatKwacha(20)} to ${formatKwacha(120)}`,
    ]);
    expect(activeFilters(parse('maxPrice=120'))[0].name).toBe(`Remove filter: price up to ${formatKwacha(120)}`);
  });

  it('drops one filter and goes back to page 1', () => {
    const query = parse('keyword=baobab&category=skincare&minPrice=50&maxPrice=200&page=2');
    expect(withoutFilter(query, 'keyword')).toEqual({ ...query, keyword: '', page: 1 });
    expect(withoutFilter(query, 'category')).toEqual({ ...query, category: undefined, page: 1 });
    expect(withoutFilter(query, 'price')).toEqual({ ...query, minPrice: 0, maxPrice: 400, page: 1 });
  });
});
