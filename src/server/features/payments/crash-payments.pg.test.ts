import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { freePort } from '../../../../scripts/local-server';
import { openDatabaseProbe } from '../../test/database-probe';
import { waitUntil } from '../../test/kill-and-restart';
import { tempFolder } from '../../test/shop-process';
import {
  behave,
  cleanUpPaymentRuns,
  crashWhilePaying,
  expectPaidOnce,
  placeAndPay,
  startPayingShop,
  startSimulator,
  waitUntilEveryAttemptEnded,
  type Payer,
} from './test/crash-run';

/** Payment attempts survive kill -9 on PostgreSQL, with one shop and with two polling together (npm run test:pg). */
afterAll(cleanUpPaymentRuns);

/** Reads beside the shops: attempts claimed right now (a lease held), "payment received" e-mails recorded. */
async function leaseProbe(url: string) {
  const probe = await openDatabaseProbe(url);
  return {
    held: () => probe.count('select count(*) as n from payment_attempts where lease_until > now()'),
    /**
     * A claim seen twice 50 ms apart (same attempt, same lease): a slow status read (0.8 s) is under way,
     * so a kill now lands while it is held. A fast read's claim lasts a few ms and could end before the kill.
     */
    heldLong: async () => {
      const claims = async () =>
        new Set(
          (
            await probe.rows<{ id: string; lease_until: Date }>(
              'select id, lease_until from payment_attempts where lease_until > now()',
            )
          ).map((r) => `${r.id} ${r.lease_until.toISOString()}`),
        );
      const first = await claims();
      if (first.size === 0) return false;
      await new Promise((r) => setTimeout(r, 50));
      const second = await claims();
      return [...first].some((claim) => second.has(claim));
    },
    /** The "payment received" e-mails recorded: one per order.paid event. */
    paidMails: () => probe.count("select count(*) as n from mail_messages where kind = 'order-paid'"),
    close: probe.close,
  };
}

describe('payment attempts survive kill -9 of the real shop on PostgreSQL', () => {
  it('one shop, killed while a poll holds a claim: after the restart every attempt ends and each approved order is paid once', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_pay_crash');
    const probe = await leaseProbe(database.url);
    try {
      const dataDir = tempFolder('coop-pay-crash-');
      const outcome = await crashWhilePaying(
        { DATA_DIR: dataDir, DATABASE_URL: database.url },
        path.join(dataDir, 'outbox'),
        {
          heldNow: probe.heldLong,
          heldAfterKill: async () => (await probe.held()) > 0,
        },
      );
      console.info('PostgreSQL kill -9 with payments pending:', outcome);
      // The dead shop held a claim: the restart read that attempt again only once its lease ran out.
      expect(outcome.midSettleAtKill).toBe(true);
    } finally {
      await probe.close();
      await database.drop();
    }
  }, 150_000);

  it('two shops on one PostgreSQL poll together and settle each attempt once; one killed mid-run, the other finishes its attempts', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_pay_pair');
    const probe = await leaseProbe(database.url);
    try {
      const simulator = await startSimulator();
      const [dirA, dirB] = [tempFolder('coop-pay-crash-'), tempFolder('coop-pay-crash-')];
      const shared = { DATABASE_URL: database.url, JWT_SECRET: 'pair-test-secret-0123456789abcdef0123' };
      const portA = await freePort();
      // Airtel calls one URL per application: shop A's. MTN calls back the shop that asked.
      simulator.settle.airtelCallbackUrl = `http://127.0.0.1:${portA}/api/payments/callback/airtel`;
      const a = await startPayingShop(simulator, { ...shared, DATA_DIR: dirA }, portA);
      const b = await startPayingShop(simulator, { ...shared, DATA_DIR: dirB, SEED_DEMO: 'false' });
      const outboxes = [path.join(dirA, 'outbox'), path.join(dirB, 'outbox')];
      // Every phone approves 1-3 s after the prompt; half the callbacks never come (the pollers find those).
      // A quarter answer status reads slowly and approve late, so both shops keep reading them with claims
      // held long enough to kill a shop holding one.
      // In the second round Lenco's (Zamtel prompts, cards on 3-D Secure: i % 4 is 2 or 3) answer after 6-8 s,
      // so they are still pending at Lenco when A dies.
      const lencoLate = (i: number) => i >= 40 && i % 4 >= 2;
      const approving = (i: number, phone: string) =>
        behave(simulator, {
          phone,
          outcome: 'approve',
          callback: i % 2 ? 'never' : 'once',
          ...(i % 4 === 1
            ? { answer: 'slow', slowMs: 800, afterSeconds: 5 }
            : { afterSeconds: (lencoLate(i) ? 6 : 1) + (i % 3) }),
        });

      // Both live.
      const live: Payer[] = (
        await Promise.all([
          placeAndPay(a.base, 20, { first: 0, before: approving }),
          placeAndPay(b.base, 20, { first: 20, before: approving }),
        ])
      ).flat();
      const liveEnded = await waitUntilEveryAttemptEnded(b.base, live, 45_000);
      const both = await expectPaidOnce(b.base, simulator, live, outboxes, liveEnded);
      expect(both.approved).toBe(40);

      // A is killed while approvals arrive and a poll holds a claim; B finishes A's attempts once A's claims lapse.
      const placing = Promise.all([
        placeAndPay(a.base, 20, { first: 40, before: approving }),
        placeAndPay(b.base, 20, { first: 60, before: approving }),
      ]);
      const batch = (await placing).flat();
      const approved = () =>
        batch.filter((p) => simulator.state.payments.get(p.reference)?.status === 'SUCCESSFUL').length;
      await waitUntil(async () => approved() >= 10 && (await probe.heldLong()), 10_000);
      const approvedAtKill = approved();
      const pendingAtLenco = (method: string) =>
        batch.filter((p) => p.method === method && simulator.state.payments.get(p.reference)?.status === 'PENDING')
          .length;
      await a.kill();
      const lencoPendingAtKill = { zamtel: pendingAtLenco('zamtel'), card: pendingAtLenco('creditCard') };
      expect(lencoPendingAtKill.zamtel).toBeGreaterThan(0);
      expect(lencoPendingAtKill.card).toBeGreaterThan(0);
      // Claims still held after the kill are the dead shop's (B's own come and go); attempts were live.
      const claimsAtKill = await probe.held();
      expect(approvedAtKill).toBeLessThan(batch.length);
      const ended = await waitUntilEveryAttemptEnded(b.base, batch, 60_000);
      const afterKill = await expectPaidOnce(b.base, simulator, batch, outboxes, ended);
      expect(afterKill.approved).toBe(40);
      // The paid flag and the event behind each e-mail changed once per order, whichever shop read the status.
      const paidMails = await probe.paidMails();
      expect(paidMails).toBe(80);
      // B learnt each Lenco outcome by a status read: no webhook URL is set in this run.
      expect(simulator.settle.lencoWebhookUrl).toBeUndefined();
      for (const payer of [...live, ...batch].filter((p) => p.method === 'zamtel' || p.method === 'creditCard'))
        expect(simulator.state.payments.get(payer.reference)!.statusReads, payer.reference).toBeGreaterThan(0);
      console.info('Two shops on PostgreSQL:', { attempts: 80, approvedAtKill, claimsAtKill, lencoPendingAtKill });
      await b.stop();
    } finally {
      await probe.close();
      await database.drop();
    }
  }, 300_000);
});
