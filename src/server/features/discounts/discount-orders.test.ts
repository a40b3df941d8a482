import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions, mailMessages, orders } from '../../db/schema';
import { orderLinkUrl } from '../orders';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct, orderBody } from '../orders/test/fixtures';
import { CODE_NOT_VALID } from '../../../shared/discounts';
import { makeCode, orderBodyWithCode } from './test/fixtures';

describe('a discount code on an order', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
  });
  afterAll(() => t.close());

  const place = (auth: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload });
  const check = (auth: { authorization: string }, code: string, items: { product: string; quantity: number }[]) =>
    t.app.inject({ method: 'POST', url: '/api/discounts/check', headers: auth, payload: { code, orderItems: items } });

  it('takes the discount off before VAT, records the code on the order and a redemption', async () => {
    const oil = await insertProduct(t, { price: 120, countInStock: 10 });
    const { code } = await makeCode(t, admin, { kind: 'percent', value: 15 });
    const shopper = (await createUser(t)).auth;

    const checked = await check(shopper, code.toLowerCase(), [{ product: oil.id, quantity: 2 }]);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({
      code,
      kind: 'percent',
      value: 15,
      minSubtotal: 0,
      eligibleProducts: [oil.id],
      discountAmount: 36,
      freeDelivery: false,
    });

    const placed = await place(
      shopper,
      orderBodyWithCode([{ product: oil, quantity: 2 }], code.toLowerCase(), { kind: 'percent', value: 15 }),
    );
    expect(placed.statusCode).toBe(201);
    // 240 - 36 = 204; VAT 32.64; delivery 75 (204 is under K500).
    expect(placed.json()).toMatchObject({
      discountCode: code,
      discountAmount: 36,
      itemsPrice: 240,
      taxAmount: 32.64,
      shippingAmount: 75,
      totalAmount: 311.64,
    });
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, placed.json()._id));
    expect(row).toMatchObject({ discountCode: code, discountNgwee: 3600 });
    const redemptions = await t.app.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, row.id));
    expect(redemptions).toMatchObject([{ discountNgwee: 3600 }]);

    const again = await t.app.inject({ method: 'GET', url: `/api/orders/${row.id}`, headers: shopper });
    expect(again.json()).toMatchObject({ discountCode: code, discountAmount: 36 });

    // The signed order link (the /o/ page) and the confirmation e-mail carry the discount line too.
    const link = orderLinkUrl('http://shop.test', row.id, t.config.jwtSecret);
    const view = await t.app.inject({ method: 'GET', url: `/api/order-links/${link.split('/o/')[1]}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ itemsPrice: 240, discountCode: code, discountPrice: 36, totalPrice: 311.64 });
    const mails = await t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'order-confirmation'));
    const confirmation = mails.find((mail) => mail.textBody.includes(row.id.slice(0, 8)));
    expect(confirmation?.textBody).toContain(`Discount (${code})`);
  });

  it('an order without a code shows no discount on its signed link', async () => {
    const oil = await insertProduct(t, { price: 120, countInStock: 10 });
    const shopper = (await createUser(t)).auth;
    const placed = await place(shopper, orderBody([{ product: oil.id, quantity: 1, price: 120 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const link = orderLinkUrl('http://shop.test', placed.json()._id, t.config.jwtSecret);
    const view = await t.app.inject({ method: 'GET', url: `/api/order-links/${link.split('/o/')[1]}` });
    expect(view.json()).toMatchObject({ discountCode: null, discountPrice: 0 });
  });

  it('answers 409 naming the discount when the client priced the order without the shop’s discount', async () => {
    const oil = await insertProduct(t, { price: 100 });
    const { code } = await makeCode(t, admin, { kind: 'fixed', value: 10 });
    const shopper = (await createUser(t)).auth;
    const body = orderBodyWithCode([{ product: oil, quantity: 1 }], code, { kind: 'fixed', value: 10 });
    const answer = await place(shopper, { ...body, discountAmount: 20, totalAmount: body.totalAmount - 10 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      differs: ['discount', 'total'],
      discountAmount: 10,
    });
    expect(answer.json().message).toMatch(
      /^Your prices are current, but the discount for this order is K\s?10\.00, not K\s?20\.00\. Please review your order\.$/,
    );
    // A code sent with totals worked out without it: refused too, nothing counted.
    const withoutDiscount = await place(shopper, {
      ...orderBody([{ product: oil.id, quantity: 1, price: 100 }]),
      discountCode: code,
    });
    expect(withoutDiscount.statusCode).toBe(409);
    const [kept] = await t.app.db.select().from(discountCodes).where(eq(discountCodes.code, code));
    expect(kept.usesCount).toBe(0);
  });

  it('refuses a code after its end, before its start, off or unknown with one message, and counts nothing', async () => {
    const oil = await insertProduct(t, { price: 100 });
    const shopper = (await createUser(t)).auth;
    const hour = 3_600_000;
    const ended = await makeCode(t, admin, {
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    const early = await makeCode(t, admin, { startsAt: new Date(Date.now() + hour).toISOString() });
    const off = await makeCode(t, admin, { isActive: false });
    for (const code of [ended.code, early.code, off.code, 'NOSUCHCODE', 'bad code!']) {
      const checked = await check(shopper, code, [{ product: oil.id, quantity: 1 }]);
      expect(checked.statusCode, code).toBe(400);
      expect(checked.json().message).toBe(CODE_NOT_VALID);
      const placed = await place(
        shopper,
        orderBodyWithCode([{ product: oil, quantity: 1 }], code, { kind: 'percent', value: 10 }),
      );
      expect(placed.statusCode).toBe(409);
      expect(placed.json()).toEqual({ message: CODE_NOT_VALID, discountCode: code });
    }
    const rows = await t.app.db.select().from(discountCodes);
    expect(rows.filter((r) => [ended.code, early.code, off.code].includes(r.code)).map((r) => r.usesCount)).toEqual([
      0, 0, 0,
    ]);
  });

  it('keeps uses per customer, says a live code does not fit, and frees the code for others', async () => {
    const oil = await insertProduct(t, { price: 100, countInStock: 100 });
    const nuts = await insertProduct(t, { price: 50, countInStock: 100 });
    const { code } = await makeCode(t, admin, { kind: 'fixed', value: 5, maxUsesPerCustomer: 1, productIds: [oil.id] });
    const first = (await createUser(t)).auth;
    const second = (await createUser(t)).auth;
    const body = orderBodyWithCode([{ product: oil, quantity: 1 }], code, { kind: 'fixed', value: 5 });
    expect((await place(first, body)).statusCode).toBe(201);
    const twice = await place(first, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already used this code the number of times it allows.');
    expect((await place(second, body)).statusCode).toBe(201);

    const third = (await createUser(t)).auth;
    const notForNuts = await check(third, code, [{ product: nuts.id, quantity: 1 }]);
    expect(notForNuts.json()).toEqual({ message: 'This code does not apply to the items in your cart.' });
    const min = await makeCode(t, admin, { kind: 'freeDelivery', value: 0, minSubtotal: 200 });
    const below = await check(third, min.code, [{ product: oil.id, quantity: 1 }]);
    expect(below.json().message).toMatch(/^This code needs items worth at least K\s?200\.00\.$/);
    const enough = await check(third, min.code, [{ product: oil.id, quantity: 2 }]);
    expect(enough.json()).toMatchObject({ freeDelivery: true, discountAmount: 0 });
    const placed = await place(
      third,
      orderBodyWithCode([{ product: oil, quantity: 2 }], min.code, {
        kind: 'freeDelivery',
        value: 0,
        minSubtotal: 200,
      }),
    );
    expect(placed.json()).toMatchObject({
      shippingAmount: 0,
      discountAmount: 0,
      discountCode: min.code,
      totalAmount: 232,
    });
  });

  it('limits codes tried per customer; another customer on the same address still may', async () => {
    const oil = await insertProduct(t, { price: 100 });
    const guesser = (await createUser(t)).auth;
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await check(guesser, `GUESS${i}`, [{ product: oil.id, quantity: 1 }]));
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(400));
    expect(answers[20].statusCode).toBe(429);
    expect(answers[20].json().message).toMatch(/^Too many codes tried\. Please try again in \d+ minutes?\.$/);
    const neighbour = (await createUser(t)).auth;
    expect((await check(neighbour, 'GUESSX', [{ product: oil.id, quantity: 1 }])).statusCode).toBe(400);
  });

  it('refuses hostile check bodies with a 400 and asks for sign-in', async () => {
    const shopper = (await createUser(t)).auth;
    for (const payload of [
      {},
      { code: 'A'.repeat(100_000), orderItems: [{ product: 'x', quantity: 1 }] },
      { code: 'NUL\u0000', orderItems: [{ product: 'x', quantity: 1 }] },
      { code: 5, orderItems: [] },
      { code: 'OK123', orderItems: [{ product: 'x', quantity: -1 }] },
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/discounts/check', headers: shopper, payload });
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(400);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/discounts/check',
      payload: { code: 'X', orderItems: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
