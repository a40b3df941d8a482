import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';
import { fetchCsv } from '../reports/test/fixtures';
import { makeCode, orderBodyWithCode } from './test/fixtures';

describe('discounts given, in the reports and the back office', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
  });
  afterAll(() => t.close());

  it('the monthly report, the orders CSV, the admin order list and the code list show the discount', async () => {
    const oil = await insertProduct(t, { price: 99.99, countInStock: 10 });
    const { code, _id } = await makeCode(t, admin, { kind: 'fixed', value: 12.34 });
    const shopper = (await createUser(t)).auth;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper,
      payload: orderBodyWithCode([{ product: oil, quantity: 1 }], code, { kind: 'fixed', value: 12.34 }),
    });
    expect(placed.statusCode).toBe(201);

    // Without a month: this month on the shop's clock, when the order was just placed.
    const report = await t.app.inject({ method: 'GET', url: '/api/reports/monthly', headers: admin });
    expect(report.json().discounts).toEqual({ count: 1, amount: 12.34 });

    const day = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10); // today in Lusaka (UTC+2)
    const { records } = await fetchCsv(t, `/api/reports/orders.csv?from=${day}&to=${day}`, admin);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      'Order items total (ZMW)': '99.99',
      'Discount code': code,
      'Order discount (ZMW)': '12.34',
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/orders', headers: admin });
    expect(list.json().orders[0]).toMatchObject({ discountCode: code, discountAmount: 12.34 });

    const codes = await t.app.inject({ method: 'GET', url: '/api/discounts', headers: admin });
    expect(codes.json().discounts.find((d: { _id: string }) => d._id === _id)).toMatchObject({
      usesCount: 1,
      discountGivenNgwee: 1234,
    });
  });
});
