import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productReviews, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertProducts, minutesAgo } from './test/fixtures';

/** Public reads: GET /api/products, /featured, /{id}, /{id}/related. */
describe('public catalogue', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let fillerId = '';
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp();
    // 10 older filler products, then five named ones, newest last.
    const fillers = await insertProducts(
      t,
      Array.from({ length: 10 }, (_, i) => ({ name: `Filler ${i}`, createdAt: minutesAgo(100 - i) })),
    );
    fillerId = fillers[0].id;
    const named = await insertProducts(t, [
      {
        name: 'Mungongo Oil 30 ml',
        category: 'oil',
        priceNgwee: 5_000,
        description: 'Cold-pressed kernel oil',
        createdAt: minutesAgo(50),
        isFeatured: true,
      },
      {
        name: 'Marula Oil',
        category: 'oil',
        priceNgwee: 12_000,
        description: 'Rich and 100% pure',
        createdAt: minutesAgo(40),
        size: '50 ml',
      },
      {
        name: 'Baobab Lotion',
        category: 'lotion',
        priceNgwee: 8_050,
        description: 'Light lotion with MUNGONGO oil',
        createdAt: minutesAgo(30),
        isFeatured: true,
      },
      {
        name: 'Shea Balm',
        category: 'body-care',
        priceNgwee: 40_000,
        description: 'Made with 50% shea_butter',
        createdAt: minutesAgo(20),
      },
      { name: 'Baobab Oil', category: 'oil', priceNgwee: 9_000, description: 'Seed oil', createdAt: minutesAgo(10) },
    ]);
    for (const p of named) ids[p.name] = p.id;
  });
  afterAll(() => t.close());

  const names = (res: { json(): { products: { name: string }[] } }) => res.json().products.map((p) => p.name);

  describe('GET /api/products', () => {
    it('answers the first 12 newest first, with paging totals and without reviews', async () => {
      const res = await get('/api/products');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(body).toMatchObject({ page: 1, pages: 2, totalProducts: 15 });
      expect(body.products).toHaveLength(12);
      expect(body.products.slice(0, 3).map((p: { name: string }) => p.name)).toEqual([
        'Baobab Oil',
        'Shea Balm',
        'Baobab Lotion',
      ]);
      const marula = body.products.find((p: { name: string }) => p.name === 'Marula Oil');
      expect(marula).toMatchObject({
        _id: ids['Marula Oil'],
        price: 120,
        category: 'oil',
        size: '50 ml',
        rating: 0,
        numReviews: 0,
      });
      expect(marula.image).toBe(marula.mainImage);
      expect(marula.reviews).toBeUndefined();
      expect(new Date(marula.createdAt).toISOString()).toBe(marula.createdAt);
      expect(body.products.find((p: { name: string }) => p.name === 'Shea Balm').size).toBeNull();
    });

    it('finds a keyword in the name or the description, whatever its case', async () => {
      expect(names(await get('/api/products?keyword=mungongo')).sort()).toEqual([
        'Baobab Lotion',
        'Mungongo Oil 30 ml',
      ]);
      expect(names(await get('/api/products?keyword=BAOBAB%20o'))).toEqual(['Baobab Oil']);
    });

    it('takes % and _ in a keyword literally', async () => {
      expect(names(await get('/api/products?keyword=%25')).sort()).toEqual(['Marula Oil', 'Shea Balm']);
      expect(names(await get('/api/products?keyword=_'))).toEqual(['Shea Balm']);
      expect(names(await get('/api/products?keyword=0%25%20p'))).toEqual(['Marula Oil']);
      expect(names(await get('/api/products?keyword=%5C'))).toEqual([]);
    });

    it('filters by category and by an inclusive price range in kwacha', async () => {
      expect(names(await get('/api/products?category=oil'))).toEqual([
        'Baobab Oil',
        'Marula Oil',
        'Mungongo Oil 30 ml',
      ]);
      expect(names(await get('/api/products?minPrice=50&maxPrice=80.5'))).toEqual([
        'Baobab Lotion',
        'Mungongo Oil 30 ml',
      ]);
      expect(names(await get('/api/products?minPrice=50.01&maxPrice=80.49'))).toEqual([]);
      expect(names(await get('/api/products?category=oil&minPrice=90&maxPrice=400&keyword=oil'))).toEqual([
        'Baobab Oil',
        'Marula Oil',
      ]);
      const res = await get('/api/products?minPrice=400&maxPrice=400');
      expect(res.json()).toMatchObject({ totalProducts: 1, pages: 1 });
    });

    it('treats empty parameters as not given', async () => {
      const res = await get('/api/products?keyword=&category=&minPrice=&maxPrice=&page=&limit=');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page: 1, pages: 2, totalProducts: 15 });
    });

    it('pages with page and limit, and answers an empty page past the end', async () => {
      const page2 = (await get('/api/products?category=oil&limit=2&page=2')).json();
      expect(page2).toMatchObject({ page: 2, pages: 2, totalProducts: 3 });
      expect(page2.products.map((p: { name: string }) => p.name)).toEqual(['Mungongo Oil 30 ml']);
      const past = (await get('/api/products?category=oil&limit=2&page=5')).json();
      expect(past).toMatchObject({ products: [], page: 5, pages: 2, totalProducts: 3 });
      expect((await get('/api/products?limit=100')).json().products).toHaveLength(15);
      expect((await get('/api/products?limit=1')).json()).toMatchObject({ pages: 15 });
    });

    it("counts a keyword's matches under any category and price range, and follows a price edit", async () => {
      // limit=1 leaves more to come, so the total is the count (from the keyword's cached matches).
      const total = async (query: string) =>
        (await get(`/api/products?keyword=OIL&limit=1${query}`)).json().totalProducts;
      expect(await total('')).toBe(4);
      expect(await total('&category=oil')).toBe(3);
      expect(await total('&maxPrice=90')).toBe(3);
      expect(await total('&minPrice=80.5&maxPrice=90')).toBe(2);
      expect(await total('&category=oil&minPrice=60')).toBe(2);
      const baobabOil = ids['Baobab Oil'];
      await t.app.db.update(products).set({ priceNgwee: 9_500 }).where(eq(products.id, baobabOil));
      await t.app.catalogCache.invalidate('products');
      try {
        expect(await total('&maxPrice=90')).toBe(2);
      } finally {
        await t.app.db.update(products).set({ priceNgwee: 9_000 }).where(eq(products.id, baobabOil));
        await t.app.catalogCache.invalidate('products');
      }
    });

    it('answers pages 1 when nothing matches', async () => {
      const res = await get('/api/products?keyword=nothing-like-this');
      expect(res.json()).toEqual({ products: [], page: 1, pages: 1, totalProducts: 0 });
    });

    it.each([
      'page=abc',
      'page=0',
      'page=-1',
      'page=1.5',
      'page=1e9',
      'page=1&page=2',
      'limit=0',
      'limit=101',
      'limit=1000',
      'limit=abc',
      'minPrice=-1',
      'minPrice=abc',
      'maxPrice=1e400',
      'minPrice=10&maxPrice=5',
      'category=nope',
      'category=oil&category=lotion',
      `keyword=${'a'.repeat(500)}`,
    ])('answers 400 with a message for %s', async (query) => {
      const res = await get(`/api/products?${query}`);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
      expect(res.json().message.length).toBeGreaterThan(0);
    });
  });

  describe('GET /api/products/featured', () => {
    it('answers featured products only, newest first, at most 8', async () => {
      let res = await get('/api/products/featured');
      expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Baobab Lotion', 'Mungongo Oil 30 ml']);
      await insertProducts(
        t,
        Array.from({ length: 8 }, (_, i) => ({
          name: `Featured ${i}`,
          category: 'gift-sets',
          isFeatured: true,
          createdAt: minutesAgo(5 - i / 2),
        })),
      );
      await t.app.catalogCache.invalidate('products');
      res = await get('/api/products/featured');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { name: string }) => p.name)).toEqual(
        [7, 6, 5, 4, 3, 2, 1, 0].map((i) => `Featured ${i}`),
      );
      expect(res.json()[0].reviews).toBeUndefined();
    });
  });

  describe('GET /api/products/{id}', () => {
    it('answers the product with its newest 50 reviews and the rounded average rating', async () => {
      const [product] = await insertProducts(t, [
        { name: 'Reviewed Balm', category: 'skincare', ratingTotal: 13, numReviews: 3 },
      ]);
      await t.app.db.insert(productReviews).values(
        Array.from({ length: 55 }, (_, i) => ({
          productId: product.id,
          name: `Reviewer ${i}`,
          rating: 4,
          comment: `Comment ${i}`,
          createdAt: minutesAgo(60 - i),
        })),
      );
      const res = await get(`/api/products/${product.id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ _id: product.id, name: 'Reviewed Balm', rating: 4.3, numReviews: 3, price: 100 });
      expect(body.reviews).toHaveLength(50);
      expect(body.reviews[0]).toMatchObject({ name: 'Reviewer 54', rating: 4, comment: 'Comment 54' });
      expect(body.reviews[49].name).toBe('Reviewer 5');
      expect(typeof body.reviews[0]._id).toBe('string');
    });

    it('accepts the id in upper case too', async () => {
      const res = await get(`/api/products/${ids['Shea Balm'].toUpperCase()}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().reviews).toEqual([]);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'abc', "1'%20or%20'1'='1", 'x'.repeat(150)])(
      'answers 404 for %s',
      async (id) => {
        const res = await get(`/api/products/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found' });
        expect(res.headers.etag).toBeUndefined();
      },
    );
  });

  describe('GET /api/products/{id}/related', () => {
    it('answers up to 4 other products of the same category', async () => {
      const res = await get(`/api/products/${ids['Marula Oil']}/related`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Baobab Oil', 'Mungongo Oil 30 ml']);
      const fillers = (await get(`/api/products/${fillerId}/related`)).json();
      expect(fillers.map((p: { name: string }) => p.name)).toEqual(['Filler 9', 'Filler 8', 'Filler 7', 'Filler 6']);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await get('/api/products/00000000-0000-4000-8000-000000000000/related')).statusCode).toBe(404);
      expect((await get('/api/products/nope/related')).json()).toEqual({ message: 'Product not found' });
    });
  });

  it('documents every product route in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths);
    for (const path of [
      '/api/products',
      '/api/products/featured',
      '/api/products/{id}',
      '/api/products/{id}/related',
      '/api/products/{id}/reviews',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
