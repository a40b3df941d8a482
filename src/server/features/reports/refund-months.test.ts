import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMonthOf } from '../../../shared/shop-time';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';
import { fetchCsv, placeOrderAt } from './test/fixtures';

/**
 * A refund is a credit in the month it was made, not a rewrite of the month that sold the order
 * (docs/decisions/030-refunds.md): March's figures stay as filed, this month carries the refund.
 */
describe('refunds in the monthly report and the exports', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let orderId: string;
  const thisMonth = shopMonthOf(new Date());

  beforeAll(async () => {
    t = await createTestApp({ refundApproval: { kind: 'off' } });
    admin = await createUser(t, { isAdmin: true });
    const customer = await createUser(t, { name: 'Chipo Banda' });
    const oil = await insertProduct(t, { name: 'Mungongo oil 100 ml', price: 120 });
    // Items 240.00 + VAT 38.40 + shipping 75.00 = 353.40, paid in March.
    orderId = await placeOrderAt(t, customer.auth, [{ product: oil.id, quantity: 2, price: 120 }], {
      at: '2026-03-10T10:00:00Z',
      paidAt: '2026-03-10T11:00:00Z',
      status: 'Delivered',
    });
    // One jar back: K139.20 (its price with VAT), made today.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin.auth,
      payload: { amountNgwee: 13_920, reason: 'One jar returned', attemptId: null },
    });
    expect(refund.json()).toMatchObject({ state: 'successful' });
  });
  afterAll(() => t.close());

  const monthly = async (month: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/reports/monthly?month=${month}`, headers: admin.auth })).json();

  it("leaves the sale's month as it was", async () => {
    expect(await monthly('2026-03')).toMatchObject({
      paid: { count: 1, amount: 353.4 },
      vat: 38.4,
      refunds: { count: 0, amount: 0, vat: 0 },
      netReceived: 353.4,
      netVat: 38.4,
    });
  });

  it("credits the refund and its VAT (16/116: K19.20) in the refund's month", async () => {
    expect(await monthly(thisMonth)).toMatchObject({
      paid: { count: 0, amount: 0 },
      vat: 0,
      refunds: { count: 1, amount: 139.2, vat: 19.2 },
      netReceived: -139.2,
      netVat: -19.2,
    });
    const { data } = await fetchCsv(t, `/api/reports/monthly.csv?month=${thisMonth}`, admin.auth);
    expect(data).toContainEqual([thisMonth, 'Refunded to shoppers this month', '1', '139.20', '', '']);
    expect(data).toContainEqual([thisMonth, 'VAT credited on refunds', '', '19.20', '', '']);
    expect(data).toContainEqual([thisMonth, 'Net received (paid less refunds)', '', '-139.20', '', '']);
  });

  it("writes the order's refunded total in the orders export", async () => {
    const { records } = await fetchCsv(t, '/api/reports/orders.csv?from=2026-03-01&to=2026-03-31', admin.auth);
    expect(records.map((r) => [r['Order ID'], r['Order total (ZMW)'], r['Refunded (ZMW)']])).toEqual([
      [orderId, '353.40', '139.20'],
    ]);
  });
});
