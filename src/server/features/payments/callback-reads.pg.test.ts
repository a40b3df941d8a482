import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MTN, startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { freePort } from '../../../../scripts/local-server';
import { orders, paymentAttempts } from '../../db/schema';
import { createUser, useTwoInstances, type TestApp } from '../../test/test-app';
import { insertOrder } from '../orders/test/fixtures';

/**
 * Forged callbacks spread over two instances on one PostgreSQL still cost a read per gap: the claim that
 * lets a callback read is a column of the attempt, not an instance's memory (npm run test:pg).
 */
const simulator: RunningSimulators = await startSimulators();
const port = await freePort();
const callbackUrl = `http://127.0.0.1:${port}/api/payments/callback/mtn`;
const GAP_MS = 2_000;
const pair = useTwoInstances({
  paymentProviders: {
    mtn: {
      baseUrl: simulator.url,
      apiUser: DEMO_MTN.apiUser,
      apiKey: DEMO_MTN.apiKey,
      subscriptionKey: DEMO_MTN.subscriptionKey,
      targetEnvironment: DEMO_MTN.targetEnvironment,
      currency: 'ZMW',
      callbackUrl,
      timeoutMs: 5_000,
    },
  },
  // The pollers alone would not read again within the test: every read here is a callback's.
  paymentTiming: { firstPollMs: 60_000, maxPollMs: 60_000, tickMs: 50, leaseMs: 10_000, callbackGapMs: GAP_MS },
});
beforeAll(async () => {
  await pair.first.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await simulator.close();
});

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('payment callbacks on two instances', () => {
  it('200 forged callbacks over both instances cost a read per gap at the simulator; a genuine approval still pays the order', async () => {
    const customer = await createUser(pair.first);
    const order = await insertOrder(pair.first, { user: customer.user, total: 55 });
    const started = await pair.first.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: customer.auth,
      payload: { phone: '096 123 4567' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = started.json() as { reference: string };
    const attemptRow = async () =>
      (await pair.first.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0];
    const readsAtSimulator = async () => {
      const { requests } = (await simulator.app.inject({ method: 'GET', url: '/_sim/requests' })).json() as {
        requests: { reference: string; statusReads: number }[];
      };
      return requests.find((r) => r.reference === reference)!.statusReads;
    };

    const forged = {
      externalId: reference,
      status: 'SUCCESSFUL',
      amount: '55.00',
      currency: 'ZMW',
      financialTransactionId: '1',
    };
    const instance = (i: number): TestApp['app'] => (i % 2 === 0 ? pair.first.app : pair.second.app);
    const began = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        instance(i).inject({ method: 'PUT', url: '/api/payments/callback/mtn', payload: forged }),
      ),
    );
    const burstMs = Date.now() - began;
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 200 }, () => 200));
    await until('the owed read', attemptRow, (a) => !a.callbackOwed && a.leaseUntil === null, GAP_MS * 3 + 8_000);
    const reads = await readsAtSimulator();
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2 + Math.floor(burstMs / GAP_MS));
    expect(await attemptRow()).toMatchObject({ state: 'pending', providerTransactionId: null });

    // The phone approves; the simulator's callback reaches the first instance over HTTP.
    expect(
      (await simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` })).statusCode,
    ).toBe(200);
    await until('the attempt to end', attemptRow, (a) => a.state !== 'pending', GAP_MS + 10_000);
    expect(await attemptRow()).toMatchObject({ state: 'successful', flagged: false });
    const [paid] = await pair.second.app.db
      .select({ isPaid: orders.isPaid })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(paid.isPaid).toBe(true);
  });
});
