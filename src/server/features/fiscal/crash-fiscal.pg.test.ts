import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { openDatabaseProbe } from '../../test/database-probe';
import { cleanUpShops, startShop } from '../../test/shop-process';
import { waitUntil } from '../../test/kill-and-restart';
import type { RunningSimulators } from '../../../../simulators/server';
import { expectOneReceiptEach, fiscalEnv, killWhileSigning, startSigningSimulator } from './test/crash-run';

/**
 * Smart Invoice reports survive kill -9 on PostgreSQL (decision 062): one shop killed while a sale is at
 * the device and started again; then two shops on one database, one of them killed mid-send while the
 * other carries on. Every order acknowledged paid gets one receipt, no invoice number reaches the device
 * twice, and what the killed shop held is read back by the one that takes it over.
 */
let simulator: RunningSimulators | undefined;
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  await cleanUpShops();
  await simulator?.close();
  for (const drop of dropped) await drop();
});

/** Every report done (the stock reports follow their sales), else the rows that are not, with why. */
async function expectAllDone(probe: Awaited<ReturnType<typeof openDatabaseProbe>>) {
  const notDone = () =>
    probe.rows<{ kind: string; status: string; last_error: string | null }>(
      "select kind, status, last_error from fiscal_submissions where status <> 'done'",
    );
  await waitUntil(async () => (await notDone()).length === 0, 30_000, 250);
  expect(await notDone()).toEqual([]);
}

async function scratch() {
  const made = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_fiscal_crash');
  dropped.push(() => made.drop());
  return made.url;
}

describe('Smart Invoice reports survive kill -9 on PostgreSQL', () => {
  it('one shop killed mid-send and restarted: one receipt per acknowledged paid order, none sent twice', async () => {
    simulator = await startSigningSimulator();
    const url = await scratch();
    const env = { ...fiscalEnv(simulator), DATABASE_URL: url };
    const probe = await openDatabaseProbe(url);
    try {
      const shop = await startShop(env);
      const round = await killWhileSigning([shop], shop, simulator);
      expect(round.atDevice).toBe(true);
      const sending = await probe.count("select count(*) as n from fiscal_submissions where status = 'sending'");
      const restarted = await startShop(env);
      const outcome = await expectOneReceiptEach(simulator, round.paid, 90_000);
      console.info('PostgreSQL kill -9 and restart, Smart Invoice:', { ...outcome, sendingAtKill: sending });
      await expectAllDone(probe);
      await restarted.stop();
    } finally {
      await probe.close();
    }
  }, 300_000);

  it('two shops on one database, one killed mid-send: the other takes its report over after the lease', async () => {
    simulator ??= await startSigningSimulator();
    simulator.state.reset();
    const url = await scratch();
    const env = { ...fiscalEnv(simulator), DATABASE_URL: url };
    const probe = await openDatabaseProbe(url);
    try {
      const first = await startShop(env);
      const second = await startShop(env);
      const round = await killWhileSigning([first, second], first, simulator);
      expect(round.atDevice).toBe(true);
      const outcome = await expectOneReceiptEach(simulator, round.paid, 90_000);
      console.info('PostgreSQL kill -9 of one of two shops, Smart Invoice:', outcome);
      await expectAllDone(probe);
      await second.stop();
    } finally {
      await probe.close();
    }
  }, 300_000);
});
