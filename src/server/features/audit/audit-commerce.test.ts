import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKwacha as kw } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';
import { paymentAttempts } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct, orderBody, stockOf } from '../orders/test/fixtures';
import { fakeImageUrl } from '../products/test/fixtures';
import { trailReader } from './test/trail';

/** Admin actions on money and stock (products, orders, payments), done through the API, then read back from GET /api/audit. */
describe('the audit trail of products, orders and payments', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  const trail = trailReader(
    () => t,
    () => admin.auth,
  );
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin.auth) =>
    t.app.inject({ method, url, headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Ruth Mwiinga' });
    customer = await createUser(t, { name: 'Chipo Banda' });
  });
  afterAll(() => t?.close());

  const image = fakeImageUrl();
  const baobab = {
    name: 'Baobab Oil',
    price: 120,
    category: 'oil',
    countInStock: 12,
    description: 'Cold pressed',
    images: [image],
    mainImage: image,
  };

  it('records a product created, its price and stock edited (only what changed), and deleted, with the admin who did it', async () => {
    const created = await send('POST', '/api/products', baobab);
    expect(created.statusCode, created.body).toBe(201);
    const { _id: id, sku } = created.json();
    const [made] = await trail.about(id);
    expect(made).toMatchObject({
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      action: 'product.created',
      subjectType: 'product',
      subjectId: id,
      summary: `New product Baobab Oil: price ${kw(120)}, stock 12`,
      before: null,
      after: { name: 'Baobab Oil', sku, category: 'oil', priceNgwee: 12_000, countInStock: 12 },
    });
    expect(Date.now() - Date.parse(made.at)).toBeLessThan(60_000);

    expect((await send('PUT', `/api/products/${id}`, { ...baobab, price: 135, countInStock: 30 })).statusCode).toBe(
      200,
    );
    const [edited] = await trail.about(id);
    expect(edited).toMatchObject({
      action: 'product.updated',
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      summary: `Baobab Oil: price ${kw(120)} → ${kw(135)}, stock 12 → 30`,
    });
    expect(edited.before).toEqual({ name: 'Baobab Oil', priceNgwee: 12_000, countInStock: 12 });
    expect(edited.after).toEqual({ name: 'Baobab Oil', priceNgwee: 13_500, countInStock: 30 });

    // Saved unchanged: nothing happened to money or stock, so no line.
    expect((await send('PUT', `/api/products/${id}`, { ...baobab, price: 135, countInStock: 30 })).statusCode).toBe(
      200,
    );
    expect(await trail.about(id)).toHaveLength(2);

    const renamed = await send('PUT', `/api/products/${id}`, {
      ...baobab,
      name: 'Baobab Oil 250 ml',
      price: 135,
      countInStock: 30,
      description: 'Cold pressed in Choma',
    });
    expect(renamed.statusCode).toBe(200);
    const [third] = await trail.about(id);
    expect(third.summary).toBe('Baobab Oil 250 ml: name was Baobab Oil, also changed description');
    expect(third.before).toEqual({ name: 'Baobab Oil', description: 'Cold pressed' });
    expect(third.after).toEqual({ name: 'Baobab Oil 250 ml', description: 'Cold pressed in Choma' });

    expect((await send('DELETE', `/api/products/${id}`)).statusCode).toBe(200);
    const [gone] = await trail.about(id);
    expect(gone).toMatchObject({
      action: 'product.deleted',
      summary: `Deleted product Baobab Oil 250 ml (was ${kw(135)}, stock 30)`,
      before: { name: 'Baobab Oil 250 ml', sku, priceNgwee: 13_500, countInStock: 30 },
      after: null,
    });
  });

  it('records nothing for a refused product change (404, 409, 400)', async () => {
    const other = await insertProduct(t, { name: 'Marula Oil', price: 90 });
    const before = await trail.count();
    const unknown = randomUUID();
    expect((await send('PUT', `/api/products/${unknown}`, baobab)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/products/${unknown}`)).statusCode).toBe(404);
    expect((await send('POST', '/api/products', { ...baobab, sku: other.sku })).statusCode).toBe(409);
    const mine = (await send('POST', '/api/products', { ...baobab, name: 'Mungongo Oil' })).json();
    expect((await send('PUT', `/api/products/${mine._id}`, { ...baobab, sku: other.sku })).statusCode).toBe(409);
    expect((await send('PUT', `/api/products/${mine._id}`, { ...baobab, price: -1 })).statusCode).toBe(400);
    expect((await send('POST', '/api/products', baobab, customer.auth)).statusCode).toBe(403);
    // Only the one save that went through: Mungongo Oil created.
    expect(await trail.count()).toBe(before + 1);
    expect((await trail.about(mine._id)).map((e) => e.action)).toEqual(['product.created']);
  });

  async function placeOrder(countInStock = 10) {
    const product = await insertProduct(t, { name: 'Shea Butter 100 g', price: 80, countInStock });
    const res = await send(
      'POST',
      '/api/orders',
      orderBody([{ product: product.id, quantity: 2, price: 80, name: 'Shea Butter 100 g' }]),
      customer.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { product, order: res.json() as { _id: string; totalPrice: number } };
  }

  it('records status changes: cancelled with the stock returned, reopened with the stock taken again, delivered; a placed order is no admin action', async () => {
    const { product, order } = await placeOrder();
    const ref = orderReference(order._id);
    expect(await trail.about(order._id)).toEqual([]);

    expect((await send('PUT', `/api/orders/${order._id}/status`, { status: 'Processing' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/orders/${order._id}/status`, { status: 'Processing' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/orders/${order._id}/status`, { status: 'Cancelled' })).statusCode).toBe(200);
    expect(await stockOf(t, product.id)).toBe(10);
    expect((await send('PUT', `/api/orders/${order._id}/status`, { status: 'Pending' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/orders/${order._id}/deliver`)).statusCode).toBe(200);

    const lines = (await trail.about(order._id)).reverse();
    expect(lines.map((e) => [e.action, e.summary])).toEqual([
      ['order.status-changed', `Order ${ref} (Chipo Banda): Pending → Processing`],
      ['order.cancelled', `Order ${ref} (Chipo Banda): Processing → Cancelled; stock returned: Shea Butter 100 g × 2`],
      [
        'order.status-changed',
        `Order ${ref} (Chipo Banda): Cancelled → Pending; stock taken again: Shea Butter 100 g × 2`,
      ],
      ['order.delivered', `Order ${ref} (Chipo Banda): Pending → Delivered`],
    ]);
    expect(lines[1]).toMatchObject({
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      subjectType: 'order',
      before: { status: 'Processing' },
      after: {
        status: 'Cancelled',
        stockReturned: [{ productId: product.id, name: 'Shea Butter 100 g', quantity: 2 }],
      },
    });
    expect(lines[2].after).toEqual({
      status: 'Pending',
      stockTaken: [{ productId: product.id, name: 'Shea Butter 100 g', quantity: 2 }],
    });
  });

  it('records nothing when a status change is refused (404, 409 for stock gone meanwhile)', async () => {
    const { product, order } = await placeOrder(2);
    expect((await send('PUT', `/api/orders/${order._id}/status`, { status: 'Cancelled' })).statusCode).toBe(200);
    const before = await trail.count();
    // Someone else bought the returned stock: reopening the cancelled order would need it again.
    const rival = await send(
      'POST',
      '/api/orders',
      orderBody([{ product: product.id, quantity: 2, price: 80 }]),
      customer.auth,
    );
    expect(rival.statusCode).toBe(201);
    expect((await send('PUT', `/api/orders/${order._id}/status`, { status: 'Pending' })).statusCode).toBe(409);
    expect((await send('PUT', `/api/orders/${randomUUID()}/deliver`)).statusCode).toBe(404);
    expect(await trail.count()).toBe(before);
  });

  it("records an order marked paid by hand with the admin's note; a refused second mark and a customer's reference record nothing", async () => {
    const { order } = await placeOrder();
    const ref = orderReference(order._id);
    expect(
      (await send('PUT', `/api/orders/${order._id}/pay`, { paymentReference: 'MP240101.1234' }, customer.auth))
        .statusCode,
    ).toBe(200);
    expect(await trail.about(order._id)).toEqual([]);

    const paid = await send('PUT', `/api/orders/${order._id}/pay`, { note: 'Airtel Money seen on the co-op phone' });
    expect(paid.statusCode, paid.body).toBe(200);
    const [line] = await trail.about(order._id);
    expect(line).toMatchObject({
      action: 'order.marked-paid',
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      summary: `Order ${ref} (Chipo Banda) marked paid by hand, ${kw(order.totalPrice)}: Airtel Money seen on the co-op phone`,
      before: { isPaid: false, paymentReference: 'MP240101.1234' },
      after: {
        isPaid: true,
        paymentReference: 'MP240101.1234',
        totalNgwee: Math.round(order.totalPrice * 100),
        note: 'Airtel Money seen on the co-op phone',
      },
    });

    expect((await send('PUT', `/api/orders/${order._id}/pay`, { note: 'Again' })).statusCode).toBe(409);
    expect(await trail.about(order._id)).toHaveLength(1);
  });

  it('records a mobile-money attempt marked "dealt with", once; the refused second try records nothing', async () => {
    const { order } = await placeOrder();
    const [attempt] = await t.app.db
      .insert(paymentAttempts)
      .values({
        orderId: order._id,
        provider: 'mtn',
        reference: randomUUID(),
        phone: '+260961234567',
        amountNgwee: 5_000,
        currency: 'ZMW',
        state: 'successful',
        flagged: true,
        flagNote: "Collected K 50.00, but the order's total is more",
        nextPollAt: new Date(),
        expiresAt: new Date(),
      })
      .returning();
    const note = 'Refunded K 50 by MTN reversal 5521';
    expect((await send('PUT', `/api/payments/${attempt.id}/resolve`, { note })).statusCode).toBe(200);
    const [line] = await trail.about(attempt.id);
    expect(line).toMatchObject({
      action: 'payment.resolved',
      subjectType: 'payment',
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      summary: `MTN MoMo payment of ${kw(50)} for order ${orderReference(order._id)} (flagged) marked as dealt with: ${note}`,
      before: { orderId: order._id, amountNgwee: 5_000, state: 'flagged', note: null },
      after: { orderId: order._id, amountNgwee: 5_000, state: 'flagged', note },
    });
    expect((await send('PUT', `/api/payments/${attempt.id}/resolve`, { note: 'Twice' })).statusCode).toBe(409);
    expect((await send('PUT', `/api/payments/${randomUUID()}/resolve`, { note: 'Nothing' })).statusCode).toBe(404);
    expect(await trail.about(attempt.id)).toHaveLength(1);
  });
});
