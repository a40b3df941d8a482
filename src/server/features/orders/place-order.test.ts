import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKwacha } from '../../../shared/money';
import { NOT_A_ZAMBIAN_MOBILE } from '../../../shared/phone-numbers';
import { orders } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { address, insertProduct, orderBody, stockOf } from './test/fixtures';

describe('POST /api/orders', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  const place = (body: unknown, headers: Record<string, string> = customer.auth) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body as object });

  it('places an order priced from the database, whatever the payload says about items', async () => {
    const oil = await insertProduct(t, {
      name: 'Mungongo oil 100 ml',
      price: 120,
      countInStock: 5,
      image: '/uploads/oil.webp',
    });
    const nuts = await insertProduct(t, { name: 'Mungongo nuts 250 g', price: 45.5, countInStock: 9 });
    // The cart claims K1 each, but the total is the one the shopper was shown by the real prices.
    const body = orderBody([
      { product: oil.id, quantity: 2, price: 120 },
      { product: nuts.id, quantity: 1, price: 45.5 },
    ]);
    body.orderItems = body.orderItems.map((i) => ({ ...i, price: 1, name: 'Cheap thing', image: '/evil.png' }));
    const res = await place(body);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: 'Pending',
      isPaid: false,
      isDelivered: false,
      paymentMethod: 'airtel',
      shippingAddress: address,
      itemsPrice: 285.5,
      taxPrice: 45.68,
      taxAmount: 45.68,
      shippingPrice: 75,
      shippingAmount: 75,
      totalPrice: 406.18,
      totalAmount: 406.18,
      user: { _id: customer.user.id, name: customer.user.name, email: customer.email },
      paidAt: null,
      paymentReference: null,
    });
    expect(order.orderItems).toEqual([
      {
        _id: expect.any(String),
        name: 'Mungongo oil 100 ml',
        quantity: 2,
        image: '/uploads/oil.webp',
        price: 120,
        product: oil.id,
      },
      {
        _id: expect.any(String),
        name: 'Mungongo nuts 250 g',
        quantity: 1,
        image: expect.stringMatching(/^\/uploads\//),
        price: 45.5,
        product: nuts.id,
      },
    ]);
    expect(await stockOf(t, oil.id)).toBe(3);
    expect(await stockOf(t, nuts.id)).toBe(8);
  });

  it('merges lines of the same product into one (ids in any case)', async () => {
    const balm = await insertProduct(t, { price: 30, countInStock: 10 });
    const res = await place(
      orderBody([
        { product: balm.id, quantity: 2, price: 30 },
        { product: balm.id.toUpperCase(), quantity: 3, price: 30 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().orderItems).toHaveLength(1);
    expect(res.json().orderItems[0]).toMatchObject({ quantity: 5, product: balm.id });
    expect(await stockOf(t, balm.id)).toBe(5);
  });

  it('drops cached catalogue answers, since stock changed', async () => {
    const p = await insertProduct(t, { price: 10 });
    const before = t.app.catalogCache.version;
    expect((await place(orderBody([{ product: p.id, quantity: 1, price: 10 }]))).statusCode).toBe(201);
    expect(t.app.catalogCache.version).not.toBe(before);
  });

  it('answers 401 without a token', async () => {
    const p = await insertProduct(t, { price: 10 });
    const res = await place(orderBody([{ product: p.id, quantity: 1, price: 10 }]), {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/log in/);
  });

  it.each([
    ['no items', { orderItems: [] }, /cart is empty/],
    ['a bad payment method', { paymentMethod: 'cash' }, /paymentMethod must be one of airtel, mtn, zamtel, creditCard/],
    ['a short address', { shippingAddress: { ...address, address: 'Road' } }, /Address is required/],
    ['a short phone number', { shippingAddress: { ...address, phoneNumber: '097' } }, /Phone number is required/],
    ['no totalAmount', { totalAmount: undefined }, /totalAmount/],
  ])('answers 400 for %s', async (_label, override, message) => {
    const p = await insertProduct(t, { price: 10 });
    const res = await place(orderBody([{ product: p.id, quantity: 1, price: 10 }], override));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  // A 14-digit number once placed an order. The rule and its words are sign-in's and the pay panel's.
  it.each([
    ['14 digits', '09712345678901'],
    ['a landline', '0211 234 567'],
    ['a number of another country', '+1 202 555 0123'],
    ['an unknown network', '0931234567'],
    ['a very long text', '0971234567'.repeat(6)],
  ])('answers 400 for a phone that is not a Zambian mobile: %s, and places nothing', async (_label, phoneNumber) => {
    const p = await insertProduct(t, { price: 10, countInStock: 3 });
    const res = await place(
      orderBody([{ product: p.id, quantity: 1, price: 10 }], { shippingAddress: { ...address, phoneNumber } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NOT_A_ZAMBIAN_MOBILE });
    expect(await stockOf(t, p.id)).toBe(3);
  });

  it.each(['+260 97 123 4567', '260971234567', '0966-123-456', '(076) 123 4567'])(
    'takes the Zambian mobile %s as typed',
    async (phoneNumber) => {
      const p = await insertProduct(t, { price: 10 });
      const res = await place(
        orderBody([{ product: p.id, quantity: 1, price: 10 }], { shippingAddress: { ...address, phoneNumber } }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().shippingAddress.phoneNumber).toBe(phoneNumber);
    },
  );

  it.each([0, -1, 1.5, 1001])('answers 400 for quantity %s', async (quantity) => {
    const p = await insertProduct(t, { price: 10 });
    const body = orderBody([{ product: p.id, quantity: 1, price: 10 }]);
    body.orderItems[0].quantity = quantity;
    const res = await place(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/quantity/);
  });

  it('answers 409 naming a product that no longer exists (or never did), taking no stock', async () => {
    const p = await insertProduct(t, { price: 10, countInStock: 4 });
    for (const ghost of [randomUUID(), 'not-a-uuid']) {
      const res = await place(
        orderBody([
          { product: p.id, quantity: 1, price: 10 },
          { product: ghost, quantity: 1, price: 5, name: 'Old lotion' },
        ]),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'A product in your cart is no longer available: Old lotion',
        product: ghost,
        name: 'Old lotion',
      });
    }
    expect(await stockOf(t, p.id)).toBe(4);
  });

  it('answers 409 with the current figures when the total is off by one ngwee, naming the total, not the prices', async () => {
    const p = await insertProduct(t, { name: 'Marula oil 50 ml', price: 99.99, countInStock: 3 });
    const body = orderBody([{ product: p.id, quantity: 2, price: 99.99 }]);
    const res = await place({ ...body, totalAmount: body.totalAmount + 0.01 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `Your prices are current, but the order total is ${formatKwacha(306.98)}, not ${formatKwacha(306.99)}. Please review your order.`,
      differs: ['total'],
      itemsPrice: 199.98,
      taxAmount: 32,
      shippingAmount: 75,
      totalAmount: 306.98,
      orderItems: [{ product: p.id, name: 'Marula oil 50 ml', price: 99.99, quantity: 2 }],
    });
    expect(await stockOf(t, p.id)).toBe(3);
  });

  it('answers 409 saying "Prices have changed" when the price was raised after the cart was loaded', async () => {
    const p = await insertProduct(t, { price: 40 });
    const stale = orderBody([{ product: p.id, quantity: 1, price: 35 }]);
    const res = await place(stale);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Prices have changed since you loaded your cart. Please review your order.',
      differs: ['prices', 'tax', 'total'],
      totalAmount: 121.4,
    });
  });

  it('answers 409 naming the shipping when only the shipping the client added differs', async () => {
    const p = await insertProduct(t, { price: 100, countInStock: 3 });
    const body = orderBody([{ product: p.id, quantity: 1, price: 100 }]);
    // Free shipping assumed: total 116 instead of 191.
    const res = await place({ ...body, shippingAmount: 0, totalAmount: 116 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `Your prices are current, but shipping for this order is ${formatKwacha(75)}, not ${formatKwacha(0)}. Please review your order.`,
      differs: ['shipping', 'total'],
      shippingAmount: 75,
      totalAmount: 191,
    });
    expect(await stockOf(t, p.id)).toBe(3);
  });

  it('answers 409 naming the tax when only the tax the client added differs', async () => {
    const p = await insertProduct(t, { price: 100 });
    const body = orderBody([{ product: p.id, quantity: 1, price: 100 }]);
    // Tax at 15% instead of 16%.
    const res = await place({ ...body, taxAmount: 15, totalAmount: 190 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `Your prices are current, but tax (16%) is ${formatKwacha(16)}, not ${formatKwacha(15)}. Please review your order.`,
      differs: ['tax', 'total'],
      taxAmount: 16,
    });
  });

  describe('money at the boundaries (shared money rules)', () => {
    it('charges shipping on a subtotal of exactly K500.00', async () => {
      const p = await insertProduct(t, { price: 250 });
      const res = await place(orderBody([{ product: p.id, quantity: 2, price: 250 }]));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ itemsPrice: 500, taxPrice: 80, shippingPrice: 75, totalPrice: 655 });
    });

    it('ships free from K500.01', async () => {
      const p = await insertProduct(t, { price: 500.01 });
      const res = await place(orderBody([{ product: p.id, quantity: 1, price: 500.01 }]));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ itemsPrice: 500.01, taxPrice: 80, shippingPrice: 0, totalPrice: 580.01 });
    });

    it('rounds tax half up to the ngwee (16% of K10.04 is K1.6064 -> K1.61, of K10.03 is K1.6048 -> K1.60)', async () => {
      const up = await insertProduct(t, { price: 10.04 });
      const down = await insertProduct(t, { price: 10.03 });
      const a = await place(orderBody([{ product: up.id, quantity: 1, price: 10.04 }]));
      const b = await place(orderBody([{ product: down.id, quantity: 1, price: 10.03 }]));
      expect(a.json()).toMatchObject({ taxPrice: 1.61, totalPrice: 86.65 });
      expect(b.json()).toMatchObject({ taxPrice: 1.6, totalPrice: 86.63 });
    });
  });

  it('answers 409 naming the product and what is left when stock is short, and takes nothing', async () => {
    const plenty = await insertProduct(t, { price: 10, countInStock: 50 });
    const scarce = await insertProduct(t, { name: 'Baobab lotion 200 ml', price: 10, countInStock: 2 });
    const res = await place(
      orderBody([
        { product: plenty.id, quantity: 5, price: 10 },
        { product: scarce.id, quantity: 3, price: 10 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Not enough stock for Baobab lotion 200 ml: only 2 left',
      product: scarce.id,
      name: 'Baobab lotion 200 ml',
      countInStock: 2,
    });
    expect(await stockOf(t, plenty.id)).toBe(50);
    expect(await stockOf(t, scarce.id)).toBe(2);
  });

  describe('Idempotency-Key', () => {
    it('answers the first order again for the same user and key, taking stock once', async () => {
      const p = await insertProduct(t, { price: 20, countInStock: 10 });
      const body = orderBody([{ product: p.id, quantity: 2, price: 20 }]);
      const headers = { ...customer.auth, 'idempotency-key': `checkout-${randomUUID()}` };
      const first = await place(body, headers);
      const again = await place(body, headers);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json()._id).toBe(first.json()._id);
      expect(await stockOf(t, p.id)).toBe(8);
      const count = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer.user.id));
      expect(count.filter((o) => o.id === first.json()._id)).toHaveLength(1);
    });

    it('keeps keys apart per user', async () => {
      const other = await createUser(t);
      const p = await insertProduct(t, { price: 20, countInStock: 10 });
      const body = orderBody([{ product: p.id, quantity: 1, price: 20 }]);
      const key = `shared-${randomUUID()}`;
      const a = await place(body, { ...customer.auth, 'idempotency-key': key });
      const b = await place(body, { ...other.auth, 'idempotency-key': key });
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()._id).not.toBe(b.json()._id);
      expect(await stockOf(t, p.id)).toBe(8);
    });

    it.each([
      ['empty', ''],
      ['too long', 'k'.repeat(101)],
    ])('answers 400 for an %s key', async (_label, key) => {
      const p = await insertProduct(t, { price: 20 });
      const res = await place(orderBody([{ product: p.id, quantity: 1, price: 20 }]), {
        ...customer.auth,
        'idempotency-key': key,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Idempotency-Key must be 1 to 100 characters');
    });
  });
});
