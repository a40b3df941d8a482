import { existsSync, readdirSync, readFileSync, statSync, truncateSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, rowsOf, type Database } from '../../db/client';
import { createScratchDatabase } from '../../db/scratch-database';
import { users } from '../../db/schema';
import { cleanUpShops, tempFolder } from '../../test/shop-process';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertCustomers, insertOrder, insertProduct, orderBody } from '../orders/test/fixtures';
import { jpeg, jpg, multipart } from '../uploads/test/images';
import { BackupFileError, type BackupManifest } from './backup-file';
import { selectRowsAsJson, tablesInLoadOrder } from './database-tables';
import { readBackup } from './read-backup';
import { restoreBackup, RestoreRefused, type RestoreTarget } from './restore-backup';
import { applyMigrations, appliedSchema, committedMigrations, currentSchema } from './schema-version';
import { entriesOf, repackBackup } from './test/backup-files';
import { writeBackup } from './write-backup';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const scratches: { drop(): Promise<void> }[] = [];

/** A place to restore into that holds nothing yet: a new DATA_DIR, and on PostgreSQL a new database. */
async function emptyTarget(): Promise<RestoreTarget> {
  const dataDir = tempFolder('coop-shop-restore-');
  if (!onPostgres) return { dataDir };
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_restore');
  scratches.push(scratch);
  return { dataDir, databaseUrl: scratch.url };
}

const openTarget = (target: RestoreTarget) =>
  openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: target.databaseUrl ? undefined : path.join(target.dataDir, 'pgdata'),
    poolSize: 2,
  });

/** A table's stored columns (generated ones left out, as in a backup), rows as PostgreSQL writes them, sorted. */
async function tableRows(database: Database, table: string) {
  const shape = (await tablesInLoadOrder(database.db)).find((s) => s.name === table)!;
  const rows = rowsOf<{ j: string }>(await database.db.execute(sql.raw(selectRowsAsJson(shape))));
  return rows.map((r) => r.j).sort();
}

/** The rows a backup file holds, by table, sorted. */
async function rowsInFile(file: string) {
  const byTable = new Map<string, string[]>();
  const manifest = await readBackup(file, {
    async onTablePart(table, rows) {
      byTable.set(table, [...(byTable.get(table) ?? []), ...rows]);
    },
  });
  return { manifest, byTable: new Map([...byTable].map(([t, rows]) => [t, rows.sort()])) };
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let adminAuth: { authorization: string };
  let backupFile: string;
  let ordersBefore = 0;
  let ordersDuring = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t, { isAdmin: true });
    adminAuth = admin.auth;
    for (const size of [640, 800]) {
      const upload = multipart([jpg(await jpeg(size, 480))]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...adminAuth, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const products = await Promise.all(
      [1, 2, 3, 4].map((i) => insertProduct(t, { name: `Baobab oil ${i}`, price: 45 + i, countInStock: 100_000 })),
    );
    const customers = await insertCustomers(t, 8);
    // A refund waiting for its second admin: the backup carries money going back too.
    const paid = await insertOrder(t, { user: null, total: 30, isPaid: true });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid.id}/refunds`,
      headers: adminAuth,
      payload: { amountNgwee: 1_000, reason: 'Kept in the backup', attemptId: null },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    // Orders keep being placed before, while and after the backup is written.
    let stop = false;
    let placed = 0;
    let failure: unknown;
    const waitFor = async (count: number) => {
      while (placed < count && !failure) await new Promise((r) => setTimeout(r, 20));
      if (failure) throw failure;
    };
    const load = customers.map(async (customer, c) => {
      for (let n = 0; !stop; n++) {
        const product = products[(c + n) % products.length];
        const body = orderBody([{ product: product.id, quantity: 1 + ((c + n) % 3), price: product.priceNgwee / 100 }]);
        const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload: body });
        if (res.statusCode !== 201) failure ??= new Error(`an order failed: ${res.statusCode} ${res.body}`);
        placed++;
      }
    });
    await waitFor(20);
    ordersBefore = placed;
    const run = await t.app.backups.run('admin');
    ordersDuring = placed - ordersBefore;
    const after = placed;
    try {
      await waitFor(after + 10);
    } finally {
      stop = true;
      await Promise.all(load);
    }
    expect(run?.error).toBeNull();
    backupFile = path.join(t.config.dataDir, 'backups', run!.file!);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    for (const s of scratches.splice(0)) await s.drop();
    await cleanUpShops();
  });

  it('writes one dated file, named with its schema version, that lists every table and image', async () => {
    expect(path.basename(backupFile)).toMatch(
      new RegExp(
        `^shop-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z-schema-${currentSchema().tag.slice(0, 4)}\\.tar\\.gz$`,
      ),
    );
    expect(readdirSync(path.dirname(backupFile)).filter((f) => f.endsWith('.partial'))).toEqual([]);
    const entries = await entriesOf(backupFile);
    expect(entries[0].name).toBe('backup.json');
    expect(entries.at(-1)!.name).toBe('manifest.json');
    const manifest = JSON.parse(entries.at(-1)!.data.toString()) as BackupManifest;
    expect(manifest.schema).toEqual(currentSchema());
    expect(manifest.tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'users',
        'products',
        'orders',
        'order_items',
        'settings',
        'payment_attempts',
        'mail_messages',
        'refunds',
      ]),
    );
    // The rate-limit counters are minutes of life, not the shop's records.
    expect(manifest.tables.map((table) => table.name)).not.toContain('login_failures');
    // Every table after the ones it points at.
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('order_items'));
    expect(order.indexOf('products')).toBeLessThan(order.indexOf('order_items'));
    expect(order.indexOf('payment_attempts')).toBeLessThan(order.indexOf('refunds'));
    expect(manifest.tables.find((table) => table.name === 'refunds')?.rows).toBe(1);
    const images = readdirSync(path.join(t.config.dataDir, 'uploads'))
      .filter((f) => f.endsWith('.webp'))
      .sort();
    expect(images.length).toBeGreaterThanOrEqual(2 * 3);
    expect(manifest.images.map((i) => i.entry)).toEqual(images.map((f) => `uploads/${f}`));
    expect(ordersBefore).toBeGreaterThanOrEqual(20);
  });

  it('restores into an empty place every table as the file holds it, and every image byte for byte; the snapshot is one moment', async () => {
    const target = await emptyTarget();
    const done = await restoreBackup(backupFile, target);
    const { manifest, byTable } = await rowsInFile(backupFile);
    expect(done.rows).toBe(manifest.tables.reduce((n, table) => n + table.rows, 0));
    const restored = await openTarget(target);
    try {
      expect(await appliedSchema(restored.db)).toEqual(currentSchema());
      for (const table of manifest.tables)
        expect(await tableRows(restored, table.name), table.name).toEqual(byTable.get(table.name) ?? []);

      // One moment: every order placed after the snapshot is missing whole, and the stock then was the stock
      // now plus exactly what those later orders took (a torn copy would not add up).
      const restoredOrders = new Set(
        rowsOf<{ id: string }>(await restored.db.execute(sql`select id from orders`)).map((r) => r.id),
      );
      const sourceOrders = rowsOf<{ id: string }>(await t.app.db.execute(sql`select id from orders`));
      const later = sourceOrders.filter((o) => !restoredOrders.has(o.id)).map((o) => o.id);
      expect(restoredOrders.size).toBeGreaterThanOrEqual(ordersBefore);
      expect(later.length).toBeGreaterThanOrEqual(10);
      expect(sourceOrders.length).toBe(restoredOrders.size + later.length);
      const stockNow = rowsOf<{ id: string; n: number; taken: number }>(
        await t.app.db.execute(sql`
          select p.id, p.count_in_stock as n,
            coalesce((select sum(i.quantity) from order_items i where i.product_id = p.id and not (i.order_id::text = any(string_to_array(${[...restoredOrders].join(',')}, ',')))), 0)::int as taken
          from products p`),
      );
      const stockThen = new Map(
        rowsOf<{ id: string; n: number }>(
          await restored.db.execute(sql`select id, count_in_stock as n from products`),
        ).map((p) => [p.id, p.n]),
      );
      for (const p of stockNow) expect(stockThen.get(p.id), `stock of ${p.id}`).toBe(p.n + p.taken);
      const sourceItems = await tableRows(t.database, 'order_items');
      for (const item of await tableRows(restored, 'order_items')) expect(sourceItems).toContain(item);
    } finally {
      await restored.close();
    }
    for (const image of manifest.images) {
      const file = image.entry.replace(/^uploads\//, '');
      expect(
        readFileSync(path.join(target.dataDir, 'uploads', file)).equals(
          readFileSync(path.join(t.config.dataDir, 'uploads', file)),
        ),
        file,
      ).toBe(true);
    }
    console.log(
      `backup under load: ${ordersBefore} orders before, ${ordersDuring} while writing; ${statSync(backupFile).size} bytes`,
    );
  }, 180_000);

  it('the restored shop starts and serves the same orders, to the same admin', async () => {
    const target = await emptyTarget();
    await restoreBackup(backupFile, target);
    const database = await openTarget(target);
    const app = await buildApp({ config: { ...t.config, dataDir: target.dataDir }, database, logger: false });
    try {
      await app.ready();
      const [admin] = await app.db
        .select()
        .from(users)
        .where(sql`${users.isAdmin}`);
      const restoredAuth = { authorization: `Bearer ${app.signToken(admin)}` };
      const list = await app.inject({ method: 'GET', url: '/api/orders?limit=100', headers: restoredAuth });
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json() as { orders: { _id: string }[] };
      expect(listed.orders.length).toBeGreaterThanOrEqual(ordersBefore);
      for (const { _id } of listed.orders.slice(0, 5)) {
        const there = await app.inject({ method: 'GET', url: `/api/orders/${_id}`, headers: restoredAuth });
        const here = await t.app.inject({ method: 'GET', url: `/api/orders/${_id}`, headers: adminAuth });
        expect(there.statusCode).toBe(200);
        expect(there.json()).toEqual(here.json());
      }
      const image =
        listed.orders.length && (await app.inject({ method: 'GET', url: '/api/products?limit=1' })).statusCode;
      expect(image).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);

  it('a truncated or damaged file is refused with a clear message and changes nothing', async () => {
    const target = await emptyTarget();
    const cut = path.join(tempFolder('coop-shop-bad-'), 'cut.tar.gz');
    copyFileSync(backupFile, cut);
    truncateSync(cut, Math.floor(statSync(backupFile).size / 2));
    await expect(restoreBackup(cut, target)).rejects.toThrow(/damaged or cut short/);

    // Re-compressed with one row changed: gzip is content, only the checksum in the manifest tells.
    const altered = path.join(path.dirname(cut), 'altered.tar.gz');
    await repackBackup(backupFile, altered, (name, data) =>
      name === 'tables/orders/00001.ndjson'
        ? Buffer.from(data.toString().replace(/"is_paid":false/, '"is_paid":true'))
        : data,
    );
    await expect(restoreBackup(altered, target)).rejects.toThrow(
      'The backup file is damaged: tables/orders/00001.ndjson does not match its checksum.',
    );

    const noManifest = path.join(path.dirname(cut), 'no-manifest.tar.gz');
    await repackBackup(backupFile, noManifest, (name, data) => (name === 'manifest.json' ? null : data));
    await expect(restoreBackup(noManifest, target)).rejects.toThrow(/incomplete: it ends before its manifest/);

    await expect(restoreBackup(path.join(process.cwd(), 'package.json'), target)).rejects.toThrow(BackupFileError);
    await expect(restoreBackup(path.join(path.dirname(cut), 'missing.tar.gz'), target)).rejects.toThrow(
      /There is no file/,
    );

    expect(readdirSync(target.dataDir)).toEqual([]);
    if (target.databaseUrl) {
      const database = await openDatabase({ databaseUrl: target.databaseUrl, migrate: false, poolSize: 1 });
      const [{ n }] = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace`,
        ),
      );
      await database.close();
      expect(n).toBe(0);
    }
  }, 120_000);

  it('a file from a newer shop is refused before anything is written', async () => {
    const target = await emptyTarget();
    const newer = path.join(tempFolder('coop-shop-newer-'), 'newer.tar.gz');
    const later = currentSchema().when + 1;
    await repackBackup(backupFile, newer, (name, data) => {
      if (name !== 'backup.json' && name !== 'manifest.json') return data;
      const json = JSON.parse(data.toString());
      json.schema = { tag: '9999_from_the_future', when: later };
      return Buffer.from(JSON.stringify(json));
    });
    await expect(restoreBackup(newer, target)).rejects.toThrow(
      /made by a newer version of the shop \(schema 9999_from_the_future\)/,
    );
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('a place that holds a shop is refused, and replaced only when told (the old one set aside, not deleted)', async () => {
    const target = await emptyTarget();
    await restoreBackup(backupFile, target);
    const { manifest } = await rowsInFile(backupFile);
    const ordersInFile = manifest.tables.find((table) => table.name === 'orders')!.rows;
    // Something the backup does not hold: --force must remove it.
    const before = await openTarget(target);
    await before.db.insert(users).values({ name: 'Added later', email: 'later@example.com', passwordHash: 'x' });
    await before.close();

    await expect(restoreBackup(backupFile, target)).rejects.toThrow(RestoreRefused);
    const unchanged = await openTarget(target);
    expect(await tableRows(unchanged, 'users')).toContainEqual(expect.stringContaining('later@example.com'));
    await unchanged.close();

    const done = await restoreBackup(backupFile, target, { force: true });
    const replaced = await openTarget(target);
    try {
      expect((await tableRows(replaced, 'users')).some((u) => u.includes('later@example.com'))).toBe(false);
      expect(await tableRows(replaced, 'orders')).toHaveLength(ordersInFile);
    } finally {
      await replaced.close();
    }
    if (!target.databaseUrl) {
      expect(done.setAside.map((p) => path.basename(p))).toEqual([
        expect.stringMatching(/^uploads\.before-restore-/),
        expect.stringMatching(/^pgdata\.before-restore-/),
      ]);
      for (const folder of done.setAside) expect(existsSync(folder)).toBe(true);
    }
  }, 180_000);

  it('a backup of an older schema is restored as it was, then migrated forward', async () => {
    const migrations = committedMigrations();
    const older = migrations.at(-2)!;
    const scratch = onPostgres ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_old') : null;
    if (scratch) scratches.push(scratch);
    const oldShop = await openDatabase({ databaseUrl: scratch?.url, migrate: false, poolSize: 2 });
    const file = path.join(tempFolder('coop-shop-old-'), 'old.tar.gz');
    try {
      await oldShop.db.transaction((tx) => applyMigrations(tx, older));
      // Plain SQL: the schema module describes today's tables, which may have columns the older one lacks.
      await oldShop.db.execute(
        sql`insert into users (name, email, password_hash) values ('Old Customer', 'old@example.com', 'x')`,
      );
      await writeBackup({ database: oldShop }, { file });
    } finally {
      await oldShop.close();
    }
    const target = await emptyTarget();
    const done = await restoreBackup(file, target);
    expect(done).toMatchObject({ schemaInFile: older.tag, schemaNow: currentSchema().tag, rows: 1 });
    const restored = await openTarget(target);
    try {
      expect(await appliedSchema(restored.db)).toEqual(currentSchema());
      expect(await tableRows(restored, 'users')).toEqual([expect.stringContaining('old@example.com')]);
      // The newest migration's table is there, so the server's own migrate finds nothing left to do.
      expect(await tableRows(restored, 'backup_runs')).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
