import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertCustomers, insertOrder, insertProduct, orderBody } from './test/fixtures';

describe('reading orders', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let chanda: Awaited<ReturnType<typeof insertCustomers>>[number];
  let mutinta: Awaited<ReturnType<typeof insertCustomers>>[number];
  const chandaOrders: string[] = [];
  let mutintaOrder: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    [chanda] = await insertCustomers(t, 1, 'Chanda Mwale');
    [mutinta] = await insertCustomers(t, 1, 'Mutinta Banda');
    const product = await insertProduct(t, { price: 50, countInStock: 100 });
    // Orders of known ages, oldest first: Chanda 3 (Pending, Shipped, Pending), Mutinta 1 (Shipped).
    const day = 24 * 3600 * 1000;
    const statuses = ['Pending', 'Shipped', 'Pending'];
    for (let i = 0; i < 3; i++) {
      const order = await insertOrder(t, {
        user: chanda.user,
        total: 10 + i,
        status: statuses[i],
        createdAt: new Date(Date.now() - (10 - i) * day),
        productId: product.id,
      });
      chandaOrders.push(order.id);
    }
    mutintaOrder = (
      await insertOrder(t, { user: mutinta.user, total: 99, status: 'Shipped', createdAt: new Date(Date.now() - day) })
    ).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('GET /api/orders/myorders', () => {
    it("answers only the customer's own orders, newest first, with their lines", async () => {
      const res = await get('/api/orders/myorders', chanda.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((o: { _id: string }) => o._id)).toEqual([...chandaOrders].reverse());
      expect(res.json()[0].orderItems).toHaveLength(1);
      expect(res.json()[0].user).toEqual({ _id: chanda.user.id, name: chanda.user.name, email: chanda.user.email });
    });

    it('answers an empty list past the last page, 400 for a bad page, 401 without a token', async () => {
      expect((await get('/api/orders/myorders?page=2', chanda.auth)).json()).toEqual([]);
      expect((await get('/api/orders/myorders?page=0', chanda.auth)).statusCode).toBe(400);
      expect((await get('/api/orders/myorders', {})).statusCode).toBe(401);
    });
  });

  describe('GET /api/orders/:id', () => {
    it('answers the owner and an admin', async () => {
      const own = await get(`/api/orders/${mutintaOrder}`, mutinta.auth);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ _id: mutintaOrder, totalPrice: 99, status: 'Shipped' });
      expect((await get(`/api/orders/${mutintaOrder}`)).json()._id).toBe(mutintaOrder);
    });

    it("answers 404 for another customer's order, an unknown id and a malformed id", async () => {
      for (const id of [mutintaOrder, randomUUID(), 'abc', "1' or '1'='1"]) {
        const res = await get(`/api/orders/${encodeURIComponent(id)}`, chanda.auth);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Order not found' });
      }
    });

    it('answers 401 without a token', async () => {
      expect((await get(`/api/orders/${mutintaOrder}`, {})).statusCode).toBe(401);
    });
  });

  describe('GET /api/orders (admin)', () => {
    const ids = (res: { json(): { orders: { _id: string }[] } }) => res.json().orders.map((o) => o._id);

    it('lists every order newest first with their lines and the paging figures', async () => {
      const res = await get('/api/orders');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page: 1, pages: 1, totalOrders: 4 });
      expect(ids(res)).toEqual([mutintaOrder, ...[...chandaOrders].reverse()]);
      expect(res.json().orders.every((o: { orderItems: unknown[] }) => o.orderItems.length === 1)).toBe(true);
    });

    it('finds orders by customer name and e-mail, case-insensitively', async () => {
      const byName = await get('/api/orders?keyword=cHANDA%20mw');
      expect(ids(byName).sort()).toEqual([...chandaOrders].sort());
      expect(byName.json().totalOrders).toBe(3);
      const byEmail = await get(`/api/orders?keyword=${encodeURIComponent(mutinta.user.email.toUpperCase())}`);
      expect(ids(byEmail)).toEqual([mutintaOrder]);
    });

    it('finds an order by the start of its id (the 8-character reference), in either case', async () => {
      const res = await get(`/api/orders?keyword=${chandaOrders[1].slice(0, 8).toUpperCase()}`);
      expect(ids(res)).toContain(chandaOrders[1]);
      expect(ids(res).length).toBeLessThan(4);
    });

    it('treats LIKE wildcards in the keyword as plain text', async () => {
      expect((await get('/api/orders?keyword=%25')).json().totalOrders).toBe(0);
      expect((await get('/api/orders?keyword=_')).json().totalOrders).toBe(0);
    });

    it('filters by status, and combines it with the keyword', async () => {
      expect(ids(await get('/api/orders?status=Shipped')).sort()).toEqual([chandaOrders[1], mutintaOrder].sort());
      expect(ids(await get('/api/orders?status=Shipped&keyword=chanda'))).toEqual([chandaOrders[1]]);
      expect((await get('/api/orders?status=all')).json().totalOrders).toBe(4);
      const bad = await get('/api/orders?status=Completed');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/status must be one of Pending, Processing, Shipped, Delivered, Cancelled/);
    });

    it('pages with limit', async () => {
      const first = await get('/api/orders?limit=3');
      expect(first.json()).toMatchObject({ page: 1, pages: 2, totalOrders: 4 });
      expect(ids(first)).toEqual([mutintaOrder, chandaOrders[2], chandaOrders[1]]);
      const second = await get('/api/orders?limit=3&page=2');
      expect(second.json()).toMatchObject({ page: 2, pages: 2, totalOrders: 4 });
      expect(ids(second)).toEqual([chandaOrders[0]]);
      expect(ids(await get('/api/orders?limit=3&page=9'))).toEqual([]);
    });

    it.each(['limit=0', 'limit=101', 'limit=abc', 'page=0', 'page=-2', `keyword=${'x'.repeat(101)}`])(
      'answers 400 for %s',
      async (query) => {
        const res = await get(`/api/orders?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBeTruthy();
      },
    );

    it('accepts the largest limit, 100', async () => {
      expect((await get('/api/orders?limit=100')).statusCode).toBe(200);
    });
  });

  it('answers 403 to a customer and 401 to a visitor on every admin order route', async () => {
    const p = await insertProduct(t, { price: 5 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: chanda.auth,
      payload: orderBody([{ product: p.id, quantity: 1, price: 5 }]),
    });
    const id = placed.json()._id;
    const calls = [
      { method: 'GET' as const, url: '/api/orders' },
      { method: 'PUT' as const, url: `/api/orders/${id}/deliver` },
      { method: 'PUT' as const, url: `/api/orders/${id}/status`, payload: { status: 'Cancelled' } },
      { method: 'GET' as const, url: '/api/dashboard' },
    ];
    for (const call of calls) {
      const asCustomer = await t.app.inject({ ...call, headers: chanda.auth });
      expect(asCustomer.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(asCustomer.json().message).toBe('Not authorized as an admin');
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
    const after = await get(`/api/orders/${id}`);
    expect(after.json()).toMatchObject({ status: 'Pending', isDelivered: false });
  });
});
