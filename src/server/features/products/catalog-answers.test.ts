import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readCatalogAnswer } from './catalog-answers';
import { insertProducts, minutesAgo } from './test/fixtures';

/** A page's data read straight from the catalogue cache is what the API answers, to the byte (decision 072). */
describe('catalogue answers read without the API', () => {
  let t: TestApp;
  let ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const categories = ['oil', 'skincare', 'body-care', 'gift-sets'];
    await insertProducts(
      t,
      Array.from({ length: 60 }, (_, i) => ({
        name: i % 5 === 0 ? `Baobab Soap ${i}` : `Mungongo Oil ${i} “cold-pressed”`,
        description: `Made by hand, batch ${i}.`,
        category: categories[i % categories.length],
        priceNgwee: 1_000 + 997 * i,
        countInStock: i % 7,
        isFeatured: i % 6 === 0,
        createdAt: minutesAgo(100 - i),
      })),
    );
    const list = (await t.app.inject('/api/products?limit=100')).json() as { products: { _id: string }[] };
    ids = list.products.map((p) => p._id);
  });
  afterAll(() => t.close());

  /** What the API answers there, as the page writes it: the text, null for a 404, undefined otherwise. */
  const api = async (path: string) => {
    const response = await t.app.inject(path);
    return response.statusCode === 200 ? response.body : response.statusCode === 404 ? null : undefined;
  };

  it('answers every product, the featured list and listings as the API does, read first either way', async () => {
    const paths = [
      '/api/products/featured',
      ...ids.map((id) => `/api/products/${id}`),
      `/api/products/${ids[0].toUpperCase()}`,
      '/api/products/00000000-0000-4000-8000-000000000000',
      '/api/products/not-a-product',
      '/api/products/a%20b%2Fc',
      ...[1, 2, 3, 9].map((page) => `/api/products?page=${page}&limit=12`),
      '/api/products?category=oil&page=1&limit=12',
      '/api/products?category=skincare&page=2&limit=12&minPrice=20&maxPrice=300',
      '/api/products?page=1&limit=12&minPrice=50.5',
      '/api/products?keyword=oil&page=1&limit=12',
      '/api/products?keyword=baobab+soap&page=1&limit=12',
    ];
    for (const [round, path] of paths.entries()) {
      // Each read afresh or from the other's kept answer, this one first or the API first.
      if (round % 2 === 0) await t.app.catalogCache.invalidate('products');
      const directFirst = round % 4 < 2;
      const theirsBefore = directFirst ? undefined : await api(path);
      const direct = readCatalogAnswer(t.app, path);
      expect(direct, path).toBeDefined();
      const mine = await direct;
      const theirs = directFirst ? await api(path) : theirsBefore;
      expect(mine, path).toBe(theirs);
    }
  });

  it('leaves to the API what it would refuse or what is not a catalogue read', async () => {
    for (const path of [
      '/api/products?page=abc',
      '/api/products?minPrice=9&maxPrice=1',
      '/api/products?category=nope',
      '/api/products?page=1&page=2',
      '/api/products?keyword=%00',
      '/api/products?keyword=%E0%A4%A',
      '/api/products/featured?x=1',
      '/api/products/low-stock',
      `/api/products/${ids[0]}/related`,
      '/api/settings',
    ])
      expect(readCatalogAnswer(t.app, path), path).toBeUndefined();
  });
});
