import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { freePort } from '../../../../scripts/local-server';
import { openDatabaseProbe } from '../../test/database-probe';
import { killWhen, waitUntil } from '../../test/kill-and-restart';
import { tempFolder, type ShopProcess } from '../../test/shop-process';
import { behave, cleanUpPaymentRuns, startPayingShop, startSimulator } from '../payments/test/crash-run';
import type { RunningSimulators } from '../../../../simulators/server';
import { owedMembersInShop, proposeAndApprove, type CrashMember } from './test/crash-shares';

/**
 * Payouts survive kill -9 of the real shop on PostgreSQL (docs/decisions/064-member-payouts.md), as refunds
 * do (crash-refunds.pg.test.ts): the shop is killed while transfers are on their way to the simulator (MTN's
 * transfer, Airtel's disbursement, Lenco's transfer for Zamtel), then started again, or a second shop
 * carries on. Every payout ends successful, its money moved once into the member's wallet, one audit line
 * and one text each, and every request the simulator received was counted in send_count first.
 */
afterAll(cleanUpPaymentRuns);

const N = 16;

async function payoutProbe(url: string) {
  const probe = await openDatabaseProbe(url);
  return {
    ...probe,
    /** A send on its way: a payout marked sent and not yet accepted, seen twice 50 ms apart (a slow send, so the kill lands in it). */
    sendInFlight: async () => {
      const inFlight = async () =>
        new Set(
          (await probe.rows<{ id: string }>("select id from payouts where state = 'sent' and accepted_at is null")).map(
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
        (await probe.rows<{ state: string; n: string }>('select state, count(*) as n from payouts group by state')).map(
          (r) => [r.state, Number(r.n)],
        ),
      ),
  };
}

type Probe = Awaited<ReturnType<typeof payoutProbe>>;

/** N members owed, half their wallets answering slowly and a quarter ending their transfer late; a run approved. */
async function owedAndApproved(simulator: RunningSimulators, shop: ShopProcess, databaseUrl: string) {
  const { maker, checker, members } = await owedMembersInShop(shop.base, databaseUrl, N);
  for (const [i, member] of members.entries()) {
    await behave(simulator, {
      phone: member.mobile,
      ...(i % 2 ? { answer: 'slow', slowMs: 700 } : {}),
      ...(i % 4 === 2 ? { refundAfterMs: 1_500 } : {}),
    });
  }
  await proposeAndApprove(shop.base, { maker, checker });
  return members;
}

/** Every payout successful, money moved once into her wallet, no request received that was not counted first, one end and one text each. */
async function expectSentOnce(simulator: RunningSimulators, probe: Probe, members: CrashMember[]) {
  const ended = await waitUntil(
    async () => (await probe.count("select count(*) as n from payouts where state = 'successful'")) === N,
    60_000,
    250,
  );
  expect(ended, JSON.stringify(await probe.states())).toBe(true);
  const rows = await probe.rows<{
    reference: string;
    mobile: string;
    route: string;
    amount_ngwee: number;
    send_count: number;
    provider_transaction_id: string;
  }>('select reference, mobile, route, amount_ngwee, send_count, provider_transaction_id from payouts');
  expect(new Set(rows.map((r) => r.route))).toEqual(new Set(['mtn-transfer', 'airtel-disbursement', 'lenco-transfer']));
  for (const row of rows) {
    const atProvider = simulator.state.refunds.get(row.reference)!;
    expect(atProvider, row.reference).toBeDefined();
    expect(atProvider.moneyMoved, row.reference).toBe(1);
    expect(atProvider.sendsReceived, `${row.reference}: sends received, counted ${row.send_count}`).toBeLessThanOrEqual(
      row.send_count,
    );
    expect(row.provider_transaction_id).toBe(atProvider.providerTransactionId);
    expect(simulator.state.wallets.get(row.mobile), row.mobile).toBe(row.amount_ngwee);
  }
  expect(new Set(rows.map((r) => r.mobile))).toEqual(new Set(members.map((m) => m.mobile)));
  // settlePayout writes one audit line and records one text per ended payout: each ended once.
  expect(await probe.count("select count(*) as n from audit_events where action = 'payout.successful'")).toBe(N);
  expect(await probe.count("select count(*) as n from sms_messages where kind = 'member-payout'")).toBe(N);
  expect(
    await probe.count('select count(*) as n from share_entries where member_id is not null and payout_id is null'),
  ).toBe(0);
  return {
    sendCounts: rows.map((r) => r.send_count).join(','),
    sends: rows.reduce((sum, r) => sum + r.send_count, 0),
    sendsReceived: [...simulator.state.refunds.values()].reduce((sum, r) => sum + r.sendsReceived, 0),
    duplicatesRefused: [...simulator.state.refunds.values()].filter((r) => r.sendsReceived > 1).length,
  };
}

describe('payouts survive kill -9 of the real shop on PostgreSQL', () => {
  it('one shop killed while transfers are on their way: after the restart every payout ends, its money moved once', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_payout_crash');
    const probe = await payoutProbe(database.url);
    try {
      const simulator = await startSimulator();
      const port = await freePort();
      const env = { DATA_DIR: tempFolder('coop-payout-crash-'), DATABASE_URL: database.url };
      const first = await startPayingShop(simulator, env, port);
      const members = await owedAndApproved(simulator, first, database.url);
      const landed = await killWhen(first, probe.sendInFlight, 15_000);
      expect(landed, 'the kill came while a send was on its way').toBe(true);
      const atKill = await probe.states();
      // A send the dead shop had counted is still "sent, not accepted": the restart reads it, and sends it
      // again with the same reference only if the provider never received it.
      expect(
        await probe.count("select count(*) as n from payouts where state = 'sent' and accepted_at is null"),
      ).toBeGreaterThan(0);
      const second = await startPayingShop(simulator, env, port);
      const outcome = await expectSentOnce(simulator, probe, members);
      console.info('PostgreSQL kill -9 with payouts on their way:', { atKill, ...outcome });
      await second.stop();
    } finally {
      await probe.close();
      await database.drop();
    }
  }, 150_000);

  it('two shops send together, one is killed mid-send: the other finishes the payouts once the lease runs out', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_payout_pair');
    const probe = await payoutProbe(database.url);
    try {
      const simulator = await startSimulator();
      const shared = { DATABASE_URL: database.url, JWT_SECRET: 'pair-test-secret-0123456789abcdef0123' };
      const a = await startPayingShop(simulator, { ...shared, DATA_DIR: tempFolder('coop-payout-crash-') });
      const b = await startPayingShop(simulator, {
        ...shared,
        DATA_DIR: tempFolder('coop-payout-crash-'),
        SEED_DEMO: 'false',
      });
      const members = await owedAndApproved(simulator, a, database.url);
      expect(await killWhen(a, probe.sendInFlight, 15_000)).toBe(true);
      const outcome = await expectSentOnce(simulator, probe, members);
      console.info('Two shops on PostgreSQL, one killed while sending payouts:', outcome);
      await b.stop();
    } finally {
      await probe.close();
      await database.drop();
    }
  }, 150_000);
});
