import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema';
import { shopMonthOf } from '../../../shared/shop-time';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';
import { putSetParts, putVariants, threeSizes } from '../products/test/variant-fixtures';
import { MONTHLY_HEADER } from './service';
import { fetchCsv, placeOrderAt } from './test/fixtures';

describe('monthly sales report', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  const ids = { oil: '', nuts: '', basket: '' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t, { name: 'Chipo Banda' });
    const oil = await insertProduct(t, { name: 'Mungongo oil 100 ml', price: 120 });
    const nuts = await insertProduct(t, { name: 'Mungongo nuts 250 g', price: 45.5 });
    const basket = await insertProduct(t, { name: 'Gift basket', price: 600 });
    const soap = await insertProduct(t, { name: 'Soap', price: 100 });
    Object.assign(ids, { oil: oil.id, nuts: nuts.id, basket: basket.id });

    // Paid Airtel order placed at 00:30 on 1 March in Lusaka (28 February in UTC):
    // items 285.50 + VAT 45.68 + shipping 75.00 = 406.18.
    await placeOrderAt(
      t,
      customer.auth,
      [
        { product: oil.id, quantity: 2, price: 120 },
        { product: nuts.id, quantity: 1, price: 45.5 },
      ],
      { at: '2026-02-28T22:30:00Z', paidAt: '2026-03-01T08:00:00Z', status: 'Delivered' },
    );
    // Unpaid MTN order above K500, so shipping is free: 600.00 + 96.00 = 696.00.
    await placeOrderAt(t, customer.auth, [{ product: basket.id, quantity: 1, price: 600 }], {
      at: '2026-03-15T10:00:00Z',
      paymentMethod: 'mtn',
      status: 'Processing',
    });
    // Paid card order, then cancelled: 100.00 + 16.00 + 75.00 = 191.00, out of the sales.
    await placeOrderAt(t, customer.auth, [{ product: soap.id, quantity: 1, price: 100 }], {
      at: '2026-03-20T12:00:00Z',
      paymentMethod: 'creditCard',
      paidAt: '2026-03-20T12:05:00Z',
      status: 'Cancelled',
    });
    // 23:59 on 28 February and 00:30 on 1 April in Lusaka: other months.
    await placeOrderAt(t, customer.auth, [{ product: soap.id, quantity: 1, price: 100 }], {
      at: '2026-02-28T21:59:00Z',
      paidAt: '2026-02-28T22:00:00Z',
    });
    await placeOrderAt(t, customer.auth, [{ product: soap.id, quantity: 2, price: 100 }], {
      at: '2026-03-31T22:30:00Z',
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'GET', url, headers });

  it('adds up the month in Lusaka from the amounts stored on its orders', async () => {
    const res = await get('/api/reports/monthly?month=2026-03');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      month: '2026-03',
      timeZone: 'Africa/Lusaka',
      ordersPlaced: 3,
      grossSales: { count: 2, amount: 1102.18 },
      items: 885.5,
      vat: 141.68,
      shipping: 75,
      discounts: { count: 0, amount: 0 },
      cancelled: { count: 1, amount: 191 },
      paid: { count: 1, amount: 406.18 },
      unpaid: { count: 1, amount: 696 },
      byPaymentMethod: [
        { method: 'airtel', count: 1, amount: 406.18, paidAmount: 406.18 },
        { method: 'mtn', count: 1, amount: 696, paidAmount: 0 },
        { method: 'zamtel', count: 0, amount: 0, paidAmount: 0 },
        { method: 'creditCard', count: 0, amount: 0, paidAmount: 0 },
        { method: 'collection', count: 0, amount: 0, paidAmount: 0 },
      ],
      byChannel: [
        { channel: 'web', count: 2, amount: 1102.18, paidAmount: 406.18 },
        { channel: 'ussd', count: 0, amount: 0, paidAmount: 0 },
      ],
      byCollection: [{ provider: null, method: 'airtel', count: 1, amount: 406.18 }],
      // The lines of the orders not cancelled, most sold first.
      byProduct: [
        { product: ids.basket, name: 'Gift basket', variantLabel: null, orders: 1, quantity: 1, amount: 600 },
        { product: ids.oil, name: 'Mungongo oil 100 ml', variantLabel: null, orders: 1, quantity: 2, amount: 240 },
        { product: ids.nuts, name: 'Mungongo nuts 250 g', variantLabel: null, orders: 1, quantity: 1, amount: 45.5 },
      ],
      refunds: { count: 0, amount: 0, vat: 0 },
      netReceived: 406.18,
      netVat: 141.68,
    });
  });

  it('counts the neighbouring months by their own days', async () => {
    const february = (await get('/api/reports/monthly?month=2026-02')).json();
    expect(february).toMatchObject({
      ordersPlaced: 1,
      grossSales: { count: 1, amount: 191 },
      paid: { count: 1, amount: 191 },
    });
    const april = (await get('/api/reports/monthly?month=2026-04')).json();
    expect(april).toMatchObject({
      ordersPlaced: 1,
      grossSales: { count: 1, amount: 307 },
      unpaid: { count: 1, amount: 307 },
      shipping: 75,
    });
  });

  it('answers zeros for a month without orders, and this month when none is named', async () => {
    expect((await get('/api/reports/monthly?month=2019-07')).json()).toMatchObject({
      ordersPlaced: 0,
      grossSales: { count: 0, amount: 0 },
      byPaymentMethod: [
        expect.objectContaining({ count: 0 }),
        expect.objectContaining({ count: 0 }),
        expect.objectContaining({ count: 0 }),
        expect.objectContaining({ count: 0 }),
        expect.objectContaining({ count: 0 }),
      ],
    });
    expect((await get('/api/reports/monthly')).json().month).toBe(shopMonthOf(new Date()));
  });

  it('writes the same figures as CSV, money as 1234.50', async () => {
    const { res, header, data } = await fetchCsv(t, '/api/reports/monthly.csv?month=2026-03', admin.auth);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-report-2026-03.csv"');
    expect(header).toEqual([...MONTHLY_HEADER]);
    const figures = [
      ['2026-03', 'Orders placed', '3', '', ''],
      ['2026-03', 'Gross sales (orders not cancelled)', '2', '1102.18', ''],
      ['2026-03', 'Products sold (before VAT)', '', '885.50', ''],
      ['2026-03', 'Discount codes (taken off before VAT)', '0', '0.00', ''],
      ['2026-03', 'VAT collected (16%)', '', '141.68', ''],
      ['2026-03', 'Shipping charged', '', '75.00', ''],
      ['2026-03', 'Paid', '1', '406.18', ''],
      ['2026-03', 'Not paid yet', '1', '696.00', ''],
      ['2026-03', 'Cancelled (not in gross sales)', '1', '191.00', ''],
      ['2026-03', 'Refunded to shoppers this month', '0', '0.00', ''],
      ['2026-03', 'VAT credited on refunds', '', '0.00', ''],
      ['2026-03', 'Net received (paid less refunds)', '', '406.18', ''],
      ['2026-03', 'Net VAT (collected less credited)', '', '141.68', ''],
      ['2026-03', 'Payment method: Airtel Money', '1', '406.18', '406.18'],
      ['2026-03', 'Payment method: MTN Mobile Money', '1', '696.00', '0.00'],
      ['2026-03', 'Payment method: Zamtel Kwacha', '0', '0.00', '0.00'],
      ['2026-03', 'Payment method: Credit / Debit Card', '0', '0.00', '0.00'],
      ['2026-03', 'Payment method: Pay on collection', '0', '0.00', '0.00'],
      ['2026-03', 'Channel: Web', '2', '1102.18', '406.18'],
      ['2026-03', 'Channel: USSD', '0', '0.00', '0.00'],
      ['2026-03', 'Collected: Airtel Money, by hand', '1', '406.18', ''],
    ];
    // Every figure has no quantity; the products sold follow, with their units.
    expect(data).toEqual([
      ...figures.map((row) => [...row, '']),
      ['2026-03', 'Product: Gift basket', '1', '600.00', '', '1'],
      ['2026-03', 'Product: Mungongo oil 100 ml', '1', '240.00', '', '2'],
      ['2026-03', 'Product: Mungongo nuts 250 g', '1', '45.50', '', '1'],
    ]);
  });

  it.each(['2026-13', '2026-3', '26-03', 'March', '2026-03-01'])('answers 400 to month=%s', async (month) => {
    for (const url of [`/api/reports/monthly?month=${month}`, `/api/reports/monthly.csv?month=${month}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The month must be written YYYY-MM (e.g. 2026-11)' });
    }
  });

  it('lists the products sold by size, a line per product and size as sold; a gift set is one line', async () => {
    const buyer = await createUser(t, { name: 'Mutale Phiri' });
    const oil = await insertProduct(t, { name: 'Mungongo Oil', price: 85 });
    const sizes = (await putVariants(t, admin.auth, oil.id, threeSizes([20, 20, 20]))).variants!;
    const [small, mid, litre] = sizes;
    const butter = await insertProduct(t, { name: 'Shea Butter', price: 120 });
    const set = await insertProduct(t, { name: 'Forest Gift Set', price: 250 });
    await putSetParts(t, admin.auth, set.id, { parts: [{ product: butter.id, quantity: 1 }] });
    const size = (v: typeof small, quantity: number) => ({
      product: oil.id,
      variant: v!._id,
      quantity,
      price: v!.price,
    });
    await placeOrderAt(t, buyer.auth, [size(small, 2), size(mid, 1), { product: butter.id, quantity: 1, price: 120 }], {
      at: '2026-06-05T10:00:00Z',
    });
    await placeOrderAt(t, buyer.auth, [size(mid, 3), { product: set.id, quantity: 1, price: 250 }], {
      at: '2026-06-10T10:00:00Z',
    });
    await placeOrderAt(t, buyer.auth, [size(litre, 1)], { at: '2026-06-12T10:00:00Z', status: 'Cancelled' });
    // The 250 ml is renamed: what was sold before keeps its label, what is sold after has the new one.
    await putVariants(t, admin.auth, oil.id, {
      options: ['Size'],
      variants: sizes.map((v) => ({
        _id: v._id,
        options: v.label === '250 ml' ? ['250 ml jar'] : v.options,
        price: v.price,
        countInStock: v.countInStock,
        isDefault: v.isDefault,
      })),
    });
    await placeOrderAt(t, buyer.auth, [size(mid, 1)], { at: '2026-06-15T10:00:00Z' });

    const report = (await get('/api/reports/monthly?month=2026-06')).json();
    expect(report.byProduct).toEqual([
      { product: oil.id, name: 'Mungongo Oil', variantLabel: '250 ml', orders: 2, quantity: 4, amount: 720 },
      { product: set.id, name: 'Forest Gift Set', variantLabel: null, orders: 1, quantity: 1, amount: 250 },
      { product: oil.id, name: 'Mungongo Oil', variantLabel: '250 ml jar', orders: 1, quantity: 1, amount: 180 },
      { product: oil.id, name: 'Mungongo Oil', variantLabel: '100 ml', orders: 1, quantity: 2, amount: 170 },
      { product: butter.id, name: 'Shea Butter', variantLabel: null, orders: 1, quantity: 1, amount: 120 },
    ]);
    // The lines add up to the products sold (no discount code here).
    const lines = report.byProduct.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0);
    expect(lines).toBeCloseTo(report.items, 2);

    const { data } = await fetchCsv(t, '/api/reports/monthly.csv?month=2026-06', admin.auth);
    expect(data.filter((row) => row[1]!.startsWith('Product: '))).toEqual([
      ['2026-06', 'Product: Mungongo Oil (250 ml)', '2', '720.00', '', '4'],
      ['2026-06', 'Product: Forest Gift Set', '1', '250.00', '', '1'],
      ['2026-06', 'Product: Mungongo Oil (250 ml jar)', '1', '180.00', '', '1'],
      ['2026-06', 'Product: Mungongo Oil (100 ml)', '1', '170.00', '', '2'],
      ['2026-06', 'Product: Shea Butter', '1', '120.00', '', '1'],
    ]);

    // The orders export names the size on the line, with the size's own SKU.
    const orders = await fetchCsv(t, '/api/reports/orders.csv?from=2026-06-01&to=2026-06-30', admin.auth);
    expect(orders.records.filter((r) => r.Product!.startsWith('Mungongo Oil')).map((r) => [r.Product, r.SKU])).toEqual([
      ['Mungongo Oil (100 ml)', small!.sku],
      ['Mungongo Oil (250 ml)', mid!.sku],
      ['Mungongo Oil (250 ml)', mid!.sku],
      ['Mungongo Oil (1 litre)', litre!.sku],
      ['Mungongo Oil (250 ml jar)', mid!.sku],
    ]);

    // A product deleted since keeps its lines, by the name and size it was sold as.
    await t.app.db.update(orderItems).set({ productId: null }).where(eq(orderItems.productId, butter.id));
    await t.app.db.update(orderItems).set({ productId: null }).where(eq(orderItems.variantId, small!._id));
    const after = (await get('/api/reports/monthly?month=2026-06')).json();
    expect(after.byProduct.slice(-2)).toEqual([
      { product: null, name: 'Mungongo Oil', variantLabel: '100 ml', orders: 1, quantity: 2, amount: 170 },
      { product: null, name: 'Shea Butter', variantLabel: null, orders: 1, quantity: 1, amount: 120 },
    ]);
  });

  it('answers 401 to a visitor and 403 to a customer', async () => {
    for (const url of ['/api/reports/monthly?month=2026-03', '/api/reports/monthly.csv?month=2026-03']) {
      expect((await get(url, {})).statusCode).toBe(401);
      const res = await get(url, customer.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Not authorized as an admin' });
    }
  });
});
