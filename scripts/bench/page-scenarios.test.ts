import { describe, expect, it } from 'vitest';
import {
  busiestCategory,
  describePage,
  listingPath,
  notAPage,
  shuffledDeck,
  uniqueAddresses,
  type PageProbe,
} from './page-scenarios';

const page = (over: Partial<PageProbe> = {}): PageProbe => ({
  path: '/products/p1',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  encoding: 'br',
  sentBytes: 1536,
  html: '<!doctype html><html><body><div id="root"></div></body></html>',
  ...over,
});

describe('listingPath', () => {
  it('writes the address the storefront writes: category, prices, then a page above 1', () => {
    expect(listingPath({})).toBe('/products');
    expect(listingPath({ page: 1 })).toBe('/products');
    expect(listingPath({ category: 'gift-sets', page: 2 })).toBe('/products?category=gift-sets&page=2');
    expect(listingPath({ minPrice: 20, maxPrice: 150, page: 3 })).toBe('/products?minPrice=20&maxPrice=150&page=3');
  });
});

describe('busiestCategory', () => {
  it('picks the category with the most listing pages', () => {
    expect(
      busiestCategory(
        new Map([
          ['oil', 3],
          ['skincare', 5],
          ['lotion', 2],
        ]),
      ),
    ).toBe('skincare');
  });

  it('answers none when no category has a page 2', () => {
    expect(
      busiestCategory(
        new Map([
          ['oil', 1],
          ['skincare', 0],
        ]),
      ),
    ).toBeUndefined();
  });
});

describe('notAPage', () => {
  it('accepts the app page', () => {
    expect(notAPage(page())).toBeUndefined();
  });

  it('names what the server answered instead of a page', () => {
    expect(
      notAPage(page({ status: 404, contentType: 'application/json; charset=utf-8', html: '{"message":"Not Found"}' })),
    ).toBe('answered 404 application/json; charset=utf-8');
    expect(notAPage(page({ contentType: 'text/plain' }))).toBe('answered text/plain, not text/html');
    expect(notAPage(page({ html: 'Not Found' }))).toBe('answered text/html that is not an HTML document');
  });
});

describe('describePage', () => {
  it('says what an answer weighs and whether the root element came empty', () => {
    expect(describePage(page())).toMatch(/^\/products\/p1: 0\.1 KB of HTML, 1\.5 KB sent \(br\); root element empty/);
    expect(describePage(page({ html: '<div id="root"><main><h1>Marula oil</h1></main></div>' }))).toContain(
      'root element holds the page',
    );
  });
});

describe('uniqueAddresses', () => {
  it('draws again on a repeat, so addresses come once each', () => {
    const draws = ['/products/p1', '/products/p1', '/products/p1', '/products/p2', '/products/p3'];
    const addresses = uniqueAddresses(() => draws.shift()!);
    expect([addresses.next(), addresses.next(), addresses.next()]).toEqual([
      '/products/p1',
      '/products/p2',
      '/products/p3',
    ]);
    expect(addresses.summary()).toBe('3 distinct addresses, none asked for twice');
  });

  it('tags an address of its own when the draws keep repeating', () => {
    const listing = uniqueAddresses(() => '/products?page=2', 5);
    expect([listing.next(), listing.next(), listing.next()]).toEqual([
      '/products?page=2',
      '/products?page=2&utm_content=1',
      '/products?page=2&utm_content=2',
    ]);
    const product = uniqueAddresses(() => '/products/p1', 5);
    expect([product.next(), product.next()]).toEqual(['/products/p1', '/products/p1?utm_content=1']);
    expect(listing.summary()).toBe(
      '3 distinct addresses, none asked for twice (2 drawn again under a tag of their own, ?utm_content=N)',
    );
  });
});

describe('shuffledDeck', () => {
  it('gives every item once before any comes again', () => {
    const next = shuffledDeck(['a', 'b', 'c', 'd']);
    const first = Array.from({ length: 4 }, next);
    expect([...first].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([next(), next(), next(), next()].sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
