import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../db/client';
import { cleanUpShops, startShop, tempFolder } from '../../test/shop-process';
import { waitUntil } from '../../test/kill-and-restart';
import type { RunningSimulators } from '../../../../simulators/server';
import { expectOneReceiptEach, fiscalEnv, killWhileSigning, startSigningSimulator } from './test/crash-run';

/**
 * The real shop fiscalising through the simulator's VSDC on the embedded database, `kill -9` while a sale
 * is at the device, a restart on the same data: every order acknowledged paid gets its receipt, and no
 * invoice number reaches the device twice (the report left 'sending' is read back first, decision 062).
 * The PostgreSQL runs are in crash-fiscal.pg.test.ts.
 */
let simulator: RunningSimulators | undefined;
afterAll(async () => {
  await cleanUpShops();
  await simulator?.close();
});

/** Reports a killed shop left 'sending' (its lock is stale), read before the restart takes the data over. */
async function sendingAtKill(dataDir: string): Promise<number> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata'), migrate: false });
  try {
    const rows = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from fiscal_submissions where status = 'sending'`),
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

describe('Smart Invoice reports survive kill -9 of the real shop', () => {
  it('on the embedded database: one receipt per acknowledged paid order, none sent twice', async () => {
    simulator = await startSigningSimulator();
    const dataDir = tempFolder('coop-fiscal-crash-');
    const env = { ...fiscalEnv(simulator), DATA_DIR: dataDir };
    const paid: string[] = [];
    let rounds = 0;
    let landed = false;
    let shop = await startShop(env);
    while (!landed && rounds < 3) {
      rounds += 1;
      const round = await killWhileSigning([shop], shop, simulator);
      paid.push(...round.paid);
      landed = round.atDevice && (await sendingAtKill(dataDir)) > 0;
      shop = await startShop(env);
    }
    expect(landed, `no kill in ${rounds} rounds landed while a report was at the device`).toBe(true);
    expect(await waitUntil(() => /fiscal reports a stopped shop was sending/.test(shop.output()), 10_000, 100)).toBe(
      true,
    );
    const outcome = await expectOneReceiptEach(simulator, paid, 90_000);
    console.info('PGlite kill -9, Smart Invoice:', { ...outcome, rounds });
    expect(outcome.readBacks).toBeGreaterThan(0);
    await shop.stop();
  }, 300_000);
});
