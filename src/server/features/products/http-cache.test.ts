import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { fakeImageUrl, insertProducts, minutesAgo } from './test/fixtures';

/** Public answers come from the catalogue cache with ETags, and every write is visible at once. */
describe('catalogue caching', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let productId = '';
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
    const [p] = await insertProducts(t, [{ name: 'Mungongo Oil 50 ml', category: 'oil', createdAt: minutesAgo(10) }]);
    productId = p.id;
  });
  afterAll(() => t.close());

  it('answers with a weak ETag and asks browsers to revalidate', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers 304 without a body to a matching If-None-Match, on every public read', async () => {
    for (const url of [
      '/api/products?keyword=oil',
      '/api/products/featured',
      `/api/products/${productId}`,
      `/api/products/${productId}/related`,
    ]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': 'W/"stale-tag"' })).statusCode).toBe(200);
      const any = await get(url, { 'if-none-match': '*' });
      expect(any.statusCode).toBe(304);
      expect(any.headers.vary).toContain('accept-encoding');
    }
  });

  it('gives equivalent queries one ETag and different queries different ones', async () => {
    const a = await get('/api/products?keyword=OIL&page=1&minPrice=10');
    const b = await get('/api/products?minPrice=10.00&keyword=oil');
    const c = await get('/api/products?keyword=oil&page=2');
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.body).toBe(b.body);
    expect(c.headers.etag).not.toBe(a.headers.etag);
  });

  it('sends the cached JSON text as it is', async () => {
    await get('/api/products/featured');
    const marker = '[{"cached":"text"}]';
    t.app.catalogCache.set(
      'featured',
      { json: marker, etag: 'W/"marker"', products: null },
      t.app.catalogCache.changesSoFar,
    );
    const res = await get('/api/products/featured');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(marker);
    await t.app.catalogCache.invalidate('products');
    expect((await get('/api/products/featured')).body).not.toBe(marker);
  });

  it('shows a created product at once and changes the ETag', async () => {
    const before = await get('/api/products');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: {
        name: 'Baobab Lotion',
        price: 80,
        category: 'lotion',
        countInStock: 3,
        images: [fakeImageUrl()],
        isFeatured: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/products', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().products[0].name).toBe('Baobab Lotion');
    expect((await get('/api/products/featured')).json().map((p: { name: string }) => p.name)).toContain(
      'Baobab Lotion',
    );
  });

  it('shows an updated product at once in the list and on its page', async () => {
    const detail = await get(`/api/products/${productId}`);
    expect((await get('/api/products?keyword=mungongo')).json().products[0].price).toBe(100);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: admin,
      payload: { ...(detail.json() as object), name: 'Mungongo Oil 50 ml (new label)', price: 95.5 },
    });
    expect(updated.statusCode).toBe(200);
    const list = (await get('/api/products?keyword=mungongo')).json();
    expect(list.products[0]).toMatchObject({ name: 'Mungongo Oil 50 ml (new label)', price: 95.5 });
    const again = await get(`/api/products/${productId}`, { 'if-none-match': detail.headers.etag as string });
    expect(again.statusCode).toBe(200);
    expect(again.json().name).toBe('Mungongo Oil 50 ml (new label)');
  });

  it('does not serve a deleted product from the cache', async () => {
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
    expect((await get('/api/products?keyword=mungongo')).json().totalProducts).toBe(0);
  });

  it('compresses answers for phones that accept it, and only then', async () => {
    await insertProducts(
      t,
      Array.from({ length: 8 }, (_, i) => ({
        name: `Baobab Body Lotion ${i}`,
        category: 'lotion',
        createdAt: minutesAgo(20 + i),
      })),
    );
    const plain = await get('/api/products?limit=20');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await get('/api/products?limit=20', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gzip = await get('/api/products?limit=20', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // After a write the compressed copy follows the new answer, never the old one.
    await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: { name: 'Fresh Marula Oil', price: 99, category: 'oil', countInStock: 3, images: [fakeImageUrl()] },
    });
    const after = await get('/api/products?limit=20', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('Fresh Marula Oil');
  });

  it('keeps the number of matches right across page sizes and after a write', async () => {
    const total = async (url: string) => (await get(url)).json().totalProducts as number;
    const before = await total('/api/products?keyword=lotion&limit=2');
    expect(before).toBeGreaterThanOrEqual(8);
    expect(await total('/api/products?keyword=lotion&limit=3&page=2')).toBe(before);
    await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: {
        name: 'Baobab Body Lotion, large',
        price: 120,
        category: 'lotion',
        countInStock: 5,
        images: [fakeImageUrl()],
      },
    });
    expect(await total('/api/products?keyword=lotion&limit=3&page=2')).toBe(before + 1);
    expect(await total('/api/products?keyword=LOTION&limit=4')).toBe(before + 1);
  });
});
