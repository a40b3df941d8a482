import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { freePort } from '../../../../../scripts/local-server';
import type { AppConfig } from '../../../config';
import { orders, paymentAttempts, refunds } from '../../../db/schema';
import { createTestApp, createUser, startSecondInstance, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../orders/test/fixtures';
import { simulatorProviders } from '../../payments/test/simulator-providers';
import type { SimRefund } from '../../../../../simulators/state';
import { until } from '../../../test/until';

/**
 * Test-only: a shop (one instance, or two on one PostgreSQL) whose collections and refunds go through the
 * real simulator over HTTP, each instance running its refund sender with fast timings. Refund rows are
 * written the way the refunds service writes them (approved, our reference made first).
 */
export interface SendingShop {
  simulator: RunningSimulators;
  first: TestApp;
  /** Every instance, each running the refund sender its refunds plugin started. */
  apps: TestApp['app'][];
  customer: Awaited<ReturnType<typeof createUser>>;
  admin: Awaited<ReturnType<typeof createUser>>;
}

export function useSendingShop(instances: 1 | 2): SendingShop {
  const shop = { apps: [] } as unknown as SendingShop;
  let second: Awaited<ReturnType<typeof startSecondInstance>> | null = null;
  beforeAll(async () => {
    shop.simulator = await startSimulators();
    const port = await freePort();
    const callbackBase = `http://127.0.0.1:${port}/api/payments/callback`;
    const config: Partial<AppConfig> = {
      paymentProviders: simulatorProviders(shop.simulator.url, callbackBase),
      // One admin's word sends a refund (the maker-checker rule has its own tests).
      refundApproval: { kind: 'off' },
      // The refund sender (started by the refunds plugin) reads on these too: first 100 ms, then up to 300 ms apart, a look every 200 ms.
      paymentTiming: {
        firstPollMs: 100,
        maxPollMs: 200,
        tickMs: 50,
        leaseMs: 5_000,
        callbackGapMs: 200,
        latePollMaxMs: 300,
      },
    };
    shop.first = await createTestApp(config);
    shop.simulator.settle.airtelCallbackUrl = `${callbackBase}/airtel`;
    await shop.first.app.listen({ host: '127.0.0.1', port });
    second = instances === 2 ? await startSecondInstance(shop.first) : null;
    shop.apps = second ? [shop.first.app, second.app] : [shop.first.app];
    shop.customer = await createUser(shop.first);
    shop.admin = await createUser(shop.first, { isAdmin: true });
  }, 60_000);
  afterEach(() => shop.simulator.state.reset());
  afterAll(async () => {
    await second?.close();
    await shop.first?.close();
    await shop.simulator?.close();
  });
  return shop;
}

export { until };

export const PHONES = { mtn: '+260961234567', airtel: '+260971234567' } as const;

/** An order of `totalNgwee` paid through `method` from `phone`: the real collection the refund pays back. */
export async function paidOrder(
  shop: SendingShop,
  method: 'mtn' | 'airtel',
  totalNgwee: number,
  phone: string = PHONES[method],
) {
  const t = shop.first;
  const order = await insertOrder(t, { user: shop.customer.user, total: totalNgwee / 100 });
  await t.app.db.update(orders).set({ paymentMethod: method }).where(eq(orders.id, order.id));
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/payments`,
    headers: shop.customer.auth,
    payload: { phone },
  });
  if (started.statusCode !== 201) throw new Error(`payment ${started.statusCode}: ${started.body}`);
  const { reference } = started.json() as { reference: string };
  // Under load the request can time out and reach the provider only when the poller sends it again.
  await until(
    'the collection to reach the provider',
    async () => shop.simulator.state.payments.has(reference),
    (has) => has,
  );
  const approved = await shop.simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` });
  if (approved.statusCode !== 200) throw new Error(`approve ${approved.statusCode}: ${approved.body}`);
  const attempt = await until(
    'the collection to succeed',
    async () => (await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0],
    (a) => a.state === 'successful',
  );
  return { orderId: order.id, attempt };
}

type Attempt = typeof paymentAttempts.$inferSelect;

/** A refund as the refunds service records it once approved: our reference made, nothing sent yet. */
export async function approvedRefund(
  shop: SendingShop,
  attempt: Attempt,
  amountNgwee: number,
  change: Partial<typeof refunds.$inferInsert> = {},
) {
  const [row] = await shop.first.app.db
    .insert(refunds)
    .values({
      orderId: attempt.orderId,
      attemptId: attempt.id,
      route: attempt.provider === 'mtn' ? 'mtn-refund' : 'airtel-disbursement',
      reference: randomUUID(),
      phone: attempt.phone,
      amountNgwee,
      currency: attempt.currency,
      reason: 'The pot arrived broken',
      state: 'approved',
      requestedByName: 'Test Admin',
      approvedAt: new Date(),
      ...change,
    })
    .returning();
  return row;
}

export const refundRow = async (shop: SendingShop, id: string) =>
  (await shop.first.app.db.select().from(refunds).where(eq(refunds.id, id)))[0];

export const ended = (shop: SendingShop, id: string, ms?: number) =>
  until(
    'the refund to end',
    () => refundRow(shop, id),
    (r) => r.state === 'successful' || r.state === 'failed',
    ms,
  );

export const atSimulator = (shop: SendingShop, reference: string): SimRefund | undefined =>
  shop.simulator.state.refunds.get(reference);

export async function behave(shop: SendingShop, body: Record<string, unknown>) {
  const res = await shop.simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body });
  if (res.statusCode !== 200) throw new Error(`behaviour ${res.statusCode}: ${res.body}`);
}
