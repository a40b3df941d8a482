import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { orderBody } from '../orders/test/fixtures';
import { CatalogCache } from './catalog-cache';
import { findProductPage } from './queries';
import { listProducts } from './service';
import { fakeImageUrl, insertOrderOf, insertProducts, minutesAgo } from './test/fixtures';
import { putVariants } from './test/variant-fixtures';

/** The keyword search reads the stored search column (name + description, lower-cased); it must find what ILIKE finds. */
describe('GET /api/products?keyword= through the search column', () => {
  let t: TestApp;
  let ids: string[] = [];
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const found = async (keyword: string) => {
    const res = await get(`/api/products?limit=100&keyword=${encodeURIComponent(keyword)}`);
    expect(res.statusCode).toBe(200);
    return res.json().products.map((p: { _id: string }) => p._id) as string[];
  };
  /** What the search meant before the column: ILIKE on each of the two columns, straight on the table. */
  const byIlike = async (keyword: string) => {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(
        sql`(${products.name} ilike ${pattern} or ${products.description} ilike ${pattern}) and ${inArray(products.id, ids)}`,
      )
      .orderBy(sql`${products.createdAt} desc`);
    return rows.map((r) => r.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await insertProducts(t, [
      { name: 'Kalahari Melon Oil', description: 'Cold-pressed from the seeds', createdAt: minutesAgo(60) },
      { name: 'Crème of Baobab', description: 'Whipped BUTTER with 5% baobab_powder', createdAt: minutesAgo(50) },
      { name: 'Mungongo Balm', description: 'For dry skin.\nApply at night', createdAt: minutesAgo(40) },
      { name: 'Honey Soap', description: '', createdAt: minutesAgo(30) },
      { name: 'KALAHARI Gift Box', description: 'Melon oil, honey soap and a crème', createdAt: minutesAgo(20) },
    ]);
    ids = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  it('finds the same products as ILIKE on name or description, newest first, for all sorts of keywords', async () => {
    const keywords = [
      'kalahari',
      'MELON OIL',
      'oil',
      'crème',
      'CRÈME',
      '5% baobab_',
      'butter',
      'honey soap',
      'night',
      'skin.\nApply',
      'a',
      'xyz',
    ];
    for (const keyword of keywords) {
      const expected = await byIlike(keyword);
      expect(await found(keyword), keyword).toEqual(expected);
      // With one a page, the total is the count (from the keyword's matches kept in the catalogue cache).
      const counted = (await get(`/api/products?limit=1&keyword=${encodeURIComponent(keyword)}`)).json().totalProducts;
      expect(counted, `count of ${JSON.stringify(keyword)}`).toBe(expected.length);
    }
    // The comparison is not empty-handed: these keywords do find products.
    expect(await found('kalahari')).toHaveLength(2);
    expect(await found('skin.\nApply')).toEqual([ids[2]]);
  });

  it('does not match across the end of the name and the start of the description', async () => {
    expect(await found('oil\ncold')).toEqual([]);
    expect(await found('balm\nfor')).toEqual([]);
  });

  it('follows an edit: the new name is found at once, the old one no longer', async () => {
    const admin = (await createUser(t, { isAdmin: true })).auth;
    const [target] = await insertProducts(t, [{ name: 'Zambezi Teak Oil', description: 'Old words' }]);
    ids.push(target.id);
    expect(await found('zambezi')).toEqual([target.id]);
    const image = fakeImageUrl();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target.id}`,
      headers: admin,
      payload: {
        name: 'Luangwa Teak Oil',
        description: 'New words',
        price: 50,
        category: 'oil',
        countInStock: 3,
        images: [image],
        mainImage: image,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await found('zambezi')).toEqual([]);
    expect(await found('LUANGWA')).toEqual([target.id]);
    expect(await found('new words')).toEqual([target.id]);
    expect(await found('old words')).toEqual([]);
  });

  it('shows the stock an order took (and a cancel gave back) and the rating a review gave in the next search', async () => {
    const [oil] = await insertProducts(t, [
      { name: 'Kafue Marula Oil', priceNgwee: 20_000, countInStock: 7, category: 'oil' },
    ]);
    ids.push(oil.id);
    const card = async () => (await get('/api/products?keyword=kafue')).json().products[0];
    expect(await card()).toMatchObject({ _id: oil.id, countInStock: 7, rating: 0, numReviews: 0 });
    const buyer = await createUser(t);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: orderBody([{ product: oil.id.toUpperCase(), quantity: 2, price: 200 }]),
    });
    expect(placed.statusCode).toBe(201);
    expect(await card()).toMatchObject({ countInStock: 5 });
    await insertOrderOf(t, buyer.user.id, oil.id, 'Delivered');
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/products/${oil.id}/reviews`,
      headers: buyer.auth,
      payload: { rating: 4, comment: 'Good' },
    });
    expect(reviewed.statusCode).toBe(201);
    expect(await card()).toMatchObject({ countInStock: 5, rating: 4, numReviews: 1 });
    const admin = (await createUser(t, { isAdmin: true })).auth;
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json()._id}/status`,
      headers: admin,
      payload: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await card()).toMatchObject({ countInStock: 7 });
  });

  it('answers a keyword too broad to keep from the database, page for page the same', async () => {
    const narrow = new CatalogCache(async () => {}, { searchFacts: { broadAbove: 1, maxStoredMatches: 1_000 } });
    const wide = new CatalogCache(async () => {});
    const queries = [
      { keyword: 'oil', page: 1, limit: 1 },
      { keyword: 'oil', page: 2, limit: 1 },
      { keyword: 'a', page: 1, limit: 3, maxPrice: 150 },
      { keyword: 'kalahari', page: 1, limit: 12, category: 'essentials' as const },
      { keyword: 'zzz', page: 1, limit: 12 },
    ];
    for (const query of queries) {
      const expected = await listProducts(t.app.db, query);
      expect(await listProducts(t.app.db, query, narrow), JSON.stringify(query)).toEqual(expected);
      expect(await listProducts(t.app.db, query, wide), JSON.stringify(query)).toEqual(expected);
    }
    expect((await listProducts(t.app.db, queries[0])).totalProducts).toBeGreaterThan(2);
  });
  it("finds a product by any variant's SKU or size, in the database and the in-memory index alike, and follows changes to them", async () => {
    const admin = (await createUser(t, { isAdmin: true })).auth;
    const image = fakeImageUrl();
    const [oil] = await insertProducts(t, [
      {
        name: 'Kasama Ximenia Oil',
        description: 'Pressed by hand',
        priceNgwee: 9_000,
        images: [image],
        mainImage: image,
      },
    ]);
    ids.push(oil.id);
    const sizes = (skus: [string, string]) => ({
      options: ['Size'],
      variants: [
        { options: ['50 ml'], sku: skus[0], size: 'Dropper 50 ml', price: 90, countInStock: 3, isDefault: true },
        { options: ['Half litre'], sku: skus[1], size: 'Jerrycan 500 ml', price: 420, countInStock: 2 },
      ],
    });
    await putVariants(t, admin, oil.id, sizes(['XIM-DROP-50', 'XIM-CAN-500']));
    const search = t.app.catalogCache.search!;
    /** The three ways a keyword is answered: the database, the index (once it took the change in), the API. */
    const everywhere = async (keyword: string) => {
      const database = (await findProductPage(t.app.db, { keyword }, 1, 100)).rows.map((row) => row.id);
      await search.settled();
      expect(search.index, 'the index is built and up to date').not.toBeNull();
      const index = search.index!.page(keyword, {}, 1, 100)!.ids;
      const api = await found(keyword);
      expect(index, `index: ${keyword}`).toEqual(database);
      expect(api, `api: ${keyword}`).toEqual(database);
      return database;
    };
    // A variant that is not the default: its SKU (any case), its size text and its label.
    for (const keyword of ['xim-can-500', 'XIM-CAN', 'jerrycan 500', 'half litre', 'dropper', 'XIM-DROP-50'])
      expect(await everywhere(keyword), keyword).toEqual([oil.id]);

    // New SKUs for the sizes: the old ones find nothing, the new ones the product.
    const renamed = sizes(['XIM-DROP-51', 'XIM-CAN-501']);
    renamed.variants[1]!.size = 'Tin 500 ml';
    await putVariants(t, admin, oil.id, renamed);
    expect(await everywhere('xim-can-500')).toEqual([]);
    expect(await everywhere('jerrycan')).toEqual([]);
    expect(await everywhere('xim-can-501')).toEqual([oil.id]);
    expect(await everywhere('tin 500')).toEqual([oil.id]);

    // The spec's product form writes the default's SKU and size: the search follows them too.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${oil.id}`,
      headers: admin,
      payload: {
        name: 'Kasama Ximenia Oil',
        description: 'Pressed by hand',
        price: 90,
        category: 'oil',
        countInStock: 5,
        sku: 'XIM-PIPETTE-52',
        size: 'Pipette 50 ml',
        images: [image],
        mainImage: image,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await everywhere('xim-drop-51')).toEqual([]);
    expect(await everywhere('pipette 50')).toEqual([oil.id]);
    expect(await everywhere('XIM-PIPETTE')).toEqual([oil.id]);
    expect(await everywhere('xim-can-501')).toEqual([oil.id]);
  });
});
