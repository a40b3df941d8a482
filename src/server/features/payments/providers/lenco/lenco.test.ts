import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type RunningSimulators } from '../../../../../../simulators/server';
import { DEMO_LENCO, LENCO_BASE_PATH } from '../../../../../../simulators/lenco';
import { mailMessages, orders, paymentAttempts, users } from '../../../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../../../test/test-app';
import { insertOrder, insertProduct, orderBody } from '../../../orders/test/fixtures';
import { orderReference } from '../../../../../shared/order-status';
import { writeFakeBuild } from '../../../ssr/test/web-app';
import { lencoSignature } from './lenco-signature';

/**
 * Zamtel Kwacha through Lenco, end to end over HTTP: the shop listens on 127.0.0.1, the simulator's Lenco
 * answers its client and posts signed webhooks to the shop, the poller runs with fast timings.
 */
let simulator: RunningSimulators;
let t: TestApp;
let customer: Awaited<ReturnType<typeof createUser>>;
let webhookUrl: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const TIMING = { expiryMs: 60_000, firstPollMs: 150, maxPollMs: 400, tickMs: 50, leaseMs: 5_000 };
const ZAMTEL_PHONE = '095 123 4567';

// The pages are drawn from a built app; a fresh clone's tests run before any build, so a fake one stands in.
const distDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-web-dist-'));

beforeAll(async () => {
  writeFakeBuild(distDir);
  process.env.WEB_DIST_DIR = distDir;
  simulator = await startSimulators();
  const port = await freePort();
  webhookUrl = `http://127.0.0.1:${port}/api/payments/callback/lenco`;
  t = await createTestApp({
    paymentProviders: {
      lenco: {
        baseUrl: `${simulator.url}${LENCO_BASE_PATH}`,
        apiToken: DEMO_LENCO.apiToken,
        publicKey: DEMO_LENCO.publicKey,
        widgetUrl: `${simulator.url}/lenco/inline.js`,
        methods: ['zamtel', 'creditCard'],
        timeoutMs: 1_000,
      },
    },
    paymentTiming: TIMING,
  });
  simulator.settle.lencoWebhookUrl = webhookUrl;
  await t.app.listen({ host: '127.0.0.1', port });
  customer = await createUser(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
  delete process.env.WEB_DIST_DIR;
  rmSync(distDir, { recursive: true, force: true });
});
afterEach(() => {
  simulator.state.reset();
  Object.assign(t.app.payments.timing, TIMING);
});

async function zamtelOrder(total = 123.45) {
  const order = await insertOrder(t, { user: customer.user, total });
  await t.app.db.update(orders).set({ paymentMethod: 'zamtel' }).where(eq(orders.id, order.id));
  return order.id;
}
const start = (orderId: string, phone = ZAMTEL_PHONE) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: customer.auth,
    payload: { phone },
  });
const phone = (reference: string, action: 'approve' | 'decline') =>
  simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/${action}` });
const behave = (body: object) => simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body });
const webhook = (reference: string, body: object = {}) =>
  simulator.app.inject({ method: 'POST', url: `/_sim/lenco/webhooks/${reference}`, payload: body });
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0];
const attemptRow = async (reference: string) =>
  (await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0];
const paidMails = async (orderId: string) =>
  (
    await t.app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'order-paid'), eq(mailMessages.toAddress, customer.email)))
  ).filter((m) => m.subject.includes(`#${orderReference(orderId)}`));
const reads = (reference: string) => simulator.state.payments.get(reference)?.statusReads ?? 0;

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const settled = (reference: string) =>
  until(
    'the attempt to end',
    () => attemptRow(reference),
    (a) => !['initiated', 'pending'].includes(a.state),
  );

describe('Zamtel Kwacha through Lenco', () => {
  it('is offered at checkout after MTN, and the shop collects it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(res.json()).toEqual({
      automatic: ['zamtel', 'creditCard'],
      offered: ['airtel', 'mtn', 'zamtel', 'creditCard'],
    });
  });

  it('approve: Lenco is asked for kwacha from the 0-number with operator zamtel; the read pays the order once', async () => {
    // Only a poll far away: the webhook is what makes the shop read at once.
    t.app.payments.timing.firstPollMs = 30_000;
    t.app.payments.timing.maxPollMs = 30_000;
    const orderId = await zamtelOrder();
    const res = await start(orderId);
    expect(res.statusCode).toBe(201);
    const attempt = res.json();
    expect(attempt).toMatchObject({
      provider: 'lenco',
      method: 'zamtel',
      phone: '+260951234567',
      amountNgwee: 12_345,
      currency: 'ZMW',
      state: 'pending',
    });
    const asked = simulator.state.payments.get(attempt.reference)!;
    expect(asked).toMatchObject({ provider: 'lenco', operator: 'zamtel', amountNgwee: 12_345, phone: '+260951234567' });
    await phone(attempt.reference, 'approve');
    const ended = await settled(attempt.reference);
    expect(ended).toMatchObject({ state: 'successful', flagged: false });
    expect(asked.callbacks.map((c) => c.result)).toEqual([200]);
    expect(await orderRow(orderId)).toMatchObject({ isPaid: true, paymentReference: ended.providerTransactionId });
    expect(await paidMails(orderId)).toHaveLength(1);
  });

  it('a Zamtel collection through Lenco goes back by hand (Lenco has no refund API): named, and asked like any refund', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const orderId = await zamtelOrder();
    const attempt = (await start(orderId)).json();
    await phone(attempt.reference, 'approve');
    await settled(attempt.reference);
    const view = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/refunds`, headers: admin.auth });
    expect(view.statusCode).toBe(200);
    expect(view.json().sources).toContainEqual(
      expect.objectContaining({ attemptId: attempt._id, provider: 'lenco', route: 'by-hand', refundableNgwee: 12_345 }),
    );
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin.auth,
      payload: { amountNgwee: 2_345, reason: 'One jar arrived broken', attemptId: attempt._id },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ provider: 'lenco', route: 'by-hand', amountNgwee: 2_345, state: 'requested' });
    // The two-admin rule holds for Lenco's by-hand refunds too: the asker cannot approve, a second admin does.
    const approve = (auth: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/refunds/${asked.json()._id}/approve`, headers: auth });
    expect((await approve(admin.auth)).statusCode).toBe(403);
    const second = await createUser(t, { isAdmin: true });
    const approved = await approve(second.auth);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ route: 'by-hand', state: 'successful' });
  });

  it('decline ends the attempt failed with Lenco reason; the order stays unpaid and can be tried again', async () => {
    const orderId = await zamtelOrder();
    const attempt = (await start(orderId)).json();
    await phone(attempt.reference, 'decline');
    expect(await settled(attempt.reference)).toMatchObject({ state: 'failed', failureReason: 'Not enough funds' });
    expect((await orderRow(orderId)).isPaid).toBe(false);
    expect((await start(orderId)).statusCode).toBe(201);
  });

  it('refuses a number of another network for a Zamtel order', async () => {
    const orderId = await zamtelOrder();
    const res = await start(orderId, '0961234567');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This is not a Zamtel number. Zamtel numbers start with 095 or 075; this one is MTN.',
    );
    expect(simulator.state.payments.size).toBe(0);
  });

  it('a successful read for another amount flags the attempt for an admin and does not pay the order', async () => {
    await behave({ phone: ZAMTEL_PHONE, amountDeltaNgwee: -100 });
    const orderId = await zamtelOrder();
    const attempt = (await start(orderId)).json();
    await phone(attempt.reference, 'approve');
    const ended = await settled(attempt.reference);
    expect(ended).toMatchObject({ state: 'successful', flagged: true });
    expect(ended.flagNote).toMatch(/^Collected K\s122\.45, but the order's total is K\s123\.45$/);
    expect((await orderRow(orderId)).isPaid).toBe(false);
  });

  it('Lenco 500 leaves the attempt initiated; once Lenco is back the poller asks again and the payment goes through', async () => {
    await behave({ phone: ZAMTEL_PHONE, answer: 'error-500' });
    const orderId = await zamtelOrder();
    const res = await start(orderId);
    expect(res.statusCode).toBe(201);
    expect(res.json().state).toBe('initiated');
    await behave({ phone: ZAMTEL_PHONE, answer: 'normal', outcome: 'approve' });
    expect(await settled(res.json().reference)).toMatchObject({ state: 'successful', flagged: false });
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });

  it('a slow Lenco (past our timeout) is asked again with the same reference: one collection, paid once', async () => {
    await behave({ phone: ZAMTEL_PHONE, answer: 'slow', slowMs: 1_500, outcome: 'approve' });
    const orderId = await zamtelOrder();
    const res = await start(orderId);
    expect(res.json().state).toBe('initiated');
    await behave({ phone: ZAMTEL_PHONE, answer: 'normal' });
    expect(await settled(res.json().reference)).toMatchObject({ state: 'successful' });
    expect(simulator.state.payments.size).toBe(1);
    expect(await paidMails(orderId)).toHaveLength(1);
  });

  it('never final: a prompt nobody answers expires on our clock, unpaid', async () => {
    t.app.payments.timing.expiryMs = 700;
    const orderId = await zamtelOrder();
    const attempt = (await start(orderId)).json();
    expect(await settled(attempt.reference)).toMatchObject({ state: 'expired' });
    expect((await orderRow(orderId)).isPaid).toBe(false);
  });
});

async function cardOrder(total = 123.45) {
  const order = await insertOrder(t, { user: customer.user, total });
  await t.app.db.update(orders).set({ paymentMethod: 'creditCard' }).where(eq(orders.id, order.id));
  return order.id;
}
/** What Lenco's popup does when the shopper submits the test card page (the simulator's stand-in). */
const widgetPay = (widget: { key: string; reference: string; amount: number }, outcome: string, amount?: number) =>
  simulator.app.inject({
    method: 'POST',
    url: '/lenco/widget/pay',
    payload: { ...widget, amount: amount ?? widget.amount, card: '4622 9431 2701 3705', outcome },
  });
const hint = (orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payments/read`, headers: customer.auth });

describe("a card in Lenco's widget", () => {
  it('approve: the attempt gives the widget our reference and the exact total; the read after its hint pays once', async () => {
    t.app.payments.timing.firstPollMs = 30_000;
    t.app.payments.timing.maxPollMs = 30_000;
    const orderId = await cardOrder();
    const res = await start(orderId, '');
    expect(res.statusCode).toBe(201);
    const started = res.json();
    expect(started).toMatchObject({ provider: 'lenco', method: 'creditCard', phone: '', state: 'pending' });
    expect(started.widget).toEqual({
      scriptUrl: `${simulator.url}/lenco/inline.js`,
      key: DEMO_LENCO.publicKey,
      reference: started.reference,
      amount: 123.45,
      currency: 'ZMW',
      email: customer.email,
      label: `Order ${orderReference(orderId)}`,
    });
    // Nothing was sent to Lenco: the widget starts the payment in the browser.
    expect(simulator.state.payments.size).toBe(0);
    expect((await widgetPay(started.widget, 'approve')).statusCode).toBe(200);
    // The hint reads now, or (a read within the callback gap) owes the poller a read at the gap's end.
    const read = await hint(orderId);
    expect(read.statusCode).toBe(200);
    expect(read.json().reference).toBe(started.reference);
    expect(await settled(started.reference)).toMatchObject({ state: 'successful', flagged: false });
    expect(reads(started.reference)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ isPaid: true });
    expect((await hint(orderId)).json().state).toBe('successful');
    expect(await paidMails(orderId)).toHaveLength(1);
  });

  it("the simulator serves a stand-in of Lenco's script (LencoPay.getPaid) and a test card page", async () => {
    const script = await simulator.app.inject({ method: 'GET', url: '/lenco/inline.js' });
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('window.LencoPay = { getPaid: getPaid }');
    const page = await simulator.app.inject({
      method: 'GET',
      url: '/lenco/widget?reference=r-1&amount=123.45&label=%3Cb%3E',
    });
    expect(page.body).toContain('Pay ZMW 123.45');
    expect(page.body).toContain('&lt;b&gt;');
    for (const outcome of ['approve', 'decline', '3ds', 'abandon'])
      expect(page.body).toContain(`data-outcome="${outcome}"`);
  });

  it('decline ends the attempt failed; the order stays unpaid', async () => {
    const orderId = await cardOrder();
    const started = (await start(orderId, '')).json();
    await widgetPay(started.widget, 'decline');
    expect(await settled(started.reference)).toMatchObject({ state: 'failed', failureReason: 'Card declined' });
    expect((await orderRow(orderId)).isPaid).toBe(false);
  });

  it('3-D Secure: the read says 3ds-auth-required (still pending) until the bank answers', async () => {
    const orderId = await cardOrder();
    const started = (await start(orderId, '')).json();
    await widgetPay(started.widget, '3ds');
    expect((await hint(orderId)).json().state).toBe('pending');
    await until(
      'a read',
      async () => reads(started.reference),
      (n) => n >= 2,
    );
    expect(await attemptRow(started.reference)).toMatchObject({ state: 'pending' });
    await phone(started.reference, 'approve');
    expect(await settled(started.reference)).toMatchObject({ state: 'successful', flagged: false });
  });

  it('abandon: Lenco never hears of it (not found); the attempt expires on our clock, unpaid', async () => {
    t.app.payments.timing.expiryMs = 700;
    const orderId = await cardOrder();
    const started = (await start(orderId, '')).json();
    await widgetPay(started.widget, 'abandon');
    expect((await hint(orderId)).json().state).toBe('pending');
    expect(await settled(started.reference)).toMatchObject({ state: 'expired' });
    expect((await orderRow(orderId)).isPaid).toBe(false);
  });

  it('a widget paid for another amount is flagged, not paid', async () => {
    const orderId = await cardOrder();
    const started = (await start(orderId, '')).json();
    await widgetPay(started.widget, 'approve', 1.0);
    const ended = await settled(started.reference);
    expect(ended).toMatchObject({ state: 'successful', flagged: true });
    expect((await orderRow(orderId)).isPaid).toBe(false);
  });

  it("the hint is the owner's only", async () => {
    const orderId = await cardOrder();
    await start(orderId, '');
    const other = await createUser(t);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payments/read`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
  });
});

describe("Lenco's webhooks", () => {
  it('a forged or unsigned webhook is refused with 401 and reads nothing', async () => {
    t.app.payments.timing.firstPollMs = 30_000;
    t.app.payments.timing.maxPollMs = 30_000;
    const orderId = await zamtelOrder();
    const attempt = (await start(orderId)).json();
    const before = reads(attempt.reference);
    expect((await webhook(attempt.reference, { forged: true })).json().result).toBe(401);
    expect((await webhook(attempt.reference, { unsigned: true })).json().result).toBe(401);
    // Signed with the right key, but the body changed on the way.
    const body = JSON.stringify({ event: 'collection.successful', data: { reference: attempt.reference } });
    const tampered = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lenco-Signature': lencoSignature(DEMO_LENCO.apiToken, body) },
      body: body.replace('successful', 'failed'),
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toEqual({ message: 'The webhook signature does not match' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads(attempt.reference)).toBe(before);
    expect(await attemptRow(attempt.reference)).toMatchObject({ state: 'pending' });
  });

  it("a signed webhook only makes the shop read: a 'successful' one for a pending collection pays nothing", async () => {
    t.app.payments.timing.firstPollMs = 30_000;
    t.app.payments.timing.maxPollMs = 30_000;
    const orderId = await zamtelOrder();
    const attempt = (await start(orderId)).json();
    const body = JSON.stringify({
      event: 'collection.successful',
      data: { reference: attempt.reference, status: 'successful', amount: '123.45', currency: 'ZMW' },
    });
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lenco-Signature': lencoSignature(DEMO_LENCO.apiToken, body) },
      body,
    });
    expect(res.status).toBe(200);
    await until(
      'the read',
      async () => reads(attempt.reference),
      (n) => n >= 1,
    );
    expect(await attemptRow(attempt.reference)).toMatchObject({ state: 'pending' });
    expect((await orderRow(orderId)).isPaid).toBe(false);
  });

  it('a replayed webhook after the payment changes nothing: paid once, one e-mail', async () => {
    const orderId = await zamtelOrder();
    const attempt = (await start(orderId)).json();
    await phone(attempt.reference, 'approve');
    await settled(attempt.reference);
    const paidAt = (await orderRow(orderId)).paidAt;
    const replays = await Promise.all([1, 2, 3].map(() => webhook(attempt.reference)));
    expect(replays.map((r) => r.json().result)).toEqual([200, 200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await orderRow(orderId)).paidAt).toEqual(paidAt);
    expect(await paidMails(orderId)).toHaveLength(1);
  });
});

describe('without Lenco settings', () => {
  it('Zamtel is not offered, and an order by Zamtel is refused', async () => {
    const plain = await createTestApp();
    try {
      const methods = await plain.app.inject({ method: 'GET', url: '/api/payments/methods' });
      expect(methods.json().offered).toEqual(['airtel', 'mtn', 'creditCard']);
      const shopper = await createUser(plain);
      const product = await insertProduct(plain, { price: 10 });
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.auth,
        payload: orderBody([{ product: product.id, quantity: 1, price: 10 }], { paymentMethod: 'zamtel' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Zamtel Kwacha is not offered by this shop: choose another way to pay');
    } finally {
      await plain.close();
    }
  });
});

describe("the content security policy and the card widget's origin", () => {
  const directive = (policy: unknown, name: string) =>
    String(policy)
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.split(' ')[0] === name);

  it('opens script-src and frame-src to the widget exactly on the pages that pay', async () => {
    const origin = new URL(simulator.url).origin;
    for (const url of ['/checkout/success?id=abc', '/account/orders/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const policy = res.headers['content-security-policy'];
      expect(directive(policy, 'script-src')?.split(' '), url).toContain(origin);
      expect(directive(policy, 'frame-src')?.split(' '), url).toContain(origin);
      expect(directive(policy, 'connect-src'), url).toBe("connect-src 'self'");
      expect(directive(policy, 'default-src'), url).toBe("default-src 'self'");
    }
  });

  it('leaves every other page, and the API, closed to it', async () => {
    for (const url of ['/', '/products', '/cart', '/checkout', '/account/orders', '/admin', '/api/payments/methods']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).not.toContain(simulator.url);
      expect(directive(res.headers['content-security-policy'], 'script-src'), url).toMatch(
        /^script-src 'self' 'sha256-/,
      );
    }
  });

  it("a phone-only payer gives the widget a no-reply address of the shop's own domain that names the order", async () => {
    const phoneOnly = await createUser(t);
    await t.app.db.update(users).set({ email: null, mobile: '+260955000123' }).where(eq(users.id, phoneOnly.user.id));
    const order = await insertOrder(t, { user: phoneOnly.user, total: 50 });
    await t.app.db.update(orders).set({ paymentMethod: 'creditCard' }).where(eq(orders.id, order.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: phoneOnly.auth,
      payload: { phone: '' },
    });
    expect(res.statusCode).toBe(201);
    const host = new URL(t.app.config.publicUrl).hostname;
    expect(res.json().widget.email).toBe(`no-email+${orderReference(order.id)}@${host}.invalid`);
  });
});
