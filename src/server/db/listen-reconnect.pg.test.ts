import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { createScratchDatabase } from './scratch-database';

/** A dropped listening connection on PostgreSQL is opened again, and says notices may have been missed (npm run test:pg). */
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
let admin: pg.Client;
beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_listen');
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await database?.close();
  await scratch?.drop();
});

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe('listening on PostgreSQL', () => {
  it('hears notices again after its connection is cut, and says some may have been missed', async () => {
    const heard: string[] = [];
    let missed = 0;
    await database.listen(
      'test_channel',
      (payload) => heard.push(payload),
      () => (missed += 1),
    );
    await database.notify('test_channel', 'before');
    expect(await until(() => heard.includes('before'), 3_000)).toBe(true);

    const cut = await admin.query(
      "select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and application_name = 'coop-shop-listen'",
    );
    expect(cut.rows.map((r: { cut: boolean }) => r.cut)).toEqual([true]);
    expect(await until(() => missed === 1, 5_000)).toBe(true);

    await database.notify('test_channel', 'after');
    expect(await until(() => heard.includes('after'), 3_000)).toBe(true);
    expect(heard).toEqual(['before', 'after']);
  });
});
