import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { updateShopSettings } from '../settings';
import { createWebTestApp } from '../ssr/test/web-app';
import { ORDER_LINK_DAYS, orderLinkUrl, signOrderLink } from './order-link';
import { insertProduct, orderBody } from './test/fixtures';
import { orderLinkPath } from '../../../../e2e/support/order-link';

const INVALID = {
  message: 'This order link is not valid. Please check that the whole link was copied, or log in to see your orders.',
};
const EXPIRED = { message: 'This order link has expired. Log in to see your order, or ask the shop for a new link.' };
const DAY = 24 * 3600 * 1000;

describe('GET /api/order-links/:token', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  let orderId: string;
  let product: Awaited<ReturnType<typeof insertProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t, { name: 'Chipo Hamoonga' });
    await updateShopSettings(t.app.db, {
      airtelMoneyNumber: '+260 97 555 0101',
      paymentAccountName: 'Forest Gold Co-op',
    });
    product = await insertProduct(t, {
      name: 'Mungongo oil 50 ml',
      price: 130,
      countInStock: 20,
      image: '/uploads/oil.webp',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity: 2, price: 130 }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    orderId = res.json()._id;
  });
  afterAll(() => t.close());

  const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/order-links/${encodeURIComponent(token)}` });
  const tokenFor = (id = orderId, now = Date.now()) => signOrderLink(id, t.config.jwtSecret, now);

  it('shows the order without a login: items, totals, status and how to pay', async () => {
    const now = Date.now();
    const res = await open(tokenFor(orderId, now));
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    // 2 x K130 = K260, tax 16% K41.60, shipping K75 (K500 or less), total K376.60.
    expect(view).toMatchObject({
      _id: orderId,
      reference: orderId.slice(0, 8),
      status: 'Pending',
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      orderItems: [{ name: 'Mungongo oil 50 ml', image: '/uploads/oil.webp', quantity: 2, price: 130, lineTotal: 260 }],
      itemsPrice: 260,
      taxPrice: 41.6,
      shippingPrice: 75,
      totalPrice: 376.6,
      paymentMethod: 'airtel',
      paymentMethodLabel: 'Airtel Money',
      howToPay: {
        kind: 'mobileMoney',
        method: 'airtel',
        methodLabel: 'Airtel Money',
        amount: 376.6,
        number: '+260 97 555 0101',
        accountName: 'Forest Gold Co-op',
        reference: orderId.slice(0, 8),
      },
    });
    expect(Date.parse(view.createdAt)).toBeGreaterThan(now - 60_000);
    // Whole hours: the expiry lies within an hour after 60 days from now.
    const expires = Date.parse(view.linkExpiresAt) - now;
    expect(expires).toBeGreaterThanOrEqual(ORDER_LINK_DAYS * DAY);
    expect(expires).toBeLessThanOrEqual(ORDER_LINK_DAYS * DAY + 3600_000);
  });

  it('carries no personal data: no name, e-mail, address, phone or transaction id', async () => {
    // The owner attaches a transaction id: it must not travel with a forwarded link either.
    const ref = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay`,
      headers: customer.auth,
      payload: { paymentReference: 'MP240101.1234.X99' },
    });
    expect(ref.statusCode, ref.body).toBe(200);
    const res = await open(tokenFor());
    const body = res.body;
    for (const secret of [
      'Chipo',
      'Hamoonga',
      customer.email,
      '12 Kabulonga Road',
      'Lusaka',
      '10101',
      '0971234567',
      'MP240101',
    ]) {
      expect(body, secret).not.toContain(secret);
    }
    for (const key of ['user', 'shippingAddress', 'paymentReference', 'paymentResult', 'markedPaid'])
      expect(res.json()).not.toHaveProperty(key);
  });

  it('is kept by no cache and sends no referrer', async () => {
    const res = await open(tokenFor());
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const refused = await open('x'.repeat(43));
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a tampered, cut, padded or foreign token, and for nonsense', async () => {
    const token = tokenFor();
    const flip = (i: number) => token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    // The last character's two unused bits: other spellings of the same bytes are refused too.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = [...alphabet]
      .map((c) => token.slice(0, 42) + c)
      .filter((t) => t !== token && Buffer.from(t, 'base64url').equals(Buffer.from(token, 'base64url')));
    expect(respelled).toHaveLength(3);
    const tampered = [flip(0), flip(20), flip(42), ...respelled];
    const foreign = signOrderLink(orderId, randomBytes(32).toString('hex'));
    for (const bad of [
      ...tampered,
      token.slice(0, 42),
      token.slice(1),
      `${token}A`,
      foreign,
      'hello',
      '',
      "' or 1=1 --",
      '%00'.repeat(20),
    ]) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json(), bad).toEqual(bad === '' ? expect.any(Object) : INVALID);
    }
  });

  it('answers 410 with a way forward once the link has expired', async () => {
    const res = await open(tokenFor(orderId, Date.now() - (ORDER_LINK_DAYS + 1) * DAY));
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(EXPIRED);
  });

  it('a valid signature for an order id that does not exist (or was deleted) answers 404', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity: 1, price: 130 }]),
    });
    const otherId = other.json()._id as string;
    expect((await open(tokenFor(otherId))).statusCode).toBe(200);
    await t.app.db.delete(orders).where(eq(orders.id, otherId));
    const res = await open(tokenFor(otherId));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(INVALID);
    expect((await open(tokenFor('00000000-0000-4000-8000-000000000000'))).json()).toEqual(INVALID);
  });

  it('follows the order: paid (no more how to pay), shipped, delivered; cancelled has nothing to pay', async () => {
    const token = tokenFor();
    const as = (status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, headers: admin.auth, payload: { status } });
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay`,
      headers: admin.auth,
      payload: { note: 'Airtel statement checked' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    let view = (await open(token)).json();
    expect(view).toMatchObject({ isPaid: true, howToPay: null });
    expect(view.paidAt).toEqual(expect.any(String));
    expect(JSON.stringify(view)).not.toContain('Airtel statement');

    expect((await as('Shipped')).statusCode).toBe(200);
    expect((await open(token)).json()).toMatchObject({ status: 'Shipped', isDelivered: false });
    expect((await as('Delivered')).statusCode).toBe(200);
    view = (await open(token)).json();
    expect(view).toMatchObject({ status: 'Delivered', isDelivered: true });
    expect(view.deliveredAt).toEqual(expect.any(String));
  });

  it('a cancelled unpaid order and a card order', async () => {
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity: 1, price: 130 }], { paymentMethod: 'creditCard' }),
    });
    const id = card.json()._id as string;
    expect((await open(tokenFor(id))).json().howToPay).toEqual({
      kind: 'card',
      methodLabel: 'Credit / Debit Card',
      amount: 130 + 20.8 + 75,
      reference: id.slice(0, 8),
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/status`,
      headers: admin.auth,
      payload: { status: 'Cancelled' },
    });
    expect((await open(tokenFor(id))).json()).toMatchObject({ status: 'Cancelled', howToPay: null });
  });

  it("agrees with the browser journeys' own reading of the link format (links already sent must keep opening)", () => {
    for (const now of [0, 1_700_000_000_000, Date.now()]) {
      expect(orderLinkPath(orderId, t.config.jwtSecret, now)).toBe(
        `/o/${signOrderLink(orderId, t.config.jwtSecret, now)}`,
      );
    }
  });

  it('the address written into an SMS opens the same order', async () => {
    const url = orderLinkUrl('https://shop.example/', orderId, t.config.jwtSecret);
    const match = /^https:\/\/shop\.example\/o\/([A-Za-z0-9_-]{43})$/.exec(url);
    expect(match).not.toBeNull();
    expect((await open(match![1])).json()._id).toBe(orderId);
  });
});

describe('the /o/:token page', () => {
  let app: Awaited<ReturnType<typeof createWebTestApp>>['app'];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await createWebTestApp());
  });
  afterAll(async () => {
    await close?.();
  });

  it('is served to anyone, kept out of search engines and sends no referrer', async () => {
    const res = await app.inject({ method: 'GET', url: `/o/${'A'.repeat(43)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(res.body).not.toContain('rel="canonical"');
  });
});
