import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertOrder } from './test/fixtures';

describe('GET /api/orders/to-ship (packing slips and run sheet)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t, { name: 'Chanda Mwila' });
  });
  afterAll(() => t.close());

  const toShip = (headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'GET', url: '/api/orders/to-ship', headers });
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

  it('lists paid or Processing orders not yet shipped, delivered or cancelled, oldest first, with lines and address', async () => {
    const user = { id: customer.user.id, name: customer.user.name, email: customer.user.email };
    const paidPending = await insertOrder(t, { user, total: 120, isPaid: true, createdAt: minutesAgo(30) });
    const processingUnpaid = await insertOrder(t, { user, total: 80, status: 'Processing', createdAt: minutesAgo(40) });
    await insertOrder(t, { user, total: 50, createdAt: minutesAgo(50) }); // unpaid and Pending: not yet
    await insertOrder(t, { user, total: 60, status: 'Shipped', isPaid: true, createdAt: minutesAgo(60) });
    await insertOrder(t, { user, total: 70, status: 'Delivered', isPaid: true, createdAt: minutesAgo(70) });
    await insertOrder(t, { user, total: 90, status: 'Cancelled', isPaid: true, createdAt: minutesAgo(80) });

    const res = await toShip();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.more).toBe(false);
    expect(body.orders.map((o: { _id: string }) => o._id)).toEqual([processingUnpaid.id, paidPending.id]);
    expect(body.orders[1]).toMatchObject({
      user: { name: 'Chanda Mwila' },
      shippingAddress: { city: 'Lusaka', phoneNumber: '0971234567' },
      orderItems: [{ name: 'Baobab oil 50 ml', quantity: 1 }],
      totalPrice: 120,
      isPaid: true,
    });
  });

  it('only admins see it', async () => {
    expect((await toShip({})).statusCode).toBe(401);
    expect((await toShip(customer.auth)).statusCode).toBe(403);
  });
});
