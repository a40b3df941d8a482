import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertCustomers, insertProduct, orderBody, stockOf } from './test/fixtures';

describe('POST /api/orders under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never oversells: 50 parallel one-unit orders against stock 10 give exactly 10 orders and stock 0', async () => {
    const product = await insertProduct(t, { name: 'Mungongo oil 30 ml', price: 85, countInStock: 10 });
    const customers = await insertCustomers(t, 50, 'Racer');
    const body = orderBody([{ product: product.id, quantity: 1, price: 85 }]);
    const answers = await Promise.all(
      customers.map((c) => t.app.inject({ method: 'POST', url: '/api/orders', headers: c.auth, payload: body })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        message: 'Not enough stock for Mungongo oil 30 ml: only 0 left',
        countInStock: 0,
      });
    }
    expect(await stockOf(t, product.id)).toBe(0);
    const written = await t.app.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(written).toHaveLength(10);
  });

  it('does not deadlock when parallel orders list the same products in opposite orders', async () => {
    const a = await insertProduct(t, { price: 10, countInStock: 100 });
    const b = await insertProduct(t, { price: 10, countInStock: 100 });
    const customers = await insertCustomers(t, 20, 'Crosser');
    const answers = await Promise.all(
      customers.map((c, i) => {
        const lines = [
          { product: a.id, quantity: 1, price: 10 },
          { product: b.id, quantity: 1, price: 10 },
        ];
        return t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: c.auth,
          payload: orderBody(i % 2 ? lines.reverse() : lines),
        });
      }),
    );
    expect(answers.map((x) => x.statusCode)).toEqual(Array(20).fill(201));
    expect(await stockOf(t, a.id)).toBe(80);
    expect(await stockOf(t, b.id)).toBe(80);
  });

  it('places one order when the same submit arrives many times at once (same Idempotency-Key)', async () => {
    const product = await insertProduct(t, { price: 60, countInStock: 3 });
    const [customer] = await insertCustomers(t, 1, 'Double Clicker');
    const headers = { ...customer.auth, 'idempotency-key': `submit-${randomUUID()}` };
    const body = orderBody([{ product: product.id, quantity: 2, price: 60 }]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json()._id));
    expect(ids.size).toBe(1);
    // Only 3 in stock: a second order of 2 would have failed, so every answer being the first order
    // also shows that no second attempt was counted against stock.
    expect(await stockOf(t, product.id)).toBe(1);
    const placed = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer.user.id));
    expect(placed).toHaveLength(1);
    const items = await t.app.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [...ids]));
    expect(items).toHaveLength(1);
  });

  it('places one order per key when plenty of stock would allow several', async () => {
    const product = await insertProduct(t, { price: 15, countInStock: 100 });
    const [customer] = await insertCustomers(t, 1, 'Impatient');
    const headers = { ...customer.auth, 'idempotency-key': `submit-${randomUUID()}` };
    const body = orderBody([{ product: product.id, quantity: 1, price: 15 }]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(9);
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    expect(await stockOf(t, product.id)).toBe(99);
  });
});
