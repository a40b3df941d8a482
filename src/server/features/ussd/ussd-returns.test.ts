import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returns, smsMessages, users } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct, orderBody } from '../orders/test/fixtures';
import { Caller } from './test/ussd-phone';
import { TEST_USSD } from './test/ussd-shop';

/** "My orders" -> an order -> "Return an item" (decision 069): the web's rules, asked from a feature phone. */
describe('a return asked by USSD', () => {
  let t: TestApp;
  const mobile = '+260961100777';
  let orderId: string;

  beforeAll(async () => {
    t = await createTestApp({ ussd: { ...TEST_USSD }, refundApproval: { kind: 'off' } });
    const admin = await createUser(t, { isAdmin: true });
    const shopper = await createUser(t, { name: 'Bupe Phiri' });
    await t.app.db.update(users).set({ mobile }).where(eq(users.id, shopper.user.id));
    const oil = await insertProduct(t, { name: 'Marula Oil 100 ml', price: 90, countInStock: 10 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: orderBody([{ product: oil.id, quantity: 3, price: 90 }]),
    });
    orderId = placed.json()._id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay`,
      headers: admin.auth,
      payload: { note: 'Cash' },
    });
    await t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/deliver`, headers: admin.auth });
  }, 60_000);
  afterAll(() => t?.close());

  it('picks the order, the line, how many and why, says the money back, and asks it', async () => {
    const caller = new Caller(t.app, mobile);
    await caller.dial();
    const list = await caller.choose('My orders');
    expect(list).toMatch(/^CON Your last orders:\n1\. #\w+ K388\.20 Delivered, paid/);
    expect(await caller.press('1')).toContain('1. Return an item');
    expect(await caller.choose('Return an item')).toContain('1. Marula Oil 100 ml');
    expect(await caller.press('1')).toContain('How many to return? (1-3)');
    expect(await caller.press('4')).toContain('Enter a number from 1 to 3.');
    expect(await caller.press('2')).toContain('4. Changed my mind');
    const summary = await caller.press('4');
    // Two of three jars at K90 with 16% VAT: K208.80; changing one's mind gives no delivery back.
    expect(summary).toContain('Return 2 x Marula Oil 100 ml: Changed my mind. Money back to your wallet: K208.80');
    const done = await caller.choose('Confirm');
    expect(done).toMatch(/^END Return R\d+ asked\. /);

    const [row] = await t.app.db.select().from(returns).where(eq(returns.orderId, orderId));
    expect(row).toMatchObject({ channel: 'ussd', state: 'requested', amountNgwee: 20_880, outcome: 'refund' });
    const texts = await t.app.db.select().from(smsMessages).where(eq(smsMessages.kind, 'return-requested'));
    expect(texts.map((s) => s.toNumber)).toEqual([mobile]);

    // One jar is left to return: the line asks no quantity.
    await caller.redial();
    await caller.choose('My orders');
    await caller.press('1');
    await caller.choose('Return an item');
    expect(await caller.press('1')).toContain('Why do you return it?');
  });
});
