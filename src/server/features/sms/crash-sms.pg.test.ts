import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { openDatabaseProbe } from '../../test/database-probe';
import { cleanUpShops, startShop, tempFolder } from '../../test/shop-process';
import { orderLoad } from '../mail/test/crash-run';
import {
  crashAndRestartTexting,
  expectEveryOrderTexted,
  keyOf,
  killWhileTexting,
  smsEnv,
  startSlowSimulator,
} from './test/crash-run';

/** Order texts survive kill -9 on PostgreSQL, with one instance and with two (decision 015). */
afterAll(cleanUpShops);

async function submittingReader(url: string) {
  const probe = await openDatabaseProbe(url);
  return {
    async submitting() {
      const rows = await probe.rows<{ to_number: string; body: string }>(
        "select to_number, body from sms_messages where status = 'submitting'",
      );
      return new Set(rows.map((r) => keyOf(r.to_number, r.body)));
    },
    end: probe.close,
  };
}

describe('order texts survive kill -9 of the real server on PostgreSQL', () => {
  it('one instance: every acknowledged order is texted after the restart', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_sms_crash');
    const reader = await submittingReader(database.url);
    try {
      const outcome = await crashAndRestartTexting(
        { DATA_DIR: tempFolder('coop-sms-crash-'), DATABASE_URL: database.url },
        reader.submitting,
      );
      console.info('PostgreSQL kill -9, SMS:', outcome);
    } finally {
      await reader.end();
      await database.drop();
    }
  }, 240_000);

  it('two instances: no text twice while both live; none lost when one is killed, its texts in doubt at most resent', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_sms_pair');
    const reader = await submittingReader(database.url);
    const simulator = await startSlowSimulator();
    try {
      const shared = {
        DATABASE_URL: database.url,
        JWT_SECRET: 'pair-test-secret-0123456789abcdef0123',
        ...smsEnv(simulator),
      };
      const a = await startShop({ ...shared, DATA_DIR: tempFolder('coop-sms-crash-') });
      const b = await startShop({ ...shared, DATA_DIR: tempFolder('coop-sms-crash-'), SEED_DEMO: 'false' });

      const [onA, onB] = await Promise.all([
        orderLoad(a, { maxOrders: 40, ms: 10_000 }),
        orderLoad(b, { maxOrders: 40, ms: 10_000 }),
      ]);
      const live = await expectEveryOrderTexted(simulator, [...onA, ...onB], new Set(), 40_000);
      expect(live.duplicates).toBe(0);

      const killed = await killWhileTexting(a, simulator, 10);
      // In flight: A's last group at the kill and B's current one (B also sends texts of A's orders, which
      // are rows in the shared table): two requests per instance at the most.
      const inDoubt = await reader.submitting();
      expect(inDoubt.size).toBeLessThanOrEqual(4);
      // B takes A's claims once their lease (30 s) lapses.
      const outcome = await expectEveryOrderTexted(simulator, [...onA, ...onB, ...killed.placed], inDoubt, 90_000);
      console.info('PostgreSQL pair, A killed, SMS:', { inFlightAtKill: killed.inFlight, ...outcome });
      await b.stop();
    } finally {
      await simulator.close();
      await reader.end();
      await database.drop();
    }
  }, 240_000);
});
