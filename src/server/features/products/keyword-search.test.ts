import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { fakeImageUrl, insertProducts, minutesAgo } from './test-fixtures';

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
      .where(sql`(${products.name} ilike ${pattern} or ${products.description} ilike ${pattern}) and ${inArray(products.id, ids)}`)
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
    const keywords = ['kalahari', 'MELON OIL', 'oil', 'crème', 'CRÈME', '5% baobab_', 'butter', 'honey soap', 'night', 'skin.\nApply', 'a', 'xyz'];
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
      payload: { name: 'Luangwa Teak Oil', description: 'New words', price: 50, category: 'oil', countInStock: 3, images: [image], mainImage: image },
    });
    expect(res.statusCode).toBe(200);
    expect(await found('zambezi')).toEqual([]);
    expect(await found('LUANGWA')).toEqual([target.id]);
    expect(await found('new words')).toEqual([target.id]);
    expect(await found('old words')).toEqual([]);
  });
});
