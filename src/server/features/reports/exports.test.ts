import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { address, insertProduct } from '../orders/test/fixtures';
import { CUSTOMERS_HEADER, ORDERS_HEADER, PRODUCTS_HEADER, productsCsv } from './service';
import { fetchCsv, parseCsv, placeOrderAt } from './test/fixtures';

const HOSTILE_NAME = '=HYPERLINK("http://evil.example","Click me")';
const AWKWARD_NAME = 'Mwaba "Mama" Ng\'andu, Choma\nSecond line';

describe('CSV exports', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let hostile: Awaited<ReturnType<typeof createUser>>;
  let awkward: Awaited<ReturnType<typeof createUser>>;
  const ids: Record<string, string> = {};
  let oil: { id: string; sku: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Report Admin' });
    hostile = await createUser(t, { name: HOSTILE_NAME });
    awkward = await createUser(t, { name: AWKWARD_NAME });
    await t.app.db
      .update(users)
      .set({ createdAt: new Date('2026-02-10T08:00:00Z'), phone: '+260971234567' })
      .where(eq(users.id, hostile.user.id));
    await t.app.db
      .update(users)
      .set({ createdAt: new Date('2026-03-05T08:00:00Z') })
      .where(eq(users.id, awkward.user.id));
    oil = await insertProduct(t, { name: 'Mungongo oil 100 ml', price: 120 });
    const nuts = await insertProduct(t, { name: 'Mungongo nuts 250 g', price: 45.5 });
    await t.app.db
      .update(products)
      .set({ isFeatured: true, createdAt: new Date('2026-01-15T10:00:00Z') })
      .where(eq(products.id, oil.id));
    await t.app.db
      .update(products)
      .set({ createdAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(products.id, nuts.id));

    // 00:30 on 1 March in Lusaka is still 28 February in UTC: the first of March's orders.
    ids.first = await placeOrderAt(
      t,
      hostile.auth,
      [
        { product: oil.id, quantity: 2, price: 120 },
        { product: nuts.id, quantity: 1, price: 45.5 },
      ],
      {
        at: '2026-02-28T22:30:00Z',
        paidAt: '2026-03-01T09:00:00Z',
        paymentReference: 'MP260301.0930.A12345',
        deliveredAt: '2026-03-03T12:00:00Z',
        status: 'Delivered',
      },
    );
    ids.second = await placeOrderAt(t, awkward.auth, [{ product: nuts.id, quantity: 3, price: 45.5 }], {
      at: '2026-03-31T21:59:59Z',
      paymentMethod: 'mtn',
    });
    // 23:59 on 28 February in Lusaka, and 00:30 on 1 April: both outside March.
    ids.february = await placeOrderAt(t, hostile.auth, [{ product: nuts.id, quantity: 1, price: 45.5 }], {
      at: '2026-02-28T21:59:00Z',
    });
    ids.april = await placeOrderAt(t, hostile.auth, [{ product: oil.id, quantity: 1, price: 120 }], {
      at: '2026-03-31T22:30:00Z',
      status: 'Cancelled',
      paidAt: '2026-04-01T10:00:00Z',
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'GET', url, headers });

  it('exports the orders of the range, one row per line, with the order repeated and kwacha as 1234.50', async () => {
    const { res, bytes, header, records } = await fetchCsv(
      t,
      '/api/reports/orders.csv?from=2026-03-01&to=2026-03-31',
      admin.auth,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-01-to-2026-03-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-row-count']).toBe('3');
    expect(header).toEqual([...ORDERS_HEADER]);
    expect(records.map((r) => [r['Order ID'], r.Product])).toEqual([
      [ids.first, 'Mungongo oil 100 ml'],
      [ids.first, 'Mungongo nuts 250 g'],
      [ids.second, 'Mungongo nuts 250 g'],
    ]);
    expect(records[0]).toEqual({
      'Order ID': ids.first,
      'Placed at': '2026-03-01T00:30:00+02:00',
      'Customer name': `'${HOSTILE_NAME}`,
      'E-mail': hostile.email,
      Phone: address.phoneNumber,
      City: address.city,
      Province: address.province,
      Status: 'Delivered',
      Paid: 'yes',
      'Paid at': '2026-03-01T11:00:00+02:00',
      'Payment method': 'Airtel Money',
      'Collected through': 'By hand',
      'Payment reference': 'MP260301.0930.A12345',
      'Delivered at': '2026-03-03T14:00:00+02:00',
      'Delivery option': 'Standard delivery',
      Product: 'Mungongo oil 100 ml',
      SKU: oil.sku,
      Quantity: '2',
      'Unit price (ZMW)': '120.00',
      'Line total (ZMW)': '240.00',
      // 285.50 of products, 16% VAT 45.68, shipping K75 (not above K500): 406.18, as stored when placed.
      'Order items total (ZMW)': '285.50',
      'Discount code': '',
      'Order discount (ZMW)': '0.00',
      'Order VAT (ZMW)': '45.68',
      'Order shipping (ZMW)': '75.00',
      'Order total (ZMW)': '406.18',
      'Refunded (ZMW)': '0.00',
    });
    expect(records[1]).toMatchObject({
      Quantity: '1',
      'Unit price (ZMW)': '45.50',
      'Line total (ZMW)': '45.50',
      'Order total (ZMW)': '406.18',
    });
    expect(records[2]).toMatchObject({
      'Placed at': '2026-03-31T23:59:59+02:00',
      'Customer name': AWKWARD_NAME,
      Paid: 'no',
      'Paid at': '',
      'Payment method': 'MTN Mobile Money',
      'Collected through': '',
      'Payment reference': '',
      'Delivered at': '',
      'Line total (ZMW)': '136.50',
      'Order total (ZMW)': '233.34',
    });
  });

  it('quotes per RFC 4180 and puts an apostrophe before text a spreadsheet would run as a formula', async () => {
    const { bytes } = await fetchCsv(t, '/api/reports/orders.csv?from=2026-03-01&to=2026-03-31', admin.auth);
    const text = bytes.toString('utf8');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click me"")",`);
    expect(text).toContain(`,"Mwaba ""Mama"" Ng'andu, Choma\nSecond line",`);
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${ORDERS_HEADER.join(',')}`);
  });

  it('takes the range as days in Lusaka, both ends included', async () => {
    const oneDay = await fetchCsv(t, '/api/reports/orders.csv?from=2026-03-01&to=2026-03-01', admin.auth);
    expect(new Set(oneDay.records.map((r) => r['Order ID']))).toEqual(new Set([ids.first]));
    const february = await fetchCsv(t, '/api/reports/orders.csv?from=2026-02-01&to=2026-02-28', admin.auth);
    expect(february.records.map((r) => r['Order ID'])).toEqual([ids.february]);
    const april = await fetchCsv(t, '/api/reports/orders.csv?from=2026-04-01&to=2026-04-30', admin.auth);
    expect(april.records).toEqual([expect.objectContaining({ 'Order ID': ids.april, Status: 'Cancelled' })]);
    const none = await fetchCsv(t, '/api/reports/orders.csv?from=2020-01-01&to=2020-12-31', admin.auth);
    expect(none.data).toEqual([]);
    expect(none.res.headers['x-row-count']).toBe('0');
  });

  it.each([
    ['', 'Choose a start and an end date (from and to, YYYY-MM-DD)'],
    ['?from=2026-03-01', 'Choose a start and an end date (from and to, YYYY-MM-DD)'],
    ['?from=2026-03-31&to=2026-03-01', 'The start date must be on or before the end date'],
    ['?from=2021-01-01&to=2026-01-01', 'A range can cover at most 5 years: export a longer time in parts'],
    ['?from=2026-02-30&to=2026-03-01', 'The start date must be a real date written YYYY-MM-DD'],
    ['?from=01/03/2026&to=2026-03-31', 'The start date must be a real date written YYYY-MM-DD'],
    ['?from=2026-03-01&to=2026-03-01&to=2026-03-02', 'The end date must be a date written YYYY-MM-DD'],
  ])('answers 400 with a clear message to orders.csv%s', async (query, message) => {
    const res = await get(`/api/reports/orders.csv${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('accepts a range of just under five years', async () => {
    expect((await get('/api/reports/orders.csv?from=2021-01-01&to=2025-12-31')).statusCode).toBe(200);
  });

  it('exports registered customers (no admins) with orders counted and paid, not cancelled, orders summed', async () => {
    const all = await fetchCsv(t, '/api/reports/customers.csv', admin.auth);
    expect(all.header).toEqual([...CUSTOMERS_HEADER]);
    expect(all.res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(all.records.map((r) => r.Name)).toEqual([`'${HOSTILE_NAME}`, AWKWARD_NAME]);
    expect(all.res.headers['x-row-count']).toBe('2');
    // Four orders; only the first is paid and not cancelled (the April one was paid, then cancelled).
    expect(all.records[0]).toEqual({
      'Customer ID': hostile.user.id,
      'Registered at': '2026-02-10T10:00:00+02:00',
      Name: `'${HOSTILE_NAME}`,
      'E-mail': hostile.email,
      Phone: "'+260971234567",
      Orders: '3',
      'Amount spent (ZMW)': '406.18',
    });
    expect(all.records[1]).toMatchObject({ Orders: '1', 'Amount spent (ZMW)': '0.00' });
    const march = await fetchCsv(t, '/api/reports/customers.csv?from=2026-03-01&to=2026-03-31', admin.auth);
    expect(march.records.map((r) => r['Customer ID'])).toEqual([awkward.user.id]);
    const fromMarch = await fetchCsv(t, '/api/reports/customers.csv?from=2026-03-01', admin.auth);
    expect(fromMarch.records.map((r) => r['Customer ID'])).toEqual([awkward.user.id]);
    expect(fromMarch.res.headers['content-disposition']).toMatch(
      /filename="customers-2026-03-01-to-\d{4}-\d{2}-\d{2}\.csv"/,
    );
  });

  it('exports every product, or those created in the range', async () => {
    const all = await fetchCsv(t, '/api/reports/products.csv', admin.auth);
    expect(all.header).toEqual([...PRODUCTS_HEADER]);
    expect(all.records[0]).toEqual({
      'Product ID': oil.id,
      Name: 'Mungongo oil 100 ml',
      SKU: oil.sku,
      Category: 'oil',
      'Price (ZMW)': '120.00',
      // 100 made, 2 + 1 ordered.
      Stock: '97',
      Featured: 'yes',
      'Created at': '2026-01-15T12:00:00+02:00',
    });
    expect(all.records[1]).toMatchObject({ Name: 'Mungongo nuts 250 g', 'Price (ZMW)': '45.50', Featured: 'no' });
    const march = await fetchCsv(t, '/api/reports/products.csv?from=2026-03-01&to=2026-03-31', admin.auth);
    expect(march.records.map((r) => r.Name)).toEqual(['Mungongo nuts 250 g']);
  });

  it('sends gzip to a client that accepts it, and plain text to one that refuses it', async () => {
    const zipped = await get('/api/reports/products.csv', { ...admin.auth, 'accept-encoding': 'br, gzip;q=0.8' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(zipped.rawPayload).toString('utf8');
    expect(text.startsWith(`\uFEFF${PRODUCTS_HEADER.join(',')}\r\n`)).toBe(true);
    const refused = await get('/api/reports/products.csv', { ...admin.auth, 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.startsWith('\uFEFF')).toBe(true);
  });

  it('answers 401 to a visitor and 403 to a customer on every export', async () => {
    for (const url of [
      '/api/reports/orders.csv?from=2026-03-01&to=2026-03-31',
      '/api/reports/customers.csv',
      '/api/reports/products.csv',
    ]) {
      const visitor = await get(url, {});
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ message: 'Authentication required. Please log in.' });
      const customer = await get(url, hostile.auth);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({ message: 'Not authorized as an admin' });
    }
  });

  it('pages by (created at, id) to the microsecond: rows created in the same instant are each sent once', async () => {
    // Five products in one microsecond and two a microsecond apart in one millisecond (a JS Date keeps
    // milliseconds only, so a cursor that went through one would send the second again or skip it).
    const same = await Promise.all([1, 2, 3, 4, 5].map((n) => insertProduct(t, { name: `Tie ${n}`, price: n })));
    const close = await Promise.all([1, 2].map((n) => insertProduct(t, { name: `Close ${n}`, price: n })));
    for (const p of same)
      await t.app.db
        .update(products)
        .set({ createdAt: sql`'2025-06-01 10:00:00.123456+00'` })
        .where(eq(products.id, p.id));
    await t.app.db
      .update(products)
      .set({ createdAt: sql`'2025-06-01 10:00:00.123457+00'` })
      .where(eq(products.id, close[0].id));
    await t.app.db
      .update(products)
      .set({ createdAt: sql`'2025-06-01 10:00:00.123999+00'` })
      .where(eq(products.id, close[1].id));

    let text = '';
    for await (const chunk of productsCsv(t.app.db, { from: '2025-06-01', to: '2025-06-01' }, { batchSize: 2 }))
      text += chunk;
    const names = parseCsv(text.slice(1))
      .slice(1)
      .map((row) => row[1]);
    const tiesById = [...same].sort((a, b) => (a.id < b.id ? -1 : 1)).map((p) => p.name);
    expect(names).toEqual([...tiesById, 'Close 1', 'Close 2']);
  });
});
