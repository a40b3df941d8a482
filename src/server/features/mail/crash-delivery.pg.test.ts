import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { openDatabaseProbe } from '../../test/database-probe';
import { killWhen } from '../../test/kill-and-restart';
import { cleanUpShops, startShop, tempFolder } from '../../test/shop-process';
import { crashAndRestart, expectEveryConfirmation, orderLoad } from './test/crash-run';

/** Order e-mails survive kill -9 on PostgreSQL, with one instance and with two (run by `npm run test:pg`). */
afterAll(cleanUpShops);

describe('order e-mails survive kill -9 of the real server on PostgreSQL', () => {
  it('on PostgreSQL: every acknowledged order is confirmed after the restart', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_crash');
    try {
      const dataDir = tempFolder('coop-crash-');
      const probe = await openDatabaseProbe(database.url);
      const sending = () => probe.count("select count(*) as n from mail_messages where status = 'sending'");
      const outcome = await crashAndRestart(
        { DATA_DIR: dataDir, DATABASE_URL: database.url },
        path.join(dataDir, 'outbox'),
        sending,
      ).finally(() => probe.close());
      console.info('PostgreSQL kill -9:', outcome);
    } finally {
      await database.drop();
    }
  }, 240_000);

  it('two instances on one PostgreSQL: none sent twice while both live, none lost when one is killed', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_pair');
    try {
      const [dirA, dirB] = [tempFolder('coop-crash-'), tempFolder('coop-crash-')];
      const shared = { DATABASE_URL: database.url, JWT_SECRET: 'pair-test-secret-0123456789abcdef0123' };
      const a = await startShop({ ...shared, DATA_DIR: dirA });
      const b = await startShop({ ...shared, DATA_DIR: dirB, SEED_DEMO: 'false' });
      const outboxes = [path.join(dirA, 'outbox'), path.join(dirB, 'outbox')];

      // Both live: orders on both, every message written once in all.
      const [onA, onB] = await Promise.all([
        orderLoad(a, { maxOrders: 150, ms: 15_000 }),
        orderLoad(b, { maxOrders: 150, ms: 15_000 }),
      ]);
      const live = await expectEveryConfirmation(outboxes, [...onA, ...onB], 20_000);
      expect(live.messages).toBe(live.distinct);
      expect(live.distinct).toBe((onA.length + onB.length) * 2);

      // A is killed mid-load; B takes over its mail once A's claims lapse.
      let placedOnA = 0;
      const loadA = orderLoad(a, { maxOrders: 100_000, ms: Infinity, onPlaced: () => (placedOnA += 1) });
      await killWhen(a, () => placedOnA >= 100, 15_000, 20);
      const killedA = await loadA;
      await expectEveryConfirmation(outboxes, [...onA, ...onB, ...killedA], 40_000);
      await b.stop();
    } finally {
      await database.drop();
    }
  }, 120_000);
});
