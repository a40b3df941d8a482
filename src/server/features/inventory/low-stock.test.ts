import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, productVariants, products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct, orderBody } from '../orders/test/fixtures';
import { putSetParts, putVariants, threeSizes } from '../products/test/variant-fixtures';
import { sendLowStockDigest } from './low-stock-digest';

describe('low stock', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp({ shopEmail: 'coop@example.org' });
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  const digests = () => t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'low-stock'));
  const lowList = (query = '', headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'GET', url: `/api/products/low-stock${query}`, headers });
  const editorBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Baobab seed oil 100 ml',
    price: 95,
    category: 'oil',
    countInStock: 20,
    images: ['/uploads/baobab.webp'],
    ...overrides,
  });
  const placeOrderOf = async (product: { id: string; priceNgwee: number }, quantity: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity, price: product.priceNgwee / 100 }]),
    });
    expect(res.statusCode).toBe(201);
  };

  it("a product's own alert level is set, kept and cleared through the product API; bad levels are refused", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: editorBody({ lowStockThreshold: 3 }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    expect(created.json().lowStockThreshold).toBe(3);
    // Left out of a PUT (an older editor): kept.
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: editorBody({ countInStock: 19 }),
    });
    expect(kept.json().lowStockThreshold).toBe(3);
    // Blank: back to the shop's default.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: editorBody({ lowStockThreshold: '' }),
    });
    expect(cleared.json().lowStockThreshold).toBeNull();
    for (const bad of [-1, 2.5, 'many', 100_001]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: admin.auth,
        payload: editorBody({ lowStockThreshold: bad }),
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toMatch(/lowStockThreshold/);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().lowStockThreshold).toBeNull();
  });

  it('the shop default is a setting, checked like the others', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().lowStockThreshold).toBe(5);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { lowStockThreshold: 'ten' },
    });
    expect(bad.statusCode).toBe(400);
    const customerTry = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: customer.auth,
      payload: { lowStockThreshold: 50 },
    });
    expect(customerTry.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().lowStockThreshold).toBe(5);
  });

  it('only admins read the low-stock list: products at or below their own level or the default, fewest left first', async () => {
    const plenty = await insertProduct(t, { name: 'Plenty of nuts', price: 40, countInStock: 50 });
    const fewLeft = await insertProduct(t, { name: 'Few mafura bars', price: 30, countInStock: 4 });
    const ownLevel = await insertProduct(t, { name: 'Own-level honey', price: 60, countInStock: 9 });
    await t.app.db.update(products).set({ lowStockThreshold: 10 }).where(eq(products.id, ownLevel.id));
    const soldOut = await insertProduct(t, { name: 'Sold-out soap', price: 25, countInStock: 0 });

    expect((await lowList('', {})).statusCode).toBe(401);
    expect((await lowList('', customer.auth)).statusCode).toBe(403);
    const res = await lowList('?limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const names = res.json().products.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Few mafura bars', 'Own-level honey', 'Sold-out soap']));
    expect(names).not.toContain('Plenty of nuts');
    expect(names.indexOf('Sold-out soap')).toBeLessThan(names.indexOf('Few mafura bars'));
    expect(names.indexOf('Few mafura bars')).toBeLessThan(names.indexOf('Own-level honey'));
    expect((await lowList('?keyword=mafura')).json()).toMatchObject({
      totalProducts: 1,
      products: [{ _id: fewLeft.id }],
    });
    expect((await lowList('?page=0')).statusCode).toBe(400);

    // A higher shop default takes in more; products with their own level keep it.
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { lowStockThreshold: 60 },
    });
    expect((await lowList('?limit=100')).json().products.map((p: { _id: string }) => p._id)).toContain(plenty.id);
    await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { lowStockThreshold: 5 } });
    await t.app.db.delete(products).where(eq(products.id, soldOut.id));
  });

  it('one digest names each product that fell to its level, once, until it is restocked above it', async () => {
    await sendLowStockDigest(t.app); // the products of the tests before
    const before = (await digests()).length;
    const oil = await insertProduct(t, { name: 'Mungongo oil 50 ml', price: 80, countInStock: 7 });
    const nuts = await insertProduct(t, { name: 'Mungongo nuts 1 kg', price: 120, countInStock: 6 });

    expect(await sendLowStockDigest(t.app)).toEqual([]);
    await placeOrderOf(oil, 2); // 5 left: at the default level
    await placeOrderOf(nuts, 4); // 2 left
    const named = await sendLowStockDigest(t.app);
    expect(named.map((p) => p.name)).toEqual(['Mungongo nuts 1 kg', 'Mungongo oil 50 ml']);
    const mails = await digests();
    expect(mails).toHaveLength(before + 1);
    const digest = mails.at(-1)!;
    expect(digest.toAddress).toBe('coop@example.org');
    expect(digest.subject).toBe('Low stock: 2 products');
    expect(digest.textBody).toContain(`- Mungongo nuts 1 kg (SKU ${nuts.sku}): 2 left (alert at 5)`);
    expect(digest.textBody).toContain(`- Mungongo oil 50 ml (SKU ${oil.sku}): 5 left (alert at 5)`);
    expect(digest.textBody).toContain('http://localhost:3000/admin/products?stock=low');

    // Selling more of a product already named sends nothing new.
    await placeOrderOf(nuts, 2);
    expect(await sendLowStockDigest(t.app)).toEqual([]);
    expect(await digests()).toHaveLength(before + 1);

    // Restocked above the level, then low again: named again, alone, as sold out.
    const restock = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${nuts.id}`,
      headers: admin.auth,
      payload: { name: nuts.name, price: 120, category: 'oil', countInStock: 30, images: nuts.images, sku: nuts.sku },
    });
    expect(restock.statusCode).toBe(200);
    expect(await sendLowStockDigest(t.app)).toEqual([]);
    await t.app.db.update(products).set({ countInStock: 0 }).where(eq(products.id, nuts.id));
    const again = await sendLowStockDigest(t.app);
    expect(again).toEqual([expect.objectContaining({ id: nuts.id, countInStock: 0, threshold: 5 })]);
    const last = (await digests()).at(-1)!;
    expect(last.subject).toBe('Low stock: Mungongo nuts 1 kg');
    expect(last.textBody).toContain('sold out');
  });
  it('a product with sizes is low when one size is: the list and the digest name that size; a gift set never itself', async () => {
    const buyer = await createUser(t);
    const oil = await insertProduct(t, { name: 'Kalomo Baobab Oil', price: 85, countInStock: 0 });
    const [small, mid] = (await putVariants(t, admin.auth, oil.id, threeSizes([2, 12, 40]))).variants!;
    const balm = await insertProduct(t, { name: 'Kalomo Marula Balm', price: 85, countInStock: 0 });
    await putVariants(t, admin.auth, balm.id, threeSizes([10, 20, 30]));
    const set = await insertProduct(t, { name: 'Kalomo Gift Set', price: 150, countInStock: 0 });
    // The set's stock is what its part allows: 2, at the shop's level, yet the set is not listed (its part is).
    expect(
      (await putSetParts(t, admin.auth, set.id, { parts: [{ product: oil.id, variant: small!._id, quantity: 1 }] }))
        .countInStock,
    ).toBe(2);

    const listed = (await lowList('?limit=100&keyword=kalomo')).json();
    expect(listed.totalProducts).toBe(1);
    expect(listed.products).toEqual([
      expect.objectContaining({
        _id: oil.id,
        name: 'Kalomo Baobab Oil',
        countInStock: 54,
        lowVariants: [{ _id: small!._id, label: '100 ml', sku: small!.sku, countInStock: 2 }],
      }),
    ]);
    // Fewest left first by the lowest size; a plain product's entry has no new field.
    const all = (await lowList('?limit=100')).json().products as { _id: string; name: string }[];
    const names = all.map((p) => p.name);
    expect(names.indexOf('Kalomo Baobab Oil')).toBeLessThan(names.indexOf('Few mafura bars'));
    expect(all.find((p) => p.name === 'Few mafura bars')).not.toHaveProperty('lowVariants');
    expect(names).not.toContain('Kalomo Gift Set');

    await sendLowStockDigest(t.app); // what the tests before left low
    await t.app.db.update(productVariants).set({ lowStockReportedAt: null }).where(eq(productVariants.id, small!._id));
    const before = (await digests()).length;
    expect(await sendLowStockDigest(t.app)).toEqual([
      {
        id: oil.id,
        variant: small!._id,
        name: 'Kalomo Baobab Oil (100 ml)',
        sku: small!.sku,
        countInStock: 2,
        threshold: 5,
      },
    ]);
    const mail = (await digests()).at(-1)!;
    expect(await digests()).toHaveLength(before + 1);
    expect(mail.subject).toBe('Low stock: Kalomo Baobab Oil (100 ml)');
    expect(mail.textBody).toContain(`- Kalomo Baobab Oil (100 ml) (SKU ${small!.sku}): 2 left (alert at 5)`);
    expect(mail.textBody).not.toContain('Kalomo Gift Set');

    // Another size sold down to the level is named alone; the one named already is not named again.
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: orderBody([{ product: oil.id, variant: mid!._id, quantity: 7, price: 180 }]),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await sendLowStockDigest(t.app)).map((p) => p.name)).toEqual(['Kalomo Baobab Oil (250 ml)']);

    // Restocked above the level, then low again: named again.
    await t.app.db.update(productVariants).set({ countInStock: 30 }).where(eq(productVariants.id, small!._id));
    expect(await sendLowStockDigest(t.app)).toEqual([]);
    await t.app.db.update(productVariants).set({ countInStock: 0 }).where(eq(productVariants.id, small!._id));
    expect(await sendLowStockDigest(t.app)).toEqual([
      expect.objectContaining({ variant: small!._id, countInStock: 0 }),
    ]);
    expect((await digests()).at(-1)!.textBody).toContain('- Kalomo Baobab Oil (100 ml) (SKU');
  });
});
