import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { cleanUpShops, startShop, tempFolder, type ShopProcess } from '../../test/shop-process';
import { placeOrders, productsInStock, registerCustomers } from '../mail/test/server-process';

/**
 * npm run backup and npm run restore as an operator runs them, against real shop processes: a backup
 * taken while shoppers order (on the embedded database the running shop writes it, asked over its
 * socket), restored into a new place, and a shop started there serving the same orders.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const scratches: { drop(): Promise<void> }[] = [];
const ADMIN = { ADMIN_EMAIL: 'owner@coop-shop.example', ADMIN_PASSWORD: 'owner password 1' };

function cli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** A DATA_DIR, and on PostgreSQL a new database, for one shop. */
async function shopPlace(): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: tempFolder('coop-shop-cli-'), BACKUP_SCHEDULE: 'off', ...ADMIN };
  if (onPostgres) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_cli');
    scratches.push(scratch);
    env.DATABASE_URL = scratch.url;
  }
  return env;
}

async function adminOrders(shop: ShopProcess) {
  const login = await fetch(`${shop.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const orders: { _id: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${shop.base}/api/orders?limit=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { orders: { _id: string }[]; pages: number };
    orders.push(...body.orders);
    if (page >= body.pages) return orders;
  }
}

afterAll(async () => {
  await cleanUpShops();
  for (const s of scratches.splice(0)) await s.drop();
});

describe(`npm run backup and npm run restore (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('backs up a running shop while it takes orders, and restores a shop that serves the same orders', async () => {
    const first = await shopPlace();
    const shop = await startShop(first);
    const shoppers = await registerCustomers(shop.base, 6);
    const products = await productsInStock(shop.base);
    let stop = false;
    const ordering = placeOrders(shop.base, shoppers, products, { until: () => stop, maxOrders: 10_000 });

    await new Promise((r) => setTimeout(r, 1500));
    const backup = await cli('backup', [], first);
    stop = true;
    const placed = await ordering;
    expect(backup.out).toMatch(/Backup written: /);
    expect(backup.code, backup.out).toBe(0);
    if (!onPostgres) expect(backup.out).toContain('The shop is running on this folder: asking it to write the backup.');
    expect(placed.length).toBeGreaterThan(0);
    const file = /Backup written: (.+\.tar\.gz)/.exec(backup.out)![1];
    expect(path.dirname(file)).toBe(path.join(first.DATA_DIR, 'backups'));
    const before = await adminOrders(shop);
    await shop.stop();

    const second = await shopPlace();
    const restore = await cli('restore', [file], second);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/Restored \d+ rows and \d+ images/);
    const again = await cli('restore', [file], second);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already holds a shop\. Restore into an empty/);

    const restored = await startShop({ ...second, SEED_DEMO: 'true' });
    const after = await adminOrders(restored);
    // The backup is one moment: every order it holds is one the shop had, unchanged.
    expect(after.length).toBeGreaterThan(0);
    const byId = new Map(before.map((o) => [o._id, o]));
    for (const order of after) expect(order).toEqual(byId.get(order._id));
    // The demo pictures came along: a product's image is served by the restored shop.
    const [product] = (await (await fetch(`${restored.base}/api/products?limit=1`)).json()).products as {
      image: string;
    }[];
    expect((await fetch(`${restored.base}${product.image}`)).status).toBe(200);
    await restored.stop();

    // With the shop stopped, the command reads the database itself.
    const offline = await cli('backup', ['--to', path.join(second.DATA_DIR, 'copy.tar.gz')], second);
    expect(offline.code, offline.out).toBe(0);
    expect(existsSync(path.join(second.DATA_DIR, 'copy.tar.gz'))).toBe(true);
  }, 240_000);
});
