import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { freePort } from '../../../../scripts/local-server';
import { openDatabaseProbe } from '../../test/database-probe';
import { killWhen, waitUntil } from '../../test/kill-and-restart';
import { tempFolder, type ShopProcess } from '../../test/shop-process';
import {
  behave,
  cleanUpPaymentRuns,
  placeAndPay,
  startPayingShop,
  startSimulator,
  waitUntilEveryAttemptEnded,
} from '../payments/test/crash-run';
import type { RunningSimulators } from '../../../../simulators/server';

/**
 * Refunds survive kill -9 of the real shop on PostgreSQL (docs/decisions/032-refunds-sent-once.md): the
 * shop is killed while refund sends are on their way to the simulator, then started again (or a second
 * shop carries on). Every refund ends successful, its money moved once, and every request the simulator
 * received was counted in send_count first: a send without its committed count (the row marked sent
 * after the request rather than before) would show as more sends received than counted.
 */
afterAll(cleanUpPaymentRuns);

const N = 16;

async function refundProbe(url: string) {
  const probe = await openDatabaseProbe(url);
  return {
    ...probe,
    /** A send on its way: a refund marked sent and not yet accepted, seen twice 50 ms apart (a slow send, so the kill lands in it). */
    sendInFlight: async () => {
      const inFlight = async () =>
        new Set(
          (await probe.rows<{ id: string }>("select id from refunds where state = 'sent' and accepted_at is null")).map(
            (r) => r.id,
          ),
        );
      const first = await inFlight();
      if (first.size === 0) return false;
      await new Promise((r) => setTimeout(r, 50));
      return [...(await inFlight())].some((id) => first.has(id));
    },
    states: async () =>
      Object.fromEntries(
        (await probe.rows<{ state: string; n: string }>('select state, count(*) as n from refunds group by state')).map(
          (r) => [r.state, Number(r.n)],
        ),
      ),
  };
}

/** Paid orders, then an approved refund of each whole collection, written as the refunds service writes one. */
async function paidAndRefunding(
  simulator: RunningSimulators,
  shop: ShopProcess,
  probe: Awaited<ReturnType<typeof refundProbe>>,
) {
  // MTN and Airtel only: Lenco (Zamtel, cards) has no refund API, its refunds are by hand.
  const payers = await placeAndPay(shop.base, N, {
    methods: ['mtn', 'airtel'],
    before: (i, phone) => behave(simulator, { phone, outcome: 'approve', afterSeconds: i % 2 }),
  });
  await waitUntilEveryAttemptEnded(shop.base, payers, 30_000);
  // Half the wallets answer slowly (sends and reads take 0.7 s), a quarter end their refund only after 1.5 s.
  for (const [i, payer] of payers.entries()) {
    await behave(simulator, {
      phone: payer.phone,
      ...(i % 2 ? { answer: 'slow', slowMs: 700 } : {}),
      ...(i % 4 === 2 ? { refundAfterMs: 1_500 } : {}),
    });
  }
  await probe.rows(`insert into refunds (order_id, attempt_id, route, reference, phone, amount_ngwee, currency, reason, state, requested_by_name, approved_at)
    select order_id, id, case provider when 'mtn' then 'mtn-refund' else 'airtel-disbursement' end, gen_random_uuid(), phone, amount_ngwee, currency,
      'Crash test', 'approved', 'Test Admin', now()
    from payment_attempts where state = 'successful'`);
  expect(await probe.count('select count(*) as n from refunds')).toBe(N);
}

/** Every refund successful, money moved once, no request received that was not counted first, one end each. */
async function expectSentOnce(simulator: RunningSimulators, probe: Awaited<ReturnType<typeof refundProbe>>) {
  const ended = await waitUntil(
    async () => (await probe.count("select count(*) as n from refunds where state = 'successful'")) === N,
    60_000,
    250,
  );
  expect(ended, JSON.stringify(await probe.states())).toBe(true);
  const rows = await probe.rows<{ id: string; reference: string; send_count: number; provider_transaction_id: string }>(
    'select id, reference, send_count, provider_transaction_id from refunds',
  );
  for (const row of rows) {
    const atProvider = simulator.state.refunds.get(row.reference)!;
    expect(atProvider, row.reference).toBeDefined();
    expect(atProvider.moneyMoved, row.reference).toBe(1);
    expect(atProvider.sendsReceived, `${row.reference}: sends received, counted ${row.send_count}`).toBeLessThanOrEqual(
      row.send_count,
    );
    expect(row.provider_transaction_id).toBe(atProvider.providerTransactionId);
  }
  // settleRefund writes one audit line per ended refund: each ended once.
  expect(await probe.count("select count(*) as n from audit_events where action = 'refund.successful'")).toBe(N);
  return {
    sendCounts: rows.map((r) => r.send_count).join(','),
    sends: rows.reduce((sum, r) => sum + r.send_count, 0),
    sendsReceived: [...simulator.state.refunds.values()].reduce((sum, r) => sum + r.sendsReceived, 0),
    duplicatesRefused: [...simulator.state.refunds.values()].filter((r) => r.sendsReceived > 1).length,
  };
}

describe('refunds survive kill -9 of the real shop on PostgreSQL', () => {
  it('one shop killed while sends are on their way: after the restart every refund ends, its money moved once', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_refund_crash');
    const probe = await refundProbe(database.url);
    try {
      const simulator = await startSimulator();
      const port = await freePort();
      simulator.settle.airtelCallbackUrl = `http://127.0.0.1:${port}/api/payments/callback/airtel`;
      const env = { DATA_DIR: tempFolder('coop-refund-crash-'), DATABASE_URL: database.url };
      const first = await startPayingShop(simulator, env, port);
      await paidAndRefunding(simulator, first, probe);
      const landed = await killWhen(first, probe.sendInFlight, 15_000);
      expect(landed, 'the kill came while a send was on its way').toBe(true);
      const atKill = await probe.states();
      // A send the dead shop had counted is still "sent, not accepted": the restart reads it, and sends it
      // again with the same reference only if the provider never received it.
      expect(
        await probe.count("select count(*) as n from refunds where state = 'sent' and accepted_at is null"),
      ).toBeGreaterThan(0);
      const second = await startPayingShop(simulator, env, port);
      const outcome = await expectSentOnce(simulator, probe);
      console.info('PostgreSQL kill -9 with refunds on their way:', { atKill, ...outcome });
      await second.stop();
    } finally {
      await probe.close();
      await database.drop();
    }
  }, 150_000);

  it('two shops send together, one is killed mid-send: the other finishes its refunds once the lease runs out', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_refund_pair');
    const probe = await refundProbe(database.url);
    try {
      const simulator = await startSimulator();
      const portA = await freePort();
      simulator.settle.airtelCallbackUrl = `http://127.0.0.1:${portA}/api/payments/callback/airtel`;
      const shared = { DATABASE_URL: database.url, JWT_SECRET: 'pair-test-secret-0123456789abcdef0123' };
      const a = await startPayingShop(simulator, { ...shared, DATA_DIR: tempFolder('coop-refund-crash-') }, portA);
      const b = await startPayingShop(simulator, {
        ...shared,
        DATA_DIR: tempFolder('coop-refund-crash-'),
        SEED_DEMO: 'false',
      });
      await paidAndRefunding(simulator, a, probe);
      expect(await killWhen(a, probe.sendInFlight, 15_000)).toBe(true);
      const outcome = await expectSentOnce(simulator, probe);
      console.info('Two shops on PostgreSQL, one killed while sending refunds:', outcome);
      await b.stop();
    } finally {
      await probe.close();
      await database.drop();
    }
  }, 150_000);
});
