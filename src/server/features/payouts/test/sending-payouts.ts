import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DEMO_AFRICASTALKING, startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import type { SimRefund } from '../../../../../simulators/state';
import type { AppConfig } from '../../../config';
import { payouts } from '../../../db/schema';
import { createTestApp, createUser, startSecondInstance, type TestApp } from '../../../test/test-app';
import { until } from '../../../test/until';
import { simulatorProviders } from '../../payments/test/simulator-providers';
import type { MobileNetwork } from '../../../../shared/phone-numbers';
import { insertMember, madeBy, soldAndHandedOver, type MemberRow } from './owed-shares';

/**
 * Test-only: a shop (one instance, or two on one PostgreSQL) whose payouts go through the real simulator
 * over HTTP (MTN's transfer, Airtel's disbursement, Lenco's transfer for Zamtel) and whose texts reach the
 * simulator's SMS API, each instance running its payout sender with fast timings.
 */
export interface SendingPayouts {
  simulator: RunningSimulators;
  first: TestApp;
  apps: TestApp['app'][];
  maker: Awaited<ReturnType<typeof createUser>>;
  checker: Awaited<ReturnType<typeof createUser>>;
  customer: Awaited<ReturnType<typeof createUser>>;
}

export function useSendingPayouts(instances: 1 | 2): SendingPayouts {
  const shop = { apps: [] } as unknown as SendingPayouts;
  let second: Awaited<ReturnType<typeof startSecondInstance>> | null = null;
  beforeAll(async () => {
    shop.simulator = await startSimulators();
    const config: Partial<AppConfig> = {
      paymentProviders: simulatorProviders(shop.simulator.url, undefined),
      // The payout sender reads on the payments' timing: a look every 200 ms, reads 100 to 300 ms apart.
      paymentTiming: { firstPollMs: 100, maxPollMs: 200, tickMs: 50, leaseMs: 5_000, latePollMaxMs: 300 },
      sms: { provider: 'africastalking', ...DEMO_AFRICASTALKING, baseUrl: shop.simulator.url, timeoutMs: 5_000 },
    };
    shop.first = await createTestApp(config);
    second = instances === 2 ? await startSecondInstance(shop.first) : null;
    shop.apps = second ? [shop.first.app, second.app] : [shop.first.app];
    shop.maker = await createUser(shop.first, { isAdmin: true, name: 'Mutale Maker' });
    shop.checker = await createUser(shop.first, { isAdmin: true, name: 'Chanda Checker' });
    shop.customer = await createUser(shop.first, { name: 'Natasha Customer' });
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

/** A member on `network` owed `ngwee` (all of a product's net price: its makers' percent is 100). */
export async function owedMember(shop: SendingPayouts, network: MobileNetwork, ngwee: number, name = 'Test Maker') {
  const t = shop.first;
  const member = await insertMember(t, { name, network });
  const product = await madeBy(t, {
    name: `${name}'s jar`,
    price: ngwee / 100,
    makers: [{ member }],
    makersPercent: 100,
  });
  await soldAndHandedOver(t, { customer: shop.customer, admin: shop.maker }, [{ product, quantity: 1 }]);
  return member;
}

async function call(shop: SendingPayouts, method: 'POST' | 'PUT', url: string, who: { auth: Record<string, string> }) {
  const res = await shop.first.app.inject({ method, url, headers: who.auth, payload: {} });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A run proposed by one admin and approved by another: the payout of each member asked for. */
export async function approvedPayouts(shop: SendingPayouts, wanted: MemberRow[]) {
  const run = await call(shop, 'POST', '/api/payouts/runs', shop.maker);
  await call(shop, 'PUT', `/api/payouts/runs/${run._id}/approve`, shop.checker);
  return wanted.map((member) => {
    const payout = run.payouts.find((p: { member: { _id: string } }) => p.member._id === member.id);
    if (!payout) throw new Error(`${member.name} is not in the run`);
    return payout as { _id: string; reference: string; route: string; amountNgwee: number };
  });
}

/** A run proposed and left waiting (its payouts proposed), for a test to put a payout where a crash leaves one. */
export const proposedRun = (shop: SendingPayouts) => call(shop, 'POST', '/api/payouts/runs', shop.maker);

export const payoutRow = async (shop: SendingPayouts, id: string) =>
  (await shop.first.app.db.select().from(payouts).where(eq(payouts.id, id)))[0];

export const ended = (shop: SendingPayouts, id: string, ms?: number) =>
  until(
    'the payout to end',
    () => payoutRow(shop, id),
    (p) => p.state === 'successful' || p.state === 'failed',
    ms,
  );

export const atSimulator = (shop: SendingPayouts, reference: string): SimRefund | undefined =>
  shop.simulator.state.refunds.get(reference);

/** The member's wallet as the simulator's control route shows it: balance, transfers, texts. */
export async function wallet(shop: SendingPayouts, member: MemberRow) {
  const res = await shop.simulator.app.inject({ method: 'GET', url: `/_sim/wallets/${member.mobile}` });
  return res.json() as { balanceNgwee: number; received: { kind: string }[]; texts: { text: string }[] };
}

export async function behave(shop: SendingPayouts, body: Record<string, unknown>) {
  const res = await shop.simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body });
  if (res.statusCode !== 200) throw new Error(`behaviour ${res.statusCode}: ${res.body}`);
}
