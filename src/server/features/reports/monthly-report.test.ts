import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMonthOf } from '../../../shared/shop-time';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';
import { MONTHLY_HEADER } from './service';
import { fetchCsv, placeOrderAt } from './test/fixtures';

describe('monthly sales report', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t, { name: 'Chipo Banda' });
    const oil = await insertProduct(t, { name: 'Mungongo oil 100 ml', price: 120 });
    const nuts = await insertProduct(t, { name: 'Mungongo nuts 250 g', price: 45.5 });
    const basket = await insertProduct(t, { name: 'Gift basket', price: 600 });
    const soap = await insertProduct(t, { name: 'Soap', price: 100 });

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
    expect(data).toEqual([
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
    ]);
  });

  it.each(['2026-13', '2026-3', '26-03', 'March', '2026-03-01'])('answers 400 to month=%s', async (month) => {
    for (const url of [`/api/reports/monthly?month=${month}`, `/api/reports/monthly.csv?month=${month}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The month must be written YYYY-MM (e.g. 2026-11)' });
    }
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
