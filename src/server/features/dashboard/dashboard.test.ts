import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertCustomers, insertOrder, insertProduct } from '../orders/test/fixtures';

/** Year and month (1-12) of a moment on the shop's clock, Africa/Lusaka (UTC+2). */
function lusakaYearMonth(at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Africa/Lusaka',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month') };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

describe('GET /api/dashboard', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const now = new Date();
  const { year, month } = lusakaYearMonth(now);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    await createUser(t, { isAdmin: true });
    const customers = await insertCustomers(t, 3, 'Dashboard Customer');
    for (const countInStock of [5, 1, 30, 0]) await insertProduct(t, { price: 10, countInStock });
    const [a, b, c] = customers.map((x) => x.user);
    const seconds = (s: number) => new Date(now.getTime() - s * 1000);
    // 00:30 on 1 January in Lusaka is still 31 December in UTC: it belongs to this year's January.
    ids.newYear = (
      await insertOrder(t, {
        user: a,
        total: 50.25,
        isPaid: true,
        status: 'Pending',
        createdAt: new Date(`${year - 1}-12-31T22:30:00Z`),
      })
    ).id;
    // 23:30 on 31 December in Lusaka: last year, so not in the chart (but in total sales).
    ids.oldYear = (
      await insertOrder(t, {
        user: b,
        total: 70,
        isPaid: true,
        status: 'Processing',
        createdAt: new Date(`${year - 1}-12-31T21:30:00Z`),
      })
    ).id;
    ids.january = (
      await insertOrder(t, {
        user: a,
        total: 100,
        isPaid: true,
        status: 'Delivered',
        createdAt: new Date(`${year}-01-01T08:00:00Z`),
      })
    ).id;
    ids.unpaid = (
      await insertOrder(t, { user: null, total: 30, isPaid: false, status: 'Pending', createdAt: seconds(2) })
    ).id;
    ids.cancelled = (
      await insertOrder(t, { user: c, total: 1000, isPaid: true, status: 'Cancelled', createdAt: seconds(3) })
    ).id;
    ids.shipped = (
      await insertOrder(t, { user: b, total: 20.1, isPaid: true, status: 'Shipped', createdAt: seconds(1) })
    ).id;
  });
  afterAll(() => t.close());

  const fetchStats = () => t.app.inject({ method: 'GET', url: '/api/dashboard', headers: admin.auth });

  it('answers the headline figures computed by the database', async () => {
    const res = await fetchStats();
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    // Every order but the cancelled one: 50.25 + 70 + 100 + 30 + 20.10.
    expect(stats.totalSales).toBe(270.35);
    expect(stats.totalCustomers).toBe(3);
    expect(stats.totalProducts).toBe(3);
    expect(stats.pendingOrders).toBe(3);
  });

  it('charts paid takings from January to this month, by the month in Lusaka', async () => {
    const expected = MONTHS.slice(0, month).map((name) => ({ month: name, revenue: 0 }));
    expected[0].revenue += 150.25;
    expected[month - 1].revenue = Math.round((expected[month - 1].revenue + 20.1) * 100) / 100;
    expect((await fetchStats()).json().monthlyRevenue).toEqual(expected);
  });

  it('lists the last five orders, newest first, in the light shape', async () => {
    const recent = (await fetchStats()).json().recentOrders;
    expect(recent.map((o: { _id: string }) => o._id)).toEqual([
      ids.shipped,
      ids.unpaid,
      ids.cancelled,
      ids.january,
      ids.newYear,
    ]);
    expect(recent[1]).toEqual({
      _id: ids.unpaid,
      user: { _id: null, name: 'Former Customer', email: 'former@example.com' },
      createdAt: expect.any(String),
      totalPrice: 30,
      status: 'Pending',
      isPaid: false,
    });
    expect(Object.keys(recent[0]).sort()).toEqual(['_id', 'createdAt', 'isPaid', 'status', 'totalPrice', 'user']);
  });

  it('answers 401 to a visitor and 403 to a customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    const customer = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: customer.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Not authorized as an admin' });
  });
});
