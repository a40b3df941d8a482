import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderItems, products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { fakeImageUrl, insertOrderOf, insertProducts } from './test/fixtures';

/** Admin writes: POST, PUT and DELETE /api/products. */
describe('product administration', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, payload });
  const input = (extra: object = {}) => {
    const image = fakeImageUrl();
    return {
      name: 'Marula Oil 100 ml',
      price: 149.99,
      category: 'oil',
      countInStock: 7,
      images: [image],
      mainImage: image,
      ...extra,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
    customer = (await createUser(t)).auth;
  });
  afterAll(() => t.close());

  describe('roles', () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    it.each([
      ['POST', '/api/products'],
      ['PUT', `/api/products/${someId}`],
      ['DELETE', `/api/products/${someId}`],
    ] as const)('%s %s answers 401 without a token and 403 for a customer', async (method, url) => {
      const anonymous = await send(method, url, {}, method === 'DELETE' ? undefined : input());
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBeTruthy();
      const notAdmin = await send(method, url, customer, method === 'DELETE' ? undefined : input());
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.json()).toEqual({ message: 'Not authorized as an admin' });
    });
  });

  describe('POST /api/products', () => {
    it('creates a product with a generated SKU, the shop brand and the price kept in ngwee', async () => {
      const body = input({
        description: 'Cold pressed',
        size: '100 ml',
        isFeatured: true,
        ingredients: 'Marula',
        howToUse: 'Warm a few drops',
      });
      const res = await send('POST', '/api/products', admin, body);
      expect(res.statusCode).toBe(201);
      const product = res.json();
      expect(product).toMatchObject({
        name: 'Marula Oil 100 ml',
        price: 149.99,
        category: 'oil',
        countInStock: 7,
        brand: 'Forest Gold',
        isFeatured: true,
        size: '100 ml',
        rating: 0,
        numReviews: 0,
        reviews: [],
        images: body.images,
        mainImage: body.mainImage,
        image: body.mainImage,
      });
      expect(product.sku).toMatch(/^OIL-[2-9A-HJ-NP-Z]{6}$/);
      const [row] = await t.app.db.select().from(products).where(eq(products.id, product._id));
      expect(row.priceNgwee).toBe(14_999);
    });

    it('takes the first image as main image when none is chosen, and accepts numbers sent as text', async () => {
      const images = [fakeImageUrl(), fakeImageUrl()];
      const res = await send('POST', '/api/products', admin, {
        ...input(),
        mainImage: '',
        images,
        price: '12.50',
        countInStock: '3',
        brand: 'Tonga Gold',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        mainImage: images[0],
        image: images[0],
        price: 12.5,
        countInStock: 3,
        brand: 'Tonga Gold',
      });
      const blankSku = await send('POST', '/api/products', admin, input({ category: 'gift-sets', sku: '', brand: '' }));
      expect(blankSku.json()).toMatchObject({ brand: 'Forest Gold' });
      expect(blankSku.json().sku).toMatch(/^GFT-/);
    });

    it.each([
      ['a missing name', { name: undefined }, 'Please fill in all required fields'],
      ['a blank name', { name: '   ' }, 'Please fill in all required fields'],
      ['a missing price', { price: undefined }, 'Please fill in all required fields'],
      ['a missing category', { category: undefined }, 'Please fill in all required fields'],
      ['a missing stock', { countInStock: undefined }, 'Please fill in all required fields'],
      ['no images', { images: [], mainImage: undefined }, 'Please upload 1-4 images.'],
      ['missing images', { images: undefined, mainImage: undefined }, 'Please upload 1-4 images.'],
      [
        'five images',
        { images: [1, 2, 3, 4, 5].map(() => fakeImageUrl()), mainImage: undefined },
        'You can upload up to 4 images.',
      ],
      ['a main image not among the images', { mainImage: fakeImageUrl() }, 'Please select a main image.'],
    ])('refuses %s with the editor message', async (_case, change, message) => {
      const res = await send('POST', '/api/products', admin, input(change));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it.each([
      ['a negative price', { price: -1 }],
      ['a price with three decimals', { price: 1.234 }],
      ['a fractional stock', { countInStock: 1.5 }],
      ['an unknown category', { category: 'nope' }],
      ['a script URL as image', { images: ['javascript:alert(1)'], mainImage: undefined }],
      ['a very long name', { name: 'x'.repeat(500) }],
    ])('refuses %s with a 400', async (_case, change) => {
      const res = await send('POST', '/api/products', admin, input(change));
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    });

    it('answers 409 for a SKU already in use, whatever its case', async () => {
      expect((await send('POST', '/api/products', admin, input({ sku: 'MNG-30ML' }))).statusCode).toBe(201);
      const again = await send('POST', '/api/products', admin, input({ sku: 'mng-30ml' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'SKU already in use' });
    });
  });

  describe('PUT /api/products/{id}', () => {
    it('replaces the product and keeps its SKU and brand when the body has none', async () => {
      const [row] = await insertProducts(t, [{ name: 'Old name', sku: 'KEEP-1', brand: 'Old Brand', size: '30 ml' }]);
      const res = await send(
        'PUT',
        `/api/products/${row.id}`,
        admin,
        input({ name: 'New name', price: 20, countInStock: 0 }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: row.id,
        name: 'New name',
        price: 20,
        countInStock: 0,
        sku: 'KEEP-1',
        brand: 'Old Brand',
        size: null,
      });
      expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThan(row.updatedAt.getTime());
    });

    it('answers 404 for an unknown or malformed id, 400 for a bad body, 409 for a taken SKU', async () => {
      expect((await send('PUT', '/api/products/00000000-0000-4000-8000-000000000000', admin, input())).json()).toEqual({
        message: 'Product not found',
      });
      expect((await send('PUT', '/api/products/not-an-id', admin, input())).statusCode).toBe(404);
      const [a, b] = await insertProducts(t, [{ sku: 'TAKEN-A' }, { sku: 'TAKEN-B' }]);
      expect((await send('PUT', `/api/products/${a.id}`, admin, input({ images: [] }))).statusCode).toBe(400);
      const clash = await send('PUT', `/api/products/${b.id}`, admin, input({ sku: 'taken-a' }));
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ message: 'SKU already in use' });
    });
  });

  const uploads = () => path.join(t.dataDir, 'uploads');
  const filesOf = (name: string) =>
    existsSync(uploads()) ? readdirSync(uploads()).filter((f) => f.startsWith(name.replace('.webp', ''))) : [];
  const savePng = async (r: number) =>
    t.app.imageStore.saveImage(
      await sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g: 120, b: 40 } } })
        .png()
        .toBuffer(),
    );

  describe('image files', () => {
    it('removes the files of an image an edit dropped, keeping the images still shown', async () => {
      const dropped = await savePng(30);
      const kept = await savePng(60);
      const [row] = await insertProducts(t, [{ images: [dropped.url, kept.url], mainImage: dropped.url }]);
      const res = await send(
        'PUT',
        `/api/products/${row.id}`,
        admin,
        input({ images: [kept.url], mainImage: kept.url }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ images: [kept.url], mainImage: kept.url });
      expect(filesOf(dropped.name)).toEqual([]);
      expect(filesOf(kept.name).length).toBeGreaterThan(1);
    });

    it('keeps the file of an image that a past order still shows', async () => {
      const image = await savePng(120);
      const [row] = await insertProducts(t, [{ images: [image.url], mainImage: image.url }]);
      const { item } = await insertOrderOf(t, null, row.id);
      await t.app.db.update(orderItems).set({ image: image.url }).where(eq(orderItems.id, item.id));
      expect((await send('DELETE', `/api/products/${row.id}`, admin)).statusCode).toBe(200);
      expect(filesOf(image.name).length).toBeGreaterThan(1);
      expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/products/{id}', () => {
    it('deletes the product, its unshared image files, and keeps past order lines', async () => {
      const own = await savePng(10);
      const shared = await savePng(200);
      expect(filesOf(own.name).length).toBeGreaterThan(1);
      const [doomed, other] = await insertProducts(t, [
        { images: [own.url, shared.url], mainImage: own.url },
        { images: [shared.url], mainImage: shared.url },
      ]);
      const { item } = await insertOrderOf(t, null, doomed.id);

      const res = await send('DELETE', `/api/products/${doomed.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Product deleted successfully' });
      expect(filesOf(own.name)).toEqual([]);
      expect(filesOf(shared.name).length).toBeGreaterThan(1);
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${doomed.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${other.id}` })).statusCode).toBe(200);
      const [line] = await t.app.db.select().from(orderItems).where(eq(orderItems.id, item.id));
      expect(line).toMatchObject({ productId: null, name: 'Bought product' });
    });

    it('still deletes the product when the image store fails', async () => {
      const image = await savePng(90);
      const [row] = await insertProducts(t, [{ images: [image.url], mainImage: image.url }]);
      const failing = vi.spyOn(t.app.imageStore, 'deleteImage').mockRejectedValueOnce(new Error('disk on fire'));
      try {
        const res = await send('DELETE', `/api/products/${row.id}`, admin);
        expect(res.statusCode).toBe(200);
        expect(failing).toHaveBeenCalledWith(image.name);
      } finally {
        failing.mockRestore();
      }
      expect(await t.app.db.select().from(products).where(eq(products.id, row.id))).toEqual([]);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await send('DELETE', '/api/products/00000000-0000-4000-8000-000000000000', admin)).json()).toEqual({
        message: 'Product not found',
      });
      expect((await send('DELETE', '/api/products/..%2F..%2Fetc', admin)).statusCode).toBe(404);
    });
  });
});
