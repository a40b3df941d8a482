import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, paymentAttempts, products, ussdCallers, ussdSessions } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { orderReference } from '../../../shared/order-status';
import { insertProduct } from '../orders/test/fixtures';
import { pruneSessions } from './queries';
import { Caller } from './test/ussd-phone';
import { ordersOf, startUssdShop, TEST_USSD, until } from './test/ussd-shop';

/**
 * Several sessions of one number, as a gateway that still delivers a stale session's steps would send
 * them: the basket is the number's, so what one session confirms must be what it was shown, and one basket
 * becomes at most one order however many sessions confirm it (issue 44, items 1, 2 and 9).
 */
let shop: Awaited<ReturnType<typeof startUssdShop>>;
let t: TestApp;
let marula: Awaited<ReturnType<typeof insertProduct>>;

let phoneSeq = 500;
const newMtn = () => `+2609622${String((phoneSeq += 1)).padStart(5, '0')}`;

beforeAll(async () => {
  shop = await startUssdShop();
  t = shop.t;
  marula = await insertProduct(t, { name: 'Marula oil', price: 165, countInStock: 500 });
}, 60_000);
afterAll(async () => {
  await shop?.close();
});
afterEach(() => {
  Object.assign(t.app.config.ussd!, TEST_USSD);
});

/** From a dial to the summary with one more Marula oil in the number's basket. */
async function toSummary(caller: Caller, name: string) {
  await caller.dial();
  await caller.choose('Shop');
  await caller.choose('Oil');
  await caller.choose('Marula oil');
  await caller.press('1');
  await caller.choose('Check out');
  await caller.press('Choma');
  return caller.press(name);
}

/** The summary's total, "Total K266.40" -> "K266.40". */
const totalOn = (screen: string) => /Total (K[\d,.]+)/.exec(screen)?.[1];

/** The MTN prompts the simulator received for this number. */
const promptsTo = (mobile: string) =>
  [...shop.simulator.state.payments.values()].filter((p) => p.phone.replace(/\D/g, '').endsWith(mobile.slice(-9)));

/** Waits until no session of the number has a prompt still to send, then a little longer for its request. */
async function promptsSettled(mobile: string) {
  await until(
    'the prompts to be taken',
    () =>
      t.app.db
        .select({ id: ussdSessions.id })
        .from(ussdSessions)
        .where(
          and(eq(ussdSessions.mobile, mobile), isNotNull(ussdSessions.promptDueAt), isNull(ussdSessions.promptTakenAt)),
        ),
    (rows) => rows.length === 0,
  );
  await until(
    'the prompt to reach the simulator',
    async () => promptsTo(mobile),
    (prompts) => prompts.length > 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
}

describe('a confirm places what the caller was shown', () => {
  it('when another session of the number added to the basket, refuses with the new total; the next confirm places that', async () => {
    const mobile = newMtn();
    const first = new Caller(t.app, mobile);
    const summary = await toSummary(first, 'Mutinta Hamoonga');
    // K165 + 16% VAT + K75 delivery.
    expect(summary).toContain('1 items K165.00');
    expect(totalOn(summary)).toBe('K266.40');

    const second = first.alongside();
    await second.dial();
    await second.choose('Continue your order');
    await second.choose('Add more');
    await second.choose('Oil');
    await second.choose('Marula oil');
    expect(await second.press('1')).toContain('2 items, K330.00');

    const answer = await first.choose('Confirm');
    expect(answer).not.toMatch(/placed/);
    expect(answer).toMatch(/^CON Your order changed/);
    expect(answer).toContain('2 items K330.00');
    expect(totalOn(answer)).toBe('K457.80');
    expect(await ordersOf(t, mobile)).toHaveLength(0);

    const placed = await first.choose('Confirm');
    const [order] = await ordersOf(t, mobile);
    expect(placed).toMatch(new RegExp(`^END Order #${orderReference(order!.id)} placed\\. Total K457\\.80\\.`));
    expect(order!.totalNgwee).toBe(45_780);
    const lines = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[marula.id, 2]]);
    const attempt = await until(
      'the payment prompt',
      async () => (await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order!.id)))[0],
      (a) => a !== undefined,
    );
    expect(attempt!.amountNgwee).toBe(45_780);
  });

  it('when a price changed after the summary, says so with the new total and places nothing until confirmed again', async () => {
    const mobile = newMtn();
    const caller = new Caller(t.app, mobile);
    const product = await insertProduct(t, { name: 'Mongongo oil', price: 100, countInStock: 50 });
    await caller.dial();
    await caller.choose('Shop');
    await caller.choose('Oil');
    await caller.choose('Mongongo oil');
    await caller.press('2');
    await caller.choose('Check out');
    await caller.press('Monze');
    const summary = await caller.press('Chipo Banda');
    // K200 + K32 VAT + K75.
    expect(totalOn(summary)).toBe('K307.00');

    await t.app.db.update(products).set({ priceNgwee: 12_000 }).where(eq(products.id, product.id));
    const answer = await caller.choose('Confirm');
    expect(answer).toMatch(/^CON Prices have just changed\. Check the new total\./);
    // K240 + K38.40 VAT + K75.
    expect(totalOn(answer)).toBe('K353.40');
    expect(await ordersOf(t, mobile)).toHaveLength(0);

    expect(await caller.choose('Confirm')).toMatch(/^END Order #\w+ placed\. Total K353\.40\./);
    const [order] = await ordersOf(t, mobile);
    expect(order!.totalNgwee).toBe(35_340);
  });
});

describe('one basket, one order', () => {
  it('two sessions of one number confirming the same basket at the same moment place one order and send one prompt', async () => {
    const mobile = newMtn();
    const first = new Caller(t.app, mobile);
    const shown = await toSummary(first, 'Bupe Mwansa');
    const second = first.alongside();
    await second.dial();
    await second.choose('Continue your order');
    await second.choose('Check out');
    await second.press('Choma');
    expect(await second.press('Bupe Mwansa')).toBe(shown);

    const answers = await Promise.all([first, second].map((caller) => caller.choose('Confirm')));

    const placed = await ordersOf(t, mobile);
    expect(placed).toHaveLength(1);
    const reference = orderReference(placed[0]!.id);
    for (const answer of answers)
      expect(answer).toMatch(new RegExp(`^END Order #${reference} placed\\. Total K266\\.40\\.`));
    const lines = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, placed[0]!.id));
    expect(lines.map((l) => l.quantity)).toEqual([1]);
    await promptsSettled(mobile);
    expect(promptsTo(mobile)).toHaveLength(1);
    expect(
      await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, placed[0]!.id)),
    ).toHaveLength(1);
    // The basket became that order: a new dial offers nothing to continue.
    expect(await first.redial()).not.toContain('Continue');
  });

  it('a stale session confirming after the basket became an order is answered with that order, not a second one', async () => {
    const mobile = newMtn();
    const first = new Caller(t.app, mobile);
    await toSummary(first, 'Given Moono');
    const second = first.alongside();
    await second.dial();
    await second.choose('Continue your order');
    await second.choose('Check out');
    await second.press('Choma');
    await second.press('Given Moono');

    const placed = await first.choose('Confirm');
    expect(placed).toMatch(/^END Order #/);
    expect(await second.choose('Confirm')).toBe(placed);
    expect(await ordersOf(t, mobile)).toHaveLength(1);
    await promptsSettled(mobile);
    expect(promptsTo(mobile)).toHaveLength(1);
  });
});

describe('a basket changed while it is placed', () => {
  it('an item added by one session while another confirms is ordered once or left in the basket, never both', async () => {
    for (let run = 0; run < 3; run += 1) {
      const mobile = newMtn();
      const first = new Caller(t.app, mobile);
      await toSummary(first, 'Mary Phiri');
      const second = first.alongside();
      await second.dial();
      await second.choose('Continue your order');
      await second.choose('Add more');
      await second.choose('Oil');
      await second.choose('Marula oil');

      const [confirmed] = await Promise.all([first.choose('Confirm'), second.press('1')]);

      const placed = await ordersOf(t, mobile);
      expect(placed.length).toBeLessThanOrEqual(1);
      const ordered = placed.length
        ? (await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, placed[0]!.id))).reduce(
            (sum, l) => sum + l.quantity,
            0,
          )
        : 0;
      const [caller] = await t.app.db.select().from(ussdCallers).where(eq(ussdCallers.mobile, mobile));
      const inBasket = (caller?.draft?.lines ?? []).reduce((sum, l) => sum + l.quantity, 0);
      expect(ordered + inBasket, confirmed).toBe(2);
      expect(confirmed).toMatch(placed.length ? /^END Order #/ : /^CON Your order changed/);
    }
  });
});

describe('the sessions a number keeps', () => {
  it('keeps at most USSD_SESSIONS_PER_NUMBER live: a newer dial closes the oldest, whose next step says so', async () => {
    const mobile = newMtn();
    const [a, b, c] = [1, 2, 3].map(() => new Caller(t.app, mobile));
    for (const caller of [a!, b!, c!]) expect(await caller.dial()).toMatch(/^CON Welcome/);
    expect(await a!.choose('Shop')).toMatch(/^END This session was closed/);
    expect(await b!.choose('Shop')).toMatch(/^CON Choose a category/);
    expect(await c!.choose('Shop')).toMatch(/^CON Choose a category/);
  });

  it('answers forty sessions of one number at once, none refused or failed, with two left live', async () => {
    const mobile = newMtn();
    const callers = Array.from({ length: 40 }, () => new Caller(t.app, mobile));
    const answers = await Promise.all(callers.map((caller) => caller.dial()));
    for (const answer of answers) expect(answer).toMatch(/^CON Welcome/);
    const rows = await t.app.db.select().from(ussdSessions).where(eq(ussdSessions.mobile, mobile));
    expect(rows).toHaveLength(40);
    expect(rows.filter((r) => r.answer.startsWith('CON'))).toHaveLength(2);
  });

  it('prunes sessions untouched for ten minutes, ended or not, but keeps one whose payment prompt is still due', async () => {
    t.app.config.ussd!.promptDelayMs = 600_000;
    const mobile = newMtn();
    const buyer = new Caller(t.app, mobile);
    await toSummary(buyer, 'Agnes Zulu');
    expect(await buyer.choose('Confirm')).toMatch(/^END Order #/);
    const helped = buyer.alongside();
    await helped.dial();
    expect(await helped.choose('Help')).toMatch(/^END /);
    const browsing = buyer.alongside();
    await browsing.dial();
    const live = buyer.alongside();
    await live.dial();
    const ids = [buyer, helped, browsing, live].map((c) => c.sessionId);
    const aged = [buyer, helped, browsing].map((c) => c.sessionId);
    await t.app.db
      .update(ussdSessions)
      .set({ updatedAt: sql`now() - interval '11 minutes'` })
      .where(inArray(ussdSessions.id, aged));

    await pruneSessions(t.app.db);
    const left = await t.app.db.select({ id: ussdSessions.id }).from(ussdSessions).where(inArray(ussdSessions.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual([buyer.sessionId, live.sessionId].sort());

    // Once its prompt is taken, the buyer's session goes too.
    await t.app.db.update(ussdSessions).set({ promptTakenAt: new Date() }).where(eq(ussdSessions.id, buyer.sessionId));
    await pruneSessions(t.app.db);
    const after = await t.app.db
      .select({ id: ussdSessions.id })
      .from(ussdSessions)
      .where(inArray(ussdSessions.id, ids));
    expect(after.map((r) => r.id)).toEqual([live.sessionId]);
  });
});
