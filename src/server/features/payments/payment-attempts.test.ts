import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../app';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AIRTEL, DEMO_MTN, startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { mailMessages, orders, paymentAttempts } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertOrder } from '../orders/test/fixtures';
import { formatKwacha } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';

/**
 * Payment attempts end to end: the shop listens on 127.0.0.1, the real simulator answers its clients
 * and calls its callback routes over HTTP, the poller runs with fast timings.
 */
let simulator: RunningSimulators;
let t: TestApp;
let customer: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let shopUrl: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const TIMING = { expiryMs: 60_000, firstPollMs: 150, maxPollMs: 400, tickMs: 50, leaseMs: 5_000 };

beforeAll(async () => {
  simulator = await startSimulators();
  const port = await freePort();
  shopUrl = `http://127.0.0.1:${port}`;
  const callbackBase = `${shopUrl}/api/payments/callback`;
  t = await createTestApp({
    paymentProviders: {
      mtn: {
        baseUrl: simulator.url,
        apiUser: DEMO_MTN.apiUser,
        apiKey: DEMO_MTN.apiKey,
        subscriptionKey: DEMO_MTN.subscriptionKey,
        targetEnvironment: DEMO_MTN.targetEnvironment,
        currency: 'ZMW',
        callbackUrl: `${callbackBase}/mtn`,
        timeoutMs: 2_000,
      },
      airtel: {
        baseUrl: simulator.url,
        clientId: DEMO_AIRTEL.clientId,
        clientSecret: DEMO_AIRTEL.clientSecret,
        country: 'ZM',
        currency: 'ZMW',
        callbackUrl: `${callbackBase}/airtel`,
        timeoutMs: 2_000,
      },
    },
    paymentTiming: TIMING,
  });
  simulator.settle.airtelCallbackUrl = `${callbackBase}/airtel`;
  await t.app.listen({ host: '127.0.0.1', port });
  customer = await createUser(t);
  admin = await createUser(t, { isAdmin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});
afterEach(() => {
  simulator.state.reset();
  Object.assign(t.app.payments.timing, TIMING);
});

const MTN_PHONE = '096 123 4567';
const AIRTEL_PHONE = '0971234567';

async function newOrder(method: 'mtn' | 'airtel' = 'mtn', total = 123.45) {
  const order = await insertOrder(t, { user: customer.user, total });
  if (method !== 'mtn') await t.app.db.update(orders).set({ paymentMethod: method }).where(eq(orders.id, order.id));
  return order.id;
}
const start = (orderId: string, phone = MTN_PHONE, auth = customer.auth) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payments`, headers: auth, payload: { phone } });
const attemptsOf = (orderId: string, auth = customer.auth) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/payments`, headers: auth });
const phone = (reference: string, action: 'approve' | 'decline' | 'wrong-pin') =>
  simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/${action}` });
const behave = (body: object) => simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body });
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0];
const attemptRow = async (reference: string) =>
  (await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0];
/** The "payment received" e-mails of one order to its customer. */
const paidMails = async (orderId: string) =>
  (
    await t.app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'order-paid'), eq(mailMessages.toAddress, customer.email)))
  ).filter((m) => m.subject.includes(`#${orderReference(orderId)}`));

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

describe('paying an order by mobile money through the simulator', () => {
  it('approve: the attempt is successful, the order paid once, one "payment received" e-mail', async () => {
    const orderId = await newOrder('mtn');
    const res = await start(orderId);
    expect(res.statusCode).toBe(201);
    const attempt = res.json();
    expect(attempt).toMatchObject({
      provider: 'mtn',
      phone: '+260961234567',
      amountNgwee: 12_345,
      currency: 'ZMW',
      state: 'pending',
    });
    expect((await orderRow(orderId)).isPaid).toBe(false);
    expect((await phone(attempt.reference, 'approve')).statusCode).toBe(200);
    const ended = await settled(attempt.reference);
    expect(ended).toMatchObject({ state: 'successful', flagged: false });
    expect(ended.providerTransactionId).toMatch(/\d/);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ isPaid: true, paymentReference: ended.providerTransactionId });
    // Later callbacks and polls change nothing more.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await orderRow(orderId)).paidAt).toEqual(order.paidAt);
    expect((await paidMails(orderId)).map((m) => m.subject)).toEqual([
      `Order #${orderReference(orderId)}: payment received`,
    ]);
    const list = (await attemptsOf(orderId)).json();
    expect(list.map((a: { state: string }) => a.state)).toEqual(['successful']);
  });

  it('decline and wrong PIN end the attempt failed with the reason; the order stays unpaid and can be tried again', async () => {
    const mtnOrder = await newOrder('mtn');
    const airtelOrder = await newOrder('airtel');
    const declined = (await start(mtnOrder)).json();
    const wrongPin = (await start(airtelOrder, AIRTEL_PHONE)).json();
    expect(wrongPin).toMatchObject({ provider: 'airtel', phone: '+260971234567', state: 'pending' });
    await phone(declined.reference, 'decline');
    await phone(wrongPin.reference, 'wrong-pin');
    expect(await settled(declined.reference)).toMatchObject({ state: 'failed', failureReason: 'APPROVAL_REJECTED' });
    expect(await settled(wrongPin.reference)).toMatchObject({
      state: 'failed',
      failureReason: 'Incorrect PIN entered',
    });
    expect((await orderRow(mtnOrder)).isPaid).toBe(false);
    expect((await orderRow(airtelOrder)).isPaid).toBe(false);
    expect((await start(mtnOrder)).statusCode).toBe(201);
  });

  it('Airtel approve pays the order (its status read reports no amount: the amount asked is what counts)', async () => {
    const orderId = await newOrder('airtel', 80);
    const attempt = (await start(orderId, '+260 77 123 4567')).json();
    await phone(attempt.reference, 'approve');
    expect(await settled(attempt.reference)).toMatchObject({ state: 'successful', flagged: false });
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });

  it('expiry: a prompt nobody answers ends expired after the expiry time, and the order stays unpaid', async () => {
    t.app.payments.timing.expiryMs = 700;
    const orderId = await newOrder('mtn');
    const attempt = (await start(orderId)).json();
    const ended = await settled(attempt.reference);
    expect(ended).toMatchObject({ state: 'expired', failureReason: 'The payment was not approved in time' });
    expect(ended.endedAt!.getTime() - ended.createdAt.getTime()).toBeGreaterThanOrEqual(600);
    expect((await orderRow(orderId)).isPaid).toBe(false);
  });

  it('duplicate callbacks pay once and record one e-mail', async () => {
    await behave({ phone: MTN_PHONE, callback: 'twice' });
    const orderId = await newOrder('mtn');
    const attempt = (await start(orderId)).json();
    await phone(attempt.reference, 'approve');
    await settled(attempt.reference);
    await until(
      'both callbacks',
      async () => simulator.state.payments.get(attempt.reference)!.callbacks.length,
      (n) => n === 2,
    );
    expect(simulator.state.payments.get(attempt.reference)!.callbacks.map((c) => c.result)).toEqual([200, 200]);
    expect((await orderRow(orderId)).isPaid).toBe(true);
    expect(await paidMails(orderId)).toHaveLength(1);
  });

  it('a lost callback: the poller reads the status and pays the order', async () => {
    await behave({ phone: MTN_PHONE, callback: 'never' });
    const orderId = await newOrder('mtn');
    const attempt = (await start(orderId)).json();
    await phone(attempt.reference, 'approve');
    expect(simulator.state.payments.get(attempt.reference)!.callbacks).toEqual([]);
    expect(await settled(attempt.reference)).toMatchObject({ state: 'successful' });
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });

  it('forged callbacks change nothing: an unknown reference, and a known one still pending, both answer 200', async () => {
    t.app.payments.timing.firstPollMs = 60_000;
    const orderId = await newOrder('mtn');
    const attempt = (await start(orderId)).json();
    const unknown = randomUUID();
    for (const [method, provider, body] of [
      ['PUT', 'mtn', { externalId: unknown, status: 'SUCCESSFUL', amount: '123.45', currency: 'ZMW' }],
      ['POST', 'airtel', { transaction: { id: unknown, status_code: 'TS' } }],
      [
        'PUT',
        'mtn',
        {
          externalId: attempt.reference,
          status: 'SUCCESSFUL',
          amount: '123.45',
          currency: 'ZMW',
          financialTransactionId: '1',
        },
      ],
      ['POST', 'mtn', 'not an object'],
    ] as const) {
      const res = await fetch(`${shopUrl}/api/payments/callback/${provider}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    }
    expect(await attemptRow(attempt.reference)).toMatchObject({ state: 'pending', providerTransactionId: null });
    expect((await orderRow(orderId)).isPaid).toBe(false);
    const tooBig = await fetch(`${shopUrl}/api/payments/callback/mtn`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(20_000) }),
    });
    expect(tooBig.status).toBe(413);
  });

  it('200 forged callbacks at once cost a read per gap at the simulator, and a genuine approval is still recorded', async () => {
    // The poller alone would not read again within the test: every read here is a callback's.
    Object.assign(t.app.payments.timing, { firstPollMs: 60_000, maxPollMs: 60_000 });
    const gapMs = t.app.payments.timing.callbackGapMs;
    const orderId = await newOrder('mtn');
    const attempt = (await start(orderId)).json();
    const readsAtSimulator = async () => {
      const { requests } = (await simulator.app.inject({ method: 'GET', url: '/_sim/requests' })).json() as {
        requests: { reference: string; statusReads: number }[];
      };
      return requests.find((r) => r.reference === attempt.reference)!.statusReads;
    };
    expect(await readsAtSimulator()).toBe(0);
    const forged = JSON.stringify({
      externalId: attempt.reference,
      status: 'SUCCESSFUL',
      amount: '123.45',
      currency: 'ZMW',
      financialTransactionId: '1',
    });
    const began = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${shopUrl}/api/payments/callback/mtn`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: forged,
        }),
      ),
    );
    const burstMs = Date.now() - began;
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 200 }, () => 200));
    // The one read the burst still owes, at its gap's end.
    await until(
      'the owed read',
      () => attemptRow(attempt.reference),
      (a) => !a.callbackOwed && a.leaseUntil === null,
      gapMs * 3 + 8_000,
    );
    // One read now, one per gap the burst lasted (a loaded machine stretches it), one owed at the end.
    const reads = await readsAtSimulator();
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2 + Math.floor(burstMs / gapMs));
    expect(await attemptRow(attempt.reference)).toMatchObject({ state: 'pending', providerTransactionId: null });

    await phone(attempt.reference, 'approve');
    expect(await settled(attempt.reference)).toMatchObject({ state: 'successful' });
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });

  it('a different amount is flagged for an admin, and the order is not paid', async () => {
    await behave({ phone: MTN_PHONE, amountDeltaNgwee: -100 });
    const orderId = await newOrder('mtn');
    const attempt = (await start(orderId)).json();
    await phone(attempt.reference, 'approve');
    const ended = await settled(attempt.reference);
    expect(ended).toMatchObject({
      state: 'successful',
      flagged: true,
      flagNote: `Collected ${formatKwacha(122.45)}, but the order's total is ${formatKwacha(123.45)}`,
    });
    expect((await orderRow(orderId)).isPaid).toBe(false);
    const shown = (await attemptsOf(orderId, admin.auth)).json();
    expect(shown[0]).toMatchObject({ flagged: true, state: 'successful' });
  });

  it('provider 500 on the request: the attempt is kept and, once the provider recovers, asked again with the same reference', async () => {
    await behave({ phone: MTN_PHONE, answer: 'error-500' });
    const orderId = await newOrder('mtn');
    const res = await start(orderId);
    expect(res.statusCode).toBe(201);
    const attempt = res.json();
    expect(attempt.state).toBe('initiated');
    expect(simulator.state.payments.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await attemptRow(attempt.reference)).state).toBe('initiated');
    await behave({ phone: MTN_PHONE, answer: 'normal' });
    await until(
      'the request to arrive',
      async () => simulator.state.payments.get(attempt.reference),
      (p) => p !== undefined,
    );
    await until(
      'pending',
      () => attemptRow(attempt.reference),
      (a) => a.state === 'pending',
    );
    await phone(attempt.reference, 'approve');
    expect(await settled(attempt.reference)).toMatchObject({ state: 'successful' });
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });

  it('cancelling an order ends its live attempt; a later approval does not pay it', async () => {
    const orderId = await newOrder('mtn');
    const attempt = (await start(orderId)).json();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/status`,
      headers: admin.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await attemptRow(attempt.reference)).toMatchObject({
      state: 'failed',
      failureReason: 'The order was cancelled',
    });
    await phone(attempt.reference, 'approve');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await orderRow(orderId)).isPaid).toBe(false);
    expect((await start(orderId)).json()).toEqual({ message: 'A cancelled order cannot be paid' });
  });

  it('a second start while one is live joins it; a paid order refuses a new attempt', async () => {
    const orderId = await newOrder('mtn');
    const [first, second] = await Promise.all([start(orderId), start(orderId, '0761234567')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().reference).toBe(second.json().reference);
    expect((await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId))).length).toBe(1);
    await phone(first.json().reference, 'approve');
    await settled(first.json().reference);
    const again = await start(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order has already been paid' });
  });

  it('refuses what it cannot start, with clear messages', async () => {
    const orderId = await newOrder('mtn');
    const airtelNumber = await start(orderId, AIRTEL_PHONE);
    expect(airtelNumber.statusCode).toBe(400);
    expect(airtelNumber.json().message).toMatch(/^This is not an MTN number/);
    expect((await start(orderId, '12345')).statusCode).toBe(400);
    const other = await createUser(t);
    expect((await start(orderId, MTN_PHONE, other.auth)).statusCode).toBe(404);
    expect((await attemptsOf(orderId, other.auth)).statusCode).toBe(404);
    expect((await start(randomUUID())).statusCode).toBe(404);
    const card = await newOrder('mtn');
    await t.app.db.update(orders).set({ paymentMethod: 'creditCard' }).where(eq(orders.id, card));
    expect((await start(card)).json()).toEqual({
      message: 'Card payment is not available here; we send you a payment link',
    });
    expect(await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId))).toEqual([]);
  });
});

describe('the methods the shop collects by itself', () => {
  it('names each configured provider to anyone, so checkout knows which orders get a prompt on the phone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(res.statusCode).toBe(200);
    // Zamtel is not offered: no provider collects it (it has no by-hand way).
    expect(res.json()).toEqual({ automatic: ['airtel', 'mtn'], offered: ['airtel', 'mtn', 'creditCard'] });
  });
});

describe('two instances on one database', () => {
  it(
    'poll together and settle each attempt once: every order paid once, one e-mail each',
    { timeout: 60_000 },
    async () => {
      const second = await buildApp({ config: t.config, database: t.database, logger: false });
      await second.ready();
      try {
        // Every request is approved as it arrives, also one the shop asks again after a request timed out
        // on a busy machine; no callbacks, so only the two pollers settle them.
        await behave({ callback: 'never', outcome: 'approve', afterSeconds: 0 });
        const orderIds = await Promise.all(Array.from({ length: 20 }, () => newOrder('mtn', 42)));
        const started = await Promise.all(orderIds.map((id) => start(id)));
        expect(started.map((r) => r.statusCode)).toEqual(orderIds.map(() => 201));
        await until(
          'every order paid',
          async () =>
            (await t.app.db.select().from(orders).where(inArray(orders.id, orderIds))).filter((o) => o.isPaid).length,
          (n) => n === orderIds.length,
          40_000,
        );
        // Both instances' pollers were running; let any late double settle show itself.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const attempts = await t.app.db
          .select()
          .from(paymentAttempts)
          .where(inArray(paymentAttempts.orderId, orderIds));
        expect(attempts.map((a) => a.state)).toEqual(orderIds.map(() => 'successful'));
        for (const id of orderIds) expect(await paidMails(id)).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});

describe('the MTN sandbox (EUR only)', () => {
  it('a ZMW order collected in EUR is flagged, not paid', async () => {
    const sandbox = await startSimulators({ mtn: { currency: 'EUR', targetEnvironment: 'sandbox' } });
    const app = await createTestApp({
      paymentProviders: {
        mtn: {
          baseUrl: sandbox.url,
          apiUser: DEMO_MTN.apiUser,
          apiKey: DEMO_MTN.apiKey,
          subscriptionKey: DEMO_MTN.subscriptionKey,
          targetEnvironment: 'sandbox',
          currency: 'EUR',
          timeoutMs: 2_000,
        },
      },
      paymentTiming: TIMING,
    });
    try {
      const owner = await createUser(app);
      const order = await insertOrder(app, { user: owner.user, total: 10 });
      const res = await app.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/payments`,
        headers: owner.auth,
        payload: { phone: MTN_PHONE },
      });
      expect(res.json()).toMatchObject({ state: 'pending', currency: 'EUR' });
      await sandbox.app.inject({ method: 'POST', url: `/_sim/requests/${res.json().reference}/approve` });
      const ended = await until(
        'the attempt to end',
        async () => (await app.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id)))[0],
        (a) => a.state !== 'pending',
      );
      expect(ended).toMatchObject({
        state: 'successful',
        flagged: true,
        flagNote: 'Collected in EUR, but the order is in ZMW',
      });
      expect((await app.app.db.select().from(orders).where(eq(orders.id, order.id)))[0].isPaid).toBe(false);
    } finally {
      await app.close();
      await sandbox.close();
    }
  });
});

describe('without provider settings', () => {
  it('answers 409 "pay manually", and the admin can still mark the order paid by hand', async () => {
    const bare = await createTestApp();
    try {
      const owner = await createUser(bare);
      const staff = await createUser(bare, { isAdmin: true });
      const order = await insertOrder(bare, { user: owner.user, total: 50 });
      const methods = await bare.app.inject({ method: 'GET', url: '/api/payments/methods' });
      expect(methods.json()).toEqual({ automatic: [], offered: ['airtel', 'mtn', 'creditCard'] });
      const res = await bare.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/payments`,
        headers: owner.auth,
        payload: { phone: MTN_PHONE },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Mobile money payment is not available; pay manually' });
      const marked = await bare.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}/pay`,
        headers: staff.auth,
        payload: { paymentReference: 'MP123' },
      });
      expect(marked.json()).toMatchObject({ isPaid: true });
    } finally {
      await bare.close();
    }
  });
});
