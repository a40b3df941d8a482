import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulators } from '../../../../simulators/server';
import { orders, paymentAttempts, products, smsMessages, users } from '../../db/schema';
import { createUser, type TestApp } from '../../test/test-app';
import { shopMonthOf } from '../../../shared/shop-time';
import { insertOrder, insertProduct } from '../orders/test/fixtures';
import { simulatorProviders } from '../payments/test/simulator-providers';
import { orderReference } from '../../../shared/order-status';
import { Caller, postStep, TEST_SECRET } from './test/ussd-phone';
import { ordersOf as ordersOfNumber, startUssdShop, TEST_USSD, until } from './test/ussd-shop';

/**
 * The USSD callback over HTTP, as Africa's Talking drives it: every screen is checked for the protocol
 * (Caller), orders go through the web checkout's placeOrder, the prompt through the MTN/Airtel simulator.
 */
let shop: Awaited<ReturnType<typeof startUssdShop>>;
let simulator: RunningSimulators;
let t: TestApp;
let shea: Awaited<ReturnType<typeof insertProduct>>;

const MTN = '+260961110001';
let phoneSeq = 200;
/** A fresh MTN number per test, so drafts and accounts do not mix. */
const newMtn = () => `+2609611${String((phoneSeq += 1)).padStart(5, '0')}`;
const newAirtel = () => `+2609711${String((phoneSeq += 1)).padStart(5, '0')}`;

beforeAll(async () => {
  shop = await startUssdShop();
  ({ t, simulator } = shop);
  shea = await insertProduct(t, { name: 'Shea butter', price: 150, countInStock: 40 });
  await insertProduct(t, { name: 'Baobab oil', price: 85.5, countInStock: 40 });
  await t.app.db.update(products).set({ size: '100ml' }).where(eq(products.id, shea.id));
}, 60_000);
afterAll(async () => {
  await shop?.close();
});
afterEach(() => {
  Object.assign(t.app.config.ussd!, TEST_USSD);
});

/** Dial, Shop, Oil, a product, a quantity: the cart screen. */
async function addToOrder(caller: Caller, product: string, quantity: number) {
  if (!caller.screen.includes('Shop') || caller.screen.startsWith('END')) await caller.dial();
  await caller.choose('Shop');
  await caller.choose('Oil');
  await caller.choose(product);
  return caller.press(String(quantity));
}

const ordersOf = (mobile: string) => ordersOfNumber(t, mobile);

describe('the callback address', () => {
  it('refuses a wrong or missing secret with a 403, before reading the step', async () => {
    const wrong = await postStep(t.app, { sessionId: 'ATUid_x', phoneNumber: MTN, text: '' }, 'not-the-secret');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBeTypeOf('string');
    const prefix = await postStep(
      t.app,
      { sessionId: 'ATUid_x', phoneNumber: MTN, text: '' },
      TEST_SECRET.slice(0, -1),
    );
    expect(prefix.statusCode).toBe(403);
  });

  it('answers a 400 with a message for a step without its fields, or with NUL in it', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/ussd/${TEST_SECRET}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=1',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/sessionId|phoneNumber/);
    const nul = await postStep(t.app, { sessionId: 'ATUid_nul', phoneNumber: MTN, text: '1\u00002' });
    expect(nul.statusCode).toBe(400);
  });

  it('answers hostile bodies with a JSON 4xx: too big, wrong types, empty, NUL, too long', async () => {
    const url = `/api/ussd/${TEST_SECRET}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const json = { 'content-type': 'application/json' };
    const cases = [
      { headers: form, payload: `sessionId=a&phoneNumber=${MTN}&text=${'1*'.repeat(5_000)}` },
      { headers: json, payload: JSON.stringify({ sessionId: 1, phoneNumber: [MTN], text: {} }) },
      { headers: json, payload: '' },
      { headers: form, payload: '' },
      { headers: form, payload: `sessionId=%00&phoneNumber=${MTN}` },
      { headers: form, payload: `sessionId=${'x'.repeat(300)}&phoneNumber=${MTN}` },
    ];
    for (const c of cases) {
      const response = await t.app.inject({ method: 'POST', url, ...c });
      expect(response.statusCode, c.payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, c.payload.slice(0, 40)).toBeLessThan(500);
      expect(response.json().message).toBeTypeOf('string');
    }
  });

  it('is off (404) when USSD_CALLBACK_SECRET is unset', async () => {
    const settings = t.app.config.ussd;
    t.app.config.ussd = undefined;
    try {
      const off = await postStep(t.app, { sessionId: 'ATUid_off', phoneNumber: MTN, text: '' });
      expect(off.statusCode).toBe(404);
      expect(off.json().message).toBeTypeOf('string');
    } finally {
      t.app.config.ussd = settings;
    }
  });

  it('ends the session for a number that is not Zambian', async () => {
    const caller = new Caller(t.app, '+254711000111');
    expect(await caller.dial()).toMatch(/^END .*Zambian/);
  });
});

describe('a whole order, from the dial to paid', () => {
  it('browses, orders, ends with the order number and total, prompts the same phone, texts, and is paid', async () => {
    const mobile = newMtn();
    const caller = new Caller(t.app, mobile);
    const welcome = await caller.dial();
    expect(welcome).toMatch(/^CON Welcome to /);
    expect(welcome).not.toContain('Continue');
    await caller.choose('Shop');
    expect(caller.screen).toContain('Oil');
    await caller.choose('Oil');
    expect(caller.screen).toContain('Shea butter 100ml K150.00');
    expect(caller.screen).toContain('0. Back');
    await caller.choose('Shea butter');
    expect(caller.screen).toMatch(/How many\? \(1-40\)/);
    await caller.press('2');
    expect(caller.screen).toContain('Added. Your order: 2 items, K300.00');
    await caller.choose('Check out');
    expect(caller.screen).toContain('Which town');
    await caller.press('Choma');
    expect(caller.screen).toContain('Your name');
    await caller.press('Mutinta Hamoonga');
    // SPEC §9 through computeTotals: K300 + 16% VAT, delivery K75 at or under K500.
    expect(caller.screen).toContain('2 items K300.00');
    expect(caller.screen).toContain('VAT K48.00');
    expect(caller.screen).toContain('Delivery K75.00');
    expect(caller.screen).toContain('Total K423.00');
    expect(caller.screen).toContain('Pay by MTN');
    const end = await caller.choose('Confirm');

    const [order] = await ordersOf(mobile);
    expect(order).toMatchObject({ channel: 'ussd', totalNgwee: 42_300, paymentMethod: 'mtn', isPaid: false });
    expect(order!.shippingAddress).toMatchObject({ city: 'Choma', phoneNumber: `0${mobile.slice(4)}` });
    expect(end).toMatch(new RegExp(`^END Order #${orderReference(order!.id)} placed\\. Total K423\\.00\\.`));
    const [account] = await t.app.db.select().from(users).where(eq(users.mobile, mobile));
    expect(account).toMatchObject({ name: 'Mutinta Hamoonga', email: null, passwordHash: null, phone: mobile });

    // The prompt follows the end of the session, to the caller's own number, for the order's total.
    const attempt = await until(
      'the payment prompt',
      async () => (await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order!.id)))[0],
      (a) => a?.state === 'pending',
    );
    expect(attempt).toMatchObject({ provider: 'mtn', phone: mobile, amountNgwee: 42_300 });
    const text = await until(
      'the order text',
      () => t.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, mobile)),
      (rows) => rows.length > 0,
    );
    expect(text[0]!.body).toContain(`#${orderReference(order!.id)}`);
    expect(text[0]!.body).toContain('K423.00');
    expect(text[0]!.body).toMatch(/https?:\/\//);
    expect(text[0]!.body.length).toBeLessThanOrEqual(160);

    const approve = await simulator.app.inject({ method: 'POST', url: `/_sim/requests/${attempt!.reference}/approve` });
    expect(approve.statusCode).toBe(200);
    await until(
      'the order to be paid',
      async () => (await ordersOf(mobile))[0],
      (o) => o?.isPaid === true,
    );

    // My orders shows it paid; the name is not asked again, the town is offered as the saved address.
    await caller.redial();
    await caller.choose('My orders');
    expect(caller.screen).toContain(`#${orderReference(order!.id)} K423.00 Pending, paid`);
    await caller.press('0');
    await addToOrder(caller, 'Baobab oil', 1);
    await caller.choose('Check out');
    expect(caller.screen).toContain('Deliver to Choma?');
    await caller.choose('Yes');
    expect(caller.screen).toContain('Total');
    expect(caller.screen).not.toContain('Your name');
    // A stock figure the order took: 40 - 2.
    const [after] = await t.app.db.select().from(products).where(eq(products.id, shea.id));
    expect(after!.countInStock).toBe(38);
  });

  it('an Airtel number is asked by Airtel; a Zamtel number is told clearly that it cannot pay here', async () => {
    const airtel = new Caller(t.app, newAirtel());
    await addToOrder(airtel, 'Baobab oil', 1);
    await airtel.choose('Check out');
    await airtel.press('Monze');
    await airtel.press('Chipo Banda');
    expect(airtel.screen).toContain('Pay by Airtel');
    await airtel.choose('Confirm');
    const [order] = await ordersOf(airtel.phoneNumber);
    expect(order!.paymentMethod).toBe('airtel');
    await until(
      'the Airtel prompt',
      async () => (await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order!.id)))[0],
      (a) => a?.provider === 'airtel' && a.phone === airtel.phoneNumber,
    );

    const zamtel = new Caller(t.app, '+260955550001');
    await addToOrder(zamtel, 'Baobab oil', 1);
    await zamtel.choose('Check out');
    expect(zamtel.screen).toMatch(/MTN or Airtel/);
    expect(await ordersOf('+260955550001')).toHaveLength(0);
  });
});

describe('inputs the menu does not expect', () => {
  it('answers "Invalid choice" and keeps the screen for out-of-range choices, letters, * and # inside an input, 200 characters', async () => {
    const caller = new Caller(t.app, newMtn());
    const main = await caller.dial();
    const mainOptions = main.split('\n').slice(1).join('\n');
    for (const bad of ['7', '99', '00', 'a', '#', '1#', ' ', 'x'.repeat(200)]) {
      const answer = await caller.press(bad);
      expect(answer, bad).toMatch(/^CON Invalid choice\. Try again\.\n/);
      expect(answer.split('\n').slice(1).join('\n')).toBe(mainOptions);
    }
    // "1*2" typed as one input arrives as two: not a choice.
    caller.inputs.push('1', '2');
    expect(await caller.send(caller.inputs.join('*'))).toMatch(/^CON Invalid choice/);
    // An empty input (a * at the end) is not one either.
    caller.inputs.push('');
    expect(await caller.send(caller.inputs.join('*'))).toMatch(/^CON Invalid choice/);

    await caller.choose('Shop');
    for (const bad of ['0x1', '12', 'oil']) expect(await caller.press(bad)).toMatch(/^CON Invalid choice/);
    await caller.choose('Oil');
    for (const bad of ['9', '3', '-1']) expect(await caller.press(bad)).toMatch(/^CON Invalid choice/);
    await caller.choose('Shea butter');
    for (const bad of ['41', '1000', 'two', '1.5', 'x'.repeat(200)])
      expect(await caller.press(bad)).toMatch(/^CON Enter a number from 1 to \d+\./);
    await caller.press('1');
    await caller.choose('Check out');
    for (const bad of ['1', 'x'.repeat(200), '#'])
      expect(await caller.press(bad)).toMatch(/^CON Type the name of a town/);
    await caller.press('Livingstone');
    for (const bad of ['007', 'x'.repeat(200), '*']) {
      const answer = bad === '*' ? await caller.send([...caller.inputs, '', ''].join('*')) : await caller.press(bad);
      if (bad === '*') caller.inputs.push('', '');
      expect(answer).toMatch(/^CON (Type your name|Invalid choice)/);
    }
    await caller.press('Mary Phiri');
    for (const bad of ['2', '9', 'yes']) expect(await caller.press(bad)).toMatch(/^CON Invalid choice/);
    expect(caller.screen).toContain('1. Confirm');
    expect(await ordersOf(caller.phoneNumber)).toHaveLength(0);
  });

  it('starts an unknown sessionId with history at the top menu, and answers a replayed step the same without acting twice', async () => {
    const caller = new Caller(t.app, newMtn());
    // A deep dial, or a session this shop never saw: its history is not acted on.
    const first = await caller.send('2*1*1');
    expect(first).toMatch(/^CON Welcome/);
    caller.inputs = ['2', '1', '1'];
    await caller.choose('Shop');
    const again = await caller.send(caller.inputs.join('*'));
    expect(again).toBe(caller.screens[caller.screens.length - 2]);
    // An older step arriving late is answered with the current screen, not acted on.
    expect(await caller.send('2*1*1')).toBe(again);
    // The same session from another number is not that session.
    const other = await postStep(t.app, { sessionId: caller.sessionId, phoneNumber: newMtn(), text: '' });
    expect(other.body).toMatch(/^END This session is not known/);
  });

  it('a confirm sent twice, one after the other and at once, makes one order', async () => {
    const caller = new Caller(t.app, newMtn());
    await addToOrder(caller, 'Baobab oil', 2);
    await caller.choose('Check out');
    await caller.press('Mazabuka');
    await caller.press('Ruth Mweemba');
    caller.inputs.push(caller.optionFor('Confirm'));
    const text = caller.inputs.join('*');
    const answers = await Promise.all([1, 2, 3].map(() => caller.send(text)));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^END Order #/);
    expect(await caller.send(text)).toBe(answers[0]);
    expect(await caller.send(`${text}*1`)).toBe(answers[0]);
    expect(await ordersOf(caller.phoneNumber)).toHaveLength(1);
  });

  it('answers "dial again" within the deadline when a step is slow, and keeps the step that finished behind it', async () => {
    const caller = new Caller(t.app, newMtn());
    await caller.dial();
    t.app.config.ussd!.answerMs = 300;
    // The database busy for 1.5 s: a transaction holding the sessions' table (on PGlite, the one connection).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const busy = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ussd_sessions in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    setTimeout(release, 1_500);
    const started = Date.now();
    const late = await caller.choose('Shop');
    expect(Date.now() - started).toBeLessThan(1_000);
    await busy;
    expect(late).toBe('END Sorry, the shop is busy. Please dial again in a minute.');
    t.app.config.ussd!.answerMs = 4_000;
    // The gateway's copy of the step (or the next one) finds what the slow step did.
    await until(
      'the slow step to finish',
      () => caller.send(caller.inputs.join('*')),
      (answer) => answer.includes('Oil'),
    );
  });
});

describe('a dropped session loses nothing', () => {
  it('offers "Continue your order" after a drop at each step, with the items and their total', async () => {
    const caller = new Caller(t.app, newMtn());
    await addToOrder(caller, 'Shea butter', 2);
    // Dropped on the cart screen.
    let main = await caller.redial();
    expect(main).toContain('1. Continue your order (2 items, K300.00)');
    // Dropped while browsing for more (categories, products, quantity).
    await caller.choose('Continue your order');
    await caller.choose('Add more');
    await caller.choose('Oil');
    await caller.choose('Baobab oil');
    main = await caller.redial();
    expect(main).toContain('1. Continue your order (2 items, K300.00)');
    await caller.choose('Continue');
    await caller.choose('Add more');
    await caller.choose('Oil');
    await caller.choose('Baobab oil');
    await caller.press('1');
    expect(caller.screen).toContain('3 items, K385.50');
    // Dropped at the town, the name, and the summary.
    for (const drop of ['town', 'name', 'summary'] as const) {
      main = await caller.redial();
      expect(main, drop).toContain('1. Continue your order (3 items, K385.50)');
      await caller.choose('Continue');
      await caller.choose('Check out');
      if (drop === 'town') continue;
      await caller.press('Kalomo');
      if (drop === 'name') continue;
      await caller.press('Given Moono');
      expect(caller.screen).toContain('Total');
    }
    expect(await caller.redial()).toContain('Continue your order (3 items');
    await caller.choose('Continue');
    await caller.choose('Check out');
    await caller.press('Kalomo');
    await caller.press('Given Moono');
    await caller.choose('Confirm');
    const placed = await ordersOf(caller.phoneNumber);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.itemsNgwee).toBe(38_550);
    // The order placed, the draft is gone.
    expect(await caller.redial()).not.toContain('Continue');
  });

  it('empties the order on request', async () => {
    const caller = new Caller(t.app, newMtn());
    await addToOrder(caller, 'Shea butter', 1);
    await caller.choose('Empty');
    expect(caller.screen).toMatch(/^CON Your order is empty\./);
    expect(await caller.redial()).not.toContain('Continue');
  });
});

describe('stock between browsing and confirm', () => {
  it('says clearly that the product sold out, places nothing, and lets the caller change the order', async () => {
    const last = await insertProduct(t, { name: 'Marula gift set', price: 200, countInStock: 3 });
    const caller = new Caller(t.app, newMtn());
    await addToOrder(caller, 'Marula gift set', 3);
    await caller.choose('Check out');
    await caller.press('Choma');
    await caller.press('Agnes Zulu');
    // Someone else buys two meanwhile.
    await t.app.db.update(products).set({ countInStock: 1 }).where(eq(products.id, last.id));
    const answer = await caller.choose('Confirm');
    expect(answer).toMatch(/^CON Sorry, only 1 of Marula gift set left\. Your order was not placed\./);
    expect(await ordersOf(caller.phoneNumber)).toHaveLength(0);
    await caller.choose('Change the order');
    expect(caller.screen).toContain('Your order: 3 items');
    const [row] = await t.app.db.select().from(products).where(eq(products.id, last.id));
    expect(row!.countInStock).toBe(1);
  });
});

describe('unpaid orders of one number (decision 056)', () => {
  it('a caller whose unpaid orders hold what one number may is told to pay first, in plain words; nothing is placed', async () => {
    t.app.config.unpaidOrders = { maxOrders: 2, maxItems: 5, holdMs: 0, collectionHoldMs: 0, sweepMs: 0 };
    try {
      // Two unpaid orders already go to this number (by USSD: the report's test counts web orders).
      const full = newMtn();
      const toNumber = async (mobile: string) => {
        const order = await insertOrder(t, { user: null, total: 40 });
        await t.app.db.update(orders).set({ contactMobile: mobile, channel: 'ussd' }).where(eq(orders.id, order.id));
      };
      for (let n = 0; n < 2; n++) await toNumber(full);
      const caller = new Caller(t.app, full);
      await addToOrder(caller, 'Baobab oil', 1);
      await caller.choose('Check out');
      await caller.press('Choma');
      await caller.press('Agnes Zulu');
      expect(await caller.choose('Confirm')).toMatch(
        /^END You have 2 orders not paid yet\. Please pay for one before ordering again, or call /,
      );
      expect(await ordersOf(full)).toHaveLength(0);

      // One unpaid order of one item: five more would pass the five items one number may hold unpaid.
      const some = newMtn();
      await toNumber(some);
      const other = new Caller(t.app, some);
      await addToOrder(other, 'Baobab oil', 5);
      await other.choose('Check out');
      await other.press('Choma');
      await other.press('Bupe Mwansa');
      expect(await other.choose('Confirm')).toMatch(
        /^END Orders not paid yet can hold 5 items; with this one yours would hold 6\. Pay first or order fewer, or call /,
      );
      expect(await ordersOf(some)).toHaveLength(0);
    } finally {
      t.app.config.unpaidOrders = undefined;
    }
  });
});

describe('help and my orders', () => {
  it('Help ends with the co-op phone from settings; My orders with none says so', async () => {
    const caller = new Caller(t.app, newMtn());
    await caller.dial();
    expect(await caller.choose('My orders')).toContain('You have no orders yet.');
    await caller.press('0');
    expect(await caller.choose('Help')).toMatch(/^END .*call /);
  });
});

describe('the back office', () => {
  it("shows each order's channel, and the monthly report counts orders and sales by channel", async () => {
    const caller = new Caller(t.app, newMtn());
    await addToOrder(caller, 'Baobab oil', 1);
    await caller.choose('Check out');
    await caller.press('Choma');
    await caller.press('Bupe Mwansa');
    await caller.choose('Confirm');
    const [placed] = await ordersOf(caller.phoneNumber);
    const admin = await createUser(t, { isAdmin: true });
    const order = await t.app.inject({ method: 'GET', url: `/api/orders/${placed!.id}`, headers: admin.auth });
    expect(order.json()).toMatchObject({ channel: 'ussd' });
    const month = shopMonthOf(new Date());
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/reports/monthly?month=${month}`,
      headers: admin.auth,
    });
    const byChannel = report.json().byChannel as { channel: string; count: number; amount: number }[];
    const ussd = byChannel.find((c) => c.channel === 'ussd')!;
    const all = await t.app.db.select().from(orders);
    const kept = all.filter((o) => o.channel === 'ussd' && o.status !== 'Cancelled');
    expect(ussd.count).toBe(kept.length);
    expect(ussd.amount).toBe(kept.reduce((sum, o) => sum + o.totalNgwee, 0) / 100);
    expect(byChannel.find((c) => c.channel === 'web')).toMatchObject({ count: 0, amount: 0 });
  });
});

describe('the menu in Tonga, Nyanja and Bemba', () => {
  it('an admin saves translations (values kept, known texts only); a caller picks a language once and it is remembered', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const customer = await createUser(t);
    const put = (language: string, texts: Record<string, string>, headers = admin.auth) =>
      t.app.inject({ method: 'PUT', url: `/api/ussd/translations/${language}`, headers, payload: { texts } });
    expect((await put('toi', { shop: 'Kuula' }, customer.auth)).statusCode).toBe(403);
    const lost = await put('toi', { welcome: 'Mwabonwa' });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().message).toContain('{shop}');
    expect((await put('toi', { nonsense: 'x' })).statusCode).toBe(400);
    expect((await put('fr', { shop: 'Acheter' })).statusCode).toBe(400);
    expect((await put('toi', { shop: 'x'.repeat(161) })).statusCode).toBe(400);
    try {
      const saved = await put('toi', { welcome: 'Mwabonwa ku {shop}', shop: 'Kuula' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().translations.toi).toEqual({ welcome: 'Mwabonwa ku {shop}', shop: 'Kuula' });
      const read = await t.app.inject({ method: 'GET', url: '/api/ussd/translations', headers: admin.auth });
      expect(read.json().english.welcome).toBe('Welcome to {shop}');

      const caller = new Caller(t.app, newMtn());
      expect(await caller.dial()).toMatch(/^CON Choose your language\n1\. English\n2\. Chitonga/);
      expect(await caller.press('7')).toMatch(/^CON Invalid choice/);
      const main = await caller.press('2');
      expect(main).toMatch(/^CON Mwabonwa ku /);
      expect(main).toContain('. Kuula');
      // Untranslated texts are said in English.
      expect(main).toContain('. My orders');
      // Remembered: the next dial starts in Chitonga, without the question.
      expect(await caller.redial()).toMatch(/^CON Mwabonwa ku /);
      // And can be changed from the menu.
      await caller.choose('Language');
      expect(await caller.press('1')).toMatch(/^CON Welcome to /);
    } finally {
      expect((await put('toi', {})).statusCode).toBe(200);
    }
  });
});

describe('delivery options by USSD', () => {
  it('asks the province when options differ by province, offers the options serving the town cheapest first, and the order travels by the one chosen', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const option = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/delivery-options', headers: admin.auth, payload });
    /** Through the admin API, as an admin does it, so every cache of the options hears of it. */
    const switchOption = async (name: string, active: boolean) => {
      const all = await t.app.inject({ method: 'GET', url: '/api/delivery-options/all', headers: admin.auth });
      const {
        _id,
        createdAt: _c,
        updatedAt: _u,
        ...rest
      } = (all.json().options as { name: string; _id: string; createdAt: string; updatedAt: string }[]).find(
        (o) => o.name === name,
      )!;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/delivery-options/${_id}`,
        headers: admin.auth,
        payload: { ...rest, active },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const made: string[] = [];
    try {
      for (const payload of [
        {
          name: 'Choma market pickup',
          kind: 'pickup',
          provinces: ['Southern'],
          towns: ['Choma'],
          fee: 20,
          estimate: '1-2 days',
        },
        { name: 'Lusaka bus parcel', kind: 'bus', provinces: ['Lusaka'], towns: [], fee: 40, estimate: '2-3 days' },
      ]) {
        const res = await option(payload);
        expect(res.statusCode, res.body).toBe(201);
        made.push(payload.name);
      }
      const mobile = newMtn();
      const caller = new Caller(t.app, mobile);
      await addToOrder(caller, 'Baobab oil', 1);
      await caller.choose('Check out');
      await caller.press('Choma');
      expect(caller.screen).toMatch(/^CON Which province\?\n1\. Central\n/);
      expect(caller.screen).toContain('10. Western');
      expect(await caller.press('11')).toMatch(/^CON Invalid choice/);
      await caller.choose('Southern');
      // Standard delivery (K75, everywhere) and the Choma pickup (K20); the Lusaka parcel does not serve Choma.
      expect(caller.screen).toMatch(
        /^CON How should it come\?\n1\. Choma market pickup K20\.00\n2\. Standard delivery K75\.00\n0\. Back$/,
      );
      await caller.choose('Choma market pickup');
      await caller.press('Chipo Mwiinga');
      expect(caller.screen).toContain('Delivery K20.00');
      // K85.50 + 16% VAT (K13.68) + K20.
      expect(caller.screen).toContain('Total K119.18');
      await caller.choose('Confirm');
      const [order] = await ordersOf(mobile);
      expect(order).toMatchObject({
        delivery: expect.objectContaining({ name: 'Choma market pickup' }),
        shippingNgwee: 2_000,
        totalNgwee: 11_918,
      });
      expect(order!.shippingAddress).toMatchObject({ city: 'Choma', province: 'Southern' });
      expect(order!.collectionCode).toMatch(/^\d{6}$/);

      // With the standard delivery off: one option serving Choma is taken without asking; none serving Mongu
      // says so with the shop's number, and nothing is placed.
      await switchOption('Standard delivery', false);
      const near = new Caller(t.app, newMtn());
      await addToOrder(near, 'Baobab oil', 1);
      await near.choose('Check out');
      await near.press('Choma');
      expect(await near.choose('Southern')).toMatch(/^CON Your name/);
      const far = new Caller(t.app, newMtn());
      await addToOrder(far, 'Baobab oil', 1);
      await far.choose('Check out');
      await far.press('Mongu');
      await far.choose('Western');
      expect(far.screen).toMatch(/^CON We do not deliver to Mongu yet\. Call /);
      expect(await ordersOf(far.phoneNumber)).toHaveLength(0);
    } finally {
      for (const name of made) await switchOption(name, false);
      await switchOption('Standard delivery', true);
    }
  });
});
