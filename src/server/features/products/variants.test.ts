import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertCustomers, insertProduct, orderBody, stockOf } from '../orders/test/fixtures';
import { makeCode } from '../discounts/test/fixtures';
import { fetchCsv } from '../reports/test/fixtures';
import { productAnswer, putSetParts, putVariants, threeSizes } from './test/variant-fixtures';

/** Sizes and gift sets (docs/decisions/067-sizes-and-sets.md), through the API, on PGlite and PostgreSQL. */
describe('sizes and gift sets', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const order = (auth: Record<string, string>, lines: Parameters<typeof orderBody>[0]) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: orderBody(lines) });
  const variantStock = async (variantId: string) =>
    (await t.app.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0].countInStock;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
  });
  afterAll(() => t.close());

  it('a product with sizes: the default answers price, size and SKU, countInStock is what can be sold, and "from" the lowest', async () => {
    const oil = await insertProduct(t, { name: 'Mungongo Oil', price: 85, countInStock: 4 });
    const answered = await putVariants(t, admin, oil.id, {
      ...threeSizes([4, 6, 1]),
      variants: threeSizes([4, 6, 1]).variants.map((v, i) => ({ ...v, isDefault: i === 1 })),
    });
    expect(answered).toMatchObject({ options: ['Size'], price: 180, size: '250 ml', countInStock: 11, priceFrom: 85 });
    expect(answered.variants!.map((v) => [v.label, v.price, v.countInStock, v.isDefault])).toEqual([
      ['100 ml', 85, 4, false],
      ['250 ml', 180, 6, true],
      ['1 litre', 600, 1, false],
    ]);
    // The plain product's SKU went to... the default at the time of the change: the first variant sent as default.
    expect(answered.variants!.find((v) => v.isDefault)!.sku).toBe(oil.sku);
    const listed = await t.app.inject({ method: 'GET', url: '/api/products?keyword=Mungongo' });
    const card = listed.json().products.find((p: { _id: string }) => p._id === oil.id);
    expect(card).toMatchObject({ options: ['Size'], priceFrom: 85, countInStock: 11 });
    expect(card.variants).toBeUndefined();
  });

  it('a plain product answers exactly the spec fields, with no variant fields', async () => {
    const plain = await insertProduct(t, { price: 40, countInStock: 3 });
    const answer = await productAnswer(t, plain.id);
    for (const field of ['options', 'priceFrom', 'variants', 'isSet', 'setParts'])
      expect(answer).not.toHaveProperty(field);
  });

  it('orders a size at its own price, names it on the line, and takes its stock and the product total', async () => {
    const oil = await insertProduct(t, { name: 'Marula Oil', price: 85, countInStock: 0 });
    const product = await putVariants(t, admin, oil.id, threeSizes([5, 5, 5]));
    const litre = product.variants!.find((v) => v.label === '1 litre')!;
    const [buyer] = await insertCustomers(t, 1, 'Sizer');
    const placed = await order(buyer.auth, [{ product: oil.id, variant: litre._id, quantity: 2, price: 600 }]);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().orderItems[0]).toMatchObject({
      name: 'Marula Oil (1 litre)',
      price: 600,
      variant: litre._id,
      variantLabel: '1 litre',
    });
    expect(await variantStock(litre._id)).toBe(3);
    expect(await stockOf(t, oil.id)).toBe(13);
    // Without a variant, a client written to the spec buys the default, at the default's price.
    const plain = await order(buyer.auth, [{ product: oil.id, quantity: 1, price: 85 }]);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().orderItems[0]).toMatchObject({ name: 'Marula Oil (100 ml)', price: 85 });
    // A variant of another product is no variant of this one.
    const other = await insertProduct(t, { price: 10 });
    const wrong = await order(buyer.auth, [{ product: other.id, variant: litre._id, quantity: 1, price: 10 }]);
    expect(wrong.statusCode).toBe(409);
  });

  it("a discount check judges a size at that size's price: its minimum, and a fixed amount up to the line", async () => {
    const oil = await insertProduct(t, { name: 'Kalahari Oil', price: 85, countInStock: 0 });
    const product = await putVariants(t, admin, oil.id, threeSizes([5, 5, 5]));
    const litre = product.variants!.find((v) => v.label === '1 litre')!;
    const { code } = await makeCode(
      t,
      { authorization: admin.authorization },
      { kind: 'percent', value: 10, minSubtotal: 500 },
    );
    const [buyer] = await insertCustomers(t, 1, 'Checker');
    const check = (items: { product: string; variant?: string; quantity: number }[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/discounts/check',
        headers: buyer.auth,
        payload: { code, orderItems: items },
      });
    const atLitre = await check([{ product: oil.id, variant: litre._id, quantity: 1 }]);
    expect(atLitre.statusCode).toBe(200);
    expect(atLitre.json()).toMatchObject({ discountAmount: 60, eligibleProducts: [oil.id] });
    // The default (100 ml at K 85) is under the K 500 minimum.
    expect((await check([{ product: oil.id, quantity: 1 }])).statusCode).toBe(400);
    // A size of another product prices nothing: the cart is judged without that line.
    const other = await insertProduct(t, { price: 900 });
    expect((await check([{ product: other.id, variant: litre._id, quantity: 1 }])).statusCode).toBe(400);
  });

  it('cancelling returns each size to its own stock', async () => {
    const oil = await insertProduct(t, { name: 'Baobab Oil', price: 85 });
    const product = await putVariants(t, admin, oil.id, threeSizes([2, 2, 2]));
    const [small, mid] = product.variants!;
    const [buyer] = await insertCustomers(t, 1, 'Canceller');
    const placed = await order(buyer.auth, [
      { product: oil.id, variant: small._id, quantity: 2, price: 85 },
      { product: oil.id, variant: mid._id, quantity: 1, price: 180 },
    ]);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(t, oil.id)).toBe(3);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json()._id}/status`,
      headers: admin,
      payload: { status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect([await variantStock(small._id), await variantStock(mid._id), await stockOf(t, oil.id)]).toEqual([2, 2, 6]);
  });

  it('never oversells a size: 12 parallel orders for its last 3 units give 3 orders, the other sizes untouched', async () => {
    const oil = await insertProduct(t, { name: 'Kigelia Oil', price: 85 });
    const product = await putVariants(t, admin, oil.id, threeSizes([3, 9, 9]));
    const small = product.variants![0];
    const buyers = await insertCustomers(t, 12, 'Racer');
    const answers = await Promise.all(
      buyers.map((b) => order(b.auth, [{ product: oil.id, variant: small._id, quantity: 1, price: 85 }])),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0].json()).toMatchObject({
      message: 'Not enough stock for Kigelia Oil (100 ml): only 0 left',
      variant: small._id,
      countInStock: 0,
    });
    expect(await variantStock(small._id)).toBe(0);
    expect(await stockOf(t, oil.id)).toBe(18);
  });

  it("a gift set's stock is what its parts allow, live, and selling it takes the parts", async () => {
    const butter = await insertProduct(t, { name: 'Shea Butter', price: 60, countInStock: 5 });
    const oil = await insertProduct(t, { name: 'Mongongo Oil', price: 85 });
    const sizes = await putVariants(t, admin, oil.id, threeSizes([7, 2, 1]));
    const small = sizes.variants![0];
    const set = await insertProduct(t, { name: 'Forest Gift Set', price: 250, countInStock: 40 });
    const answered = await putSetParts(t, admin, set.id, {
      parts: [
        { product: butter.id, quantity: 2 },
        { product: oil.id, variant: small._id, quantity: 1 },
      ],
    });
    expect(answered).toMatchObject({ isSet: true, countInStock: 2, price: 250 });
    expect(answered.setParts!.map((p) => [p.name, p.label, p.quantity])).toEqual([
      ['Shea Butter', null, 2],
      ['Mongongo Oil', '100 ml', 1],
    ]);
    const [buyer] = await insertCustomers(t, 1, 'Gifter');
    const placed = await order(buyer.auth, [{ product: set.id, quantity: 1, price: 250 }]);
    expect(placed.statusCode).toBe(201);
    expect([await stockOf(t, butter.id), await variantStock(small._id), await stockOf(t, set.id)]).toEqual([3, 6, 1]);
    // The last butter sold on its own: the set is out of stock, on the API's answer too.
    expect((await order(buyer.auth, [{ product: butter.id, quantity: 2, price: 60 }])).statusCode).toBe(201);
    expect(await stockOf(t, set.id)).toBe(0);
    expect((await productAnswer(t, set.id)).countInStock).toBe(0);
    const refused = await order(buyer.auth, [{ product: set.id, quantity: 1, price: 250 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Not enough stock for Forest Gift Set: only 0 left',
      countInStock: 0,
    });
    // Cancelling the set's order returns its parts, and the set can be sold again.
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json()._id}/status`,
      headers: admin,
      payload: { status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect([await stockOf(t, butter.id), await variantStock(small._id), await stockOf(t, set.id)]).toEqual([3, 7, 1]);
  });

  it('a set and its part racing for the last units: never more sold than there is', async () => {
    const butter = await insertProduct(t, { name: 'Last Butter', price: 60, countInStock: 3 });
    const soap = await insertProduct(t, { name: 'Soap Bar', price: 20, countInStock: 50 });
    const set = await insertProduct(t, { name: 'Bath Set', price: 100 });
    await putSetParts(t, admin, set.id, {
      parts: [
        { product: butter.id, quantity: 1 },
        { product: soap.id, quantity: 1 },
      ],
    });
    const buyers = await insertCustomers(t, 16, 'SetRacer');
    const answers = await Promise.all(
      buyers.map((b, i) =>
        order(
          b.auth,
          i % 2
            ? [{ product: set.id, quantity: 1, price: 100 }]
            : [
                { product: soap.id, quantity: 1, price: 20 },
                { product: butter.id, quantity: 1, price: 60 },
              ],
        ),
      ),
    );
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(13);
    expect(await stockOf(t, butter.id)).toBe(0);
    expect(await stockOf(t, soap.id)).toBe(47);
    expect(await stockOf(t, set.id)).toBe(0);
  });

  it('refuses what would break the rules, with a clear message', async () => {
    const a = await insertProduct(t, { price: 10 });
    const set = await insertProduct(t, { price: 30 });
    const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: admin, payload });
    await putSetParts(t, admin, set.id, { parts: [{ product: a.id, quantity: 2 }] });
    expect((await put(`/api/products/${set.id}/variants`, threeSizes([1, 1, 1]))).statusCode).toBe(409);
    const nested = await insertProduct(t, { price: 50 });
    expect(
      (await put(`/api/products/${nested.id}/set-parts`, { parts: [{ product: set.id, quantity: 1 }] })).statusCode,
    ).toBe(409);
    expect(
      (await put(`/api/products/${set.id}/set-parts`, { parts: [{ product: set.id, quantity: 1 }] })).statusCode,
    ).toBe(400);
    const deleting = await t.app.inject({ method: 'DELETE', url: `/api/products/${a.id}`, headers: admin });
    expect(deleting.statusCode).toBe(409);
    const twice = await put(`/api/products/${a.id}/variants`, {
      options: ['Size'],
      variants: [
        { options: ['Small'], price: 1, countInStock: 1 },
        { options: ['small'], price: 1, countInStock: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Two variants are both small');
    // The stock of a product with sizes is kept per size: the spec's form may resend it, not change it.
    const oil = await insertProduct(t, { name: 'Stock Oil', price: 85 });
    const sized = await putVariants(t, admin, oil.id, threeSizes([1, 2, 3]));
    const form = {
      name: sized.name,
      price: 90,
      category: sized.category,
      countInStock: 7,
      images: sized.images,
      mainImage: sized.mainImage,
    };
    const changed = await put(`/api/products/${oil.id}`, form);
    expect(changed.statusCode).toBe(400);
    const resent = await put(`/api/products/${oil.id}`, { ...form, countInStock: 6 });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ price: 90, countInStock: 6 });
    expect(resent.json().variants[0]).toMatchObject({ price: 90, isDefault: true });
    // One variant sent twice (its id in two spellings) is said so, not taken for a clash of SKUs.
    const [small] = sized.variants!;
    const sameTwice = await put(`/api/products/${oil.id}/variants`, {
      options: ['Size'],
      variants: [
        { _id: small!._id.toUpperCase(), options: ['Tiny'], price: 1, countInStock: 1 },
        { _id: small!._id, options: ['Mini'], price: 1, countInStock: 1 },
      ],
    });
    expect(sameTwice.statusCode).toBe(400);
    expect(sameTwice.json().message).toBe(`Variant ${small!._id} is sent twice`);
  });

  it('back to plain: the default keeps price, stock and SKU; a set that held it holds the plain product', async () => {
    const oil = await insertProduct(t, { name: 'Plain Again Oil', price: 85, countInStock: 3 });
    const sized = await putVariants(t, admin, oil.id, threeSizes([3, 4, 5]));
    const set = await insertProduct(t, { price: 300 });
    await putSetParts(t, admin, set.id, { parts: [{ product: oil.id, variant: sized.variants![0]._id, quantity: 1 }] });
    const plain = await putVariants(t, admin, oil.id, { options: [], variants: [] });
    expect(plain).toMatchObject({ price: 85, countInStock: 3, sku: oil.sku });
    expect(plain).not.toHaveProperty('variants');
    const [buyer] = await insertCustomers(t, 1, 'Plainer');
    expect((await order(buyer.auth, [{ product: set.id, quantity: 1, price: 300 }])).statusCode).toBe(201);
    expect(await stockOf(t, oil.id)).toBe(2);
  });

  it('merges separate size products into one, keeping their stock, SKUs, orders, reviews and places in sets', async () => {
    const small = await insertProduct(t, { name: 'Ximenia Oil 100 ml', price: 85, countInStock: 4 });
    const big = await insertProduct(t, { name: 'Ximenia Oil 250 ml', price: 180, countInStock: 2 });
    const [buyer] = await insertCustomers(t, 1, 'Merger');
    const placed = await order(buyer.auth, [{ product: big.id, quantity: 1, price: 180 }]);
    expect(placed.statusCode).toBe(201);
    const set = await insertProduct(t, { name: 'Ximenia Set', price: 200 });
    await putSetParts(t, admin, set.id, { parts: [{ product: big.id, quantity: 1 }] });
    const merge = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/products/${small.id}/merge`, headers: admin, payload });
    expect((await merge({ products: [small.id] })).statusCode).toBe(400);
    const merged = await merge({ products: [big.id], values: { [small.id]: '100 ml', [big.id]: '250 ml' } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      options: ['Size'],
      price: 85,
      countInStock: 5,
      priceFrom: 85,
      sku: small.sku,
    });
    const [own, bigger] = merged.json().variants;
    expect(own).toMatchObject({ label: '100 ml', sku: small.sku, countInStock: 4, isDefault: true });
    expect(bigger).toMatchObject({ label: '250 ml', sku: big.sku, countInStock: 1, price: 180 });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${big.id}` })).statusCode).toBe(404);
    // The old order now names the product and its size; the set holds the size; cancelling returns it there.
    const theOrder = await t.app.inject({ method: 'GET', url: `/api/orders/${placed.json()._id}`, headers: admin });
    expect(theOrder.json().orderItems[0]).toMatchObject({
      product: small.id,
      variant: bigger._id,
      variantLabel: '250 ml',
    });
    expect((await productAnswer(t, set.id)).setParts![0]).toMatchObject({ product: small.id, variant: bigger._id });
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json()._id}/status`,
      headers: admin,
      payload: { status: 'Cancelled' },
    });
    expect(await variantStock(bigger._id)).toBe(2);
    expect(await stockOf(t, small.id)).toBe(6);
    expect(await stockOf(t, set.id)).toBe(2);
  });

  it("exports a row per size and a set's parts, and the sheet edited reads back into the sizes", async () => {
    const oil = await insertProduct(t, { name: 'Sheet Oil', price: 85 });
    const sized = await putVariants(t, admin, oil.id, threeSizes([1, 2, 3]));
    const set = await insertProduct(t, { name: 'Sheet Set', price: 200 });
    await putSetParts(t, admin, set.id, { parts: [{ product: oil.id, variant: sized.variants![1]._id, quantity: 2 }] });
    const sheet = await fetchCsv(t, '/api/reports/products.csv', admin);
    expect(sheet.header.slice(-3)).toEqual(['Options', 'Variant of', 'Set parts']);
    const rows = sheet.records.filter((r) => r['Product ID'] === oil.id);
    expect(rows.map((r) => [r.SKU, r.Options, r['Variant of'], r.Stock, r['Price (ZMW)']])).toEqual(
      sized.variants!.map((v, i) => [
        v.sku,
        `Size: ${v.label}`,
        i === 0 ? '' : oil.sku,
        String(v.countInStock),
        v.price.toFixed(2),
      ]),
    );
    expect(sheet.records.find((r) => r['Product ID'] === set.id)!['Set parts']).toBe(`2 × ${sized.variants![1].sku}`);

    // The 250 ml row's stock and price, and the default's stock, changed in the sheet; the set's stock too.
    const csv = [
      sheet.header.join(','),
      ...sheet.data
        .filter((cells) => cells[0] === oil.id || cells[0] === set.id)
        .map((cells) => {
          const row = [...cells];
          if (row[2] === sized.variants![1].sku) [row[4], row[5]] = ['190.00', '9'];
          if (row[2] === oil.sku) row[5] = '4';
          return row.map((c) => (/[,"]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
        }),
    ].join('\r\n');
    const importing = (dryRun: boolean, text = csv) =>
      t.app.inject({ method: 'POST', url: '/api/products/import', headers: admin, payload: { csv: text, dryRun } });
    const checked = (await importing(true)).json();
    expect(checked.failed).toBe(0);
    expect(
      checked.rows.filter((r: { action: string }) => r.action === 'update').map((r: { name: string }) => r.name),
    ).toEqual(['Sheet Oil', 'Sheet Oil (250 ml)']);
    expect((await importing(false)).json()).toMatchObject({ applied: true, updated: 2 });
    const after = await productAnswer(t, oil.id);
    expect(after.variants!.map((v) => [v.countInStock, v.price])).toEqual([
      [4, 85],
      [9, 190],
      [3, 600],
    ]);
    expect(after.countInStock).toBe(16);
    expect(await stockOf(t, set.id)).toBe(4);
    const setRow = csv
      .split('\r\n')
      .find((line) => line.startsWith(set.id))!
      .split(',');
    setRow[5] = '50';
    const refused = (await importing(true, [sheet.header.join(','), setRow.join(',')].join('\r\n'))).json();
    expect(refused.rows[0].errors).toContain("A gift set's stock comes from its parts: change the parts' stock.");
  });
});
