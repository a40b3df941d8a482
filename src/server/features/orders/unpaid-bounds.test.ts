import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { address, insertCustomers, insertProduct, orderBody, stockOf } from './test/fixtures';
import { collectionOrderBody, HOLD_RULES, payOnCollectionPoint } from './test/unpaid';

/**
 * What unpaid orders of one account, or of one phone number, may hold (decision 056), over HTTP: at most
 * 3 open unpaid orders and 10 items here. PGlite, or PostgreSQL when TEST_DATABASE_URL is set (there the
 * parallel cases are real races between pooled connections).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ unpaidOrders: { ...HOLD_RULES, maxOrders: 3, maxItems: 10 } });
  admin = await createUser(t, { isAdmin: true, name: 'Mutinta Admin' });
});
afterAll(() => t.close());

const withPhone = (phoneNumber: string) => ({ shippingAddress: { ...address, phoneNumber } });

function place(
  auth: Record<string, string>,
  product: { id: string },
  quantity = 1,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: orderBody([{ product: product.id, quantity, price: 40 }], extra),
  });
}

let phoneSeq = 0;
/** A fresh Airtel number per test, so bounds by number never mix between tests. */
const freshPhone = () => `097${String(5_000_000 + (phoneSeq += 1)).padStart(7, '0')}`;
const e164 = (local: string) => `+260${local.slice(1)}`;

describe('one account', () => {
  it('may have 3 unpaid orders: the 4th is a 409 in plain words, nothing taken; paying or cancelling one makes room', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const customer = await createUser(t);
    const placed: string[] = [];
    for (let n = 0; n < 3; n++) {
      const res = await place(customer.auth, product, 1, withPhone(freshPhone()));
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json()._id);
    }
    const refused = await place(customer.auth, product, 1, withPhone(freshPhone()));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'You already have 3 orders waiting for payment. Please pay for one of them before placing another, or ask the shop to cancel one you no longer want.',
      unpaidLimit: { holder: 'account', orders: 3, items: 3, maxOrders: 3, maxItems: 10 },
    });
    expect(await stockOf(t, product.id)).toBe(97);

    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed[0]}/pay`,
      headers: admin.auth,
      payload: { note: 'Cash at the stall' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await place(customer.auth, product, 1, withPhone(freshPhone()))).statusCode).toBe(201);
    expect((await place(customer.auth, product, 1, withPhone(freshPhone()))).statusCode).toBe(409);

    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed[1]}/status`,
      headers: admin.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await place(customer.auth, product, 1, withPhone(freshPhone()))).statusCode).toBe(201);
  });

  it("cannot take a product's whole stock in one unpaid order, nor pass 10 items over several", async () => {
    const product = await insertProduct(t, { name: 'Marula gift set', price: 40, countInStock: 30 });
    const customer = await createUser(t);
    const whole = await place(customer.auth, product, 30, withPhone(freshPhone()));
    expect(whole.statusCode).toBe(409);
    expect(whole.json().message).toBe(
      'Orders waiting for payment can hold at most 10 items, and this order has 30. Please order fewer items, or contact the shop for a large order.',
    );
    expect(await stockOf(t, product.id)).toBe(30);

    expect((await place(customer.auth, product, 8, withPhone(freshPhone()))).statusCode).toBe(201);
    const over = await place(customer.auth, product, 3, withPhone(freshPhone()));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message:
        'Orders waiting for payment can hold at most 10 items. Your unpaid orders already hold 8, so this order can add 2 more. Please pay for an order first, or order fewer items.',
      unpaidLimit: { holder: 'account', orders: 1, items: 8 },
    });
    expect((await place(customer.auth, product, 2, withPhone(freshPhone()))).statusCode).toBe(201);
    expect(await stockOf(t, product.id)).toBe(20);
  });

  it('counts pay-on-collection orders too: of 6 in a row, 3 are placed', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const option = await payOnCollectionPoint(t, admin.auth);
    const customer = await createUser(t);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.auth,
        payload: collectionOrderBody(product, option),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await stockOf(t, product.id)).toBe(97);
  });

  it('holds under 12 orders sent at once: exactly 3 are placed', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const customer = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => place(customer.auth, product, 1, withPhone(freshPhone()))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const written = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer.user.id));
    expect(written).toHaveLength(3);
    expect(await stockOf(t, product.id)).toBe(97);
  });

  it('answers a repeated submit with the first order even when that order filled the bound', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const customer = await createUser(t);
    for (let n = 0; n < 2; n++) await place(customer.auth, product, 1, withPhone(freshPhone()));
    const headers = { ...customer.auth, 'idempotency-key': 'the-third-order' };
    const body = orderBody([{ product: product.id, quantity: 1, price: 40 }], withPhone(freshPhone()));
    const first = await t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
  });

  it('does not bound an admin', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const shopAdmin = await createUser(t, { isAdmin: true });
    for (let n = 0; n < 5; n++) expect((await place(shopAdmin.auth, product, 5)).statusCode).toBe(201);
  });
});

describe('one phone number', () => {
  it('counts every account ordering to it: 20 new accounts at once, one order each, place 3', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const phone = freshPhone();
    const accounts = await insertCustomers(t, 20, 'Newcomer');
    const answers = await Promise.all(accounts.map((a) => place(a.auth, product, 1, withPhone(phone))));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused).toEqual({
      message: `The phone number +260 ${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)} already has 3 orders waiting for payment. Please pay for one of them before placing another, or ask the shop to cancel one you no longer want.`,
      unpaidLimit: { holder: 'phone', orders: 3, items: 3, maxOrders: 3, maxItems: 10 },
    });
    expect(await stockOf(t, product.id)).toBe(97);
  });

  it('never by address alone: 20 accounts behind one address, each with its own number, all place', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const accounts = await insertCustomers(t, 20, 'Neighbour');
    const answers = await Promise.all(
      accounts.map((a) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: a.auth,
          remoteAddress: '41.72.100.7',
          payload: orderBody([{ product: product.id, quantity: 1, price: 40 }], withPhone(freshPhone())),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
  });

  it("counts an account's sign-in number with the orders delivered to it, and items by number", async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const signIn = freshPhone();
    const owner = await createUser(t);
    await t.app.db
      .update(users)
      .set({ mobile: e164(signIn) })
      .where(eq(users.id, owner.user.id));
    // The owner's orders go elsewhere; a relative's go to the owner's number.
    expect((await place(owner.auth, product, 4, withPhone(freshPhone()))).statusCode).toBe(201);
    const relative = await createUser(t);
    expect((await place(relative.auth, product, 4, withPhone(signIn))).statusCode).toBe(201);
    const third = await createUser(t);
    const over = await place(third.auth, product, 3, withPhone(signIn));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: `Orders waiting for payment can hold at most 10 items for one phone number. Unpaid orders for +260 ${signIn.slice(1, 3)} ${signIn.slice(3, 6)} ${signIn.slice(6)} already hold 8, so this order can add 2 more. Please pay for an order first, or order fewer items.`,
      unpaidLimit: { holder: 'phone', orders: 2, items: 8 },
    });
    expect((await place(third.auth, product, 2, withPhone(signIn))).statusCode).toBe(201);
  });
});
