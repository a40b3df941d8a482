import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../db/client';
import { createScratchDatabase } from '../../db/scratch-database';
import { cleanUpShops, tempFolder } from '../../test/shop-process';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertCustomers, insertProduct, orderBody } from '../orders/test/fixtures';
import { copyDatabase } from './copy-database';
import { selectRowsAsJson, tablesInLoadOrder } from './database-tables';
import { RestoreRefused } from './restore-backup';
import { appliedSchema, currentSchema } from './schema-version';

/** npm run db:copy both ways, PostgreSQL to the embedded database and back (npm run test:pg). */
const root = path.resolve(import.meta.dirname, '../../../..');
const scratches: { drop(): Promise<void> }[] = [];

async function everyTable(database: Database) {
  const tables = new Map<string, string[]>();
  for (const shape of await tablesInLoadOrder(database.db)) {
    tables.set(
      shape.name,
      rowsOf<{ j: string }>(await database.db.execute(sql.raw(selectRowsAsJson(shape))))
        .map((r) => r.j)
        .sort(),
    );
  }
  return tables;
}

async function newPostgres() {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_copy');
  scratches.push(scratch);
  return scratch.url;
}

describe('copying the shop between PostgreSQL and the embedded database', () => {
  let t: TestApp;
  let original: Map<string, string[]>;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, { isAdmin: true });
    const product = await insertProduct(t, { name: 'Marula oil', price: 85, countInStock: 500 });
    for (const customer of await insertCustomers(t, 5)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.auth,
        payload: orderBody([{ product: product.id, quantity: 2, price: 85 }]),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The order e-mails sent first: the outbox rows are then still, like every other row.
    await t.app.outbox.idle();
    original = await everyTable(t.database);
  });

  afterAll(async () => {
    await t?.close();
    for (const s of scratches.splice(0)) await s.drop();
    await cleanUpShops();
  });

  it('PostgreSQL to a new embedded database and back again, every row of every table the same', async () => {
    const pgliteDir = path.join(tempFolder('coop-shop-copy-'), 'pgdata');
    const there = await copyDatabase({ databaseUrl: t.databaseUrl! }, { pgliteDir });
    expect(there.schema).toBe(currentSchema().tag);
    for (const table of there.tables) expect(table.target, table.name).toBe(table.source);
    expect(there.tables.find((table) => table.name === 'orders')).toEqual({ name: 'orders', source: 5, target: 5 });

    const embedded = await openDatabase({ pgliteDir, migrate: false });
    try {
      expect(await appliedSchema(embedded.db)).toEqual(currentSchema());
      expect(await everyTable(embedded)).toEqual(original);
    } finally {
      await embedded.close();
    }

    const backUrl = await newPostgres();
    const back = await copyDatabase({ pgliteDir }, { databaseUrl: backUrl });
    for (const table of back.tables) expect(table.target, table.name).toBe(table.source);
    const postgres = await openDatabase({ databaseUrl: backUrl, poolSize: 1 });
    try {
      expect(await everyTable(postgres)).toEqual(original);
    } finally {
      await postgres.close();
    }

    // A target that holds a shop is never written over.
    await expect(copyDatabase({ pgliteDir }, { databaseUrl: backUrl })).rejects.toBeInstanceOf(RestoreRefused);
    await expect(copyDatabase({ databaseUrl: backUrl }, { pgliteDir })).rejects.toThrow(/already holds a database/);
  }, 180_000);

  it('npm run db:copy prints each table with both counts and says what to do next', async () => {
    const target = await newPostgres();
    const out = await new Promise<{ code: number; text: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/db-copy.ts', '--to', target], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl!,
          DATA_DIR: tempFolder('coop-shop-copy-cli-'),
          LOG_LEVEL: 'warn',
        },
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('close', (code) => resolve({ code: code ?? 1, text }));
    });
    expect(out.code, out.text).toBe(0);
    expect(out.text).toMatch(/^\s+orders\s+5 → +5$/m);
    expect(out.text).toMatch(/Every table has the same number of rows \(schema \d{4}_\w+\)/);
    expect(out.text).toContain('Now start the shop with DATABASE_URL set to the target.');
  }, 120_000);
});
