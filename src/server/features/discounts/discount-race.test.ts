import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions, orders } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertCustomers, insertProduct } from '../orders/test/fixtures';
import { makeCode, orderBodyWithCode } from './test/fixtures';

/** Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the 50 orders really overlap). */
describe('the last use of a limited code under concurrency', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
  });
  afterAll(() => t.close());

  it('50 parallel orders for a code with one use left: exactly one gets it, no other is charged a discount', async () => {
    const oil = await insertProduct(t, { price: 200, countInStock: 1000 });
    const { code } = await makeCode(t, admin, { kind: 'fixed', value: 50, maxUses: 3 });
    await t.app.db.update(discountCodes).set({ usesCount: 2 }).where(eq(discountCodes.code, code));
    const customers = await insertCustomers(t, 50, 'Racer');
    const body = orderBodyWithCode([{ product: oil, quantity: 1 }], code, { kind: 'fixed', value: 50 });
    const answers = await Promise.all(
      customers.map((c) => t.app.inject({ method: 'POST', url: '/api/orders', headers: c.auth, payload: body })),
    );
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0].json()).toMatchObject({ discountCode: code, discountAmount: 50 });
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'This code is not valid.', discountCode: code });
    }
    const [kept] = await t.app.db.select().from(discountCodes).where(eq(discountCodes.code, code));
    expect(kept.usesCount).toBe(3);
    const redemptions = await t.app.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, kept.id));
    expect(redemptions).toHaveLength(1);
    const discounted = await t.app.db.select().from(orders).where(eq(orders.discountCode, code));
    expect(discounted.map((o) => o.id)).toEqual([placed[0].json()._id]);
  });

  it('one customer sending 20 orders at once with a once-per-customer code gets it once', async () => {
    const oil = await insertProduct(t, { price: 80, countInStock: 1000 });
    const { code } = await makeCode(t, admin, { kind: 'percent', value: 25, maxUsesPerCustomer: 1 });
    const shopper = (await createUser(t)).auth;
    const body = orderBodyWithCode([{ product: oil, quantity: 1 }], code, { kind: 'percent', value: 25 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/orders', headers: shopper, payload: body }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const [kept] = await t.app.db.select().from(discountCodes).where(eq(discountCodes.code, code));
    expect(kept.usesCount).toBe(1);
  });
});
