/**
 * npx tsx scripts/measure-admin.ts [--db pglite|postgres] [--products 10000] [--orders 100000] [--runs 5] [--reuse DATA_DIR or URL]
 *
 * Times the back office's list calls (the target: every admin screen within a second) one at a time, as
 * an admin's browser makes them: seeds a large shop into a fresh database (or reuses a seeded DATA_DIR /
 * DATABASE_URL), starts the server from source, logs in as an admin and reports the median and worst of
 * `--runs` calls per request. Loopback only.
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { freePort, waitForHealth } from './local-server';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1] ?? '');
const db = args.get('db') ?? 'pglite';
const productCount = Number(args.get('products') ?? 10_000);
const orderCount = Number(args.get('orders') ?? 100_000);
const runs = Number(args.get('runs') ?? 5);
const reuse = args.get('reuse');
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');

/** What the back-office screens ask for: first pages, searches (short and long keywords), filters, later pages. */
const CALLS = [
  '/api/dashboard',
  '/api/orders?page=1&limit=10',
  '/api/orders?page=500&limit=10',
  '/api/orders?status=Pending&page=1&limit=10',
  '/api/orders?keyword=ma&page=1&limit=10',
  '/api/orders?keyword=ma&status=Delivered&page=3&limit=10',
  '/api/orders?keyword=mary&page=1&limit=10',
  '/api/orders?keyword=coop-shop.example&page=1&limit=10',
  '/api/orders?keyword=zzq&page=1&limit=10',
  '/api/orders?keyword=4f&page=1&limit=10',
  '/api/users?page=1&limit=10',
  '/api/users?keyword=ma&page=1&limit=10',
  '/api/users?keyword=mary&page=1&limit=10',
  '/api/users?keyword=example&page=5&limit=10',
  '/api/users/stats',
  '/api/products?page=1&limit=10',
  '/api/products?keyword=ba&page=1&limit=10',
  '/api/products?keyword=lavender&page=2&limit=10',
];

async function main() {
  let dataDir = mkdtempSync(path.join(tmpdir(), 'coop-admin-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  const cleanDir = !reuse || reuse.includes('://');
  if (reuse?.includes('://')) databaseUrl = reuse;
  else if (reuse) dataDir = path.resolve(reuse);
  else if (db === 'postgres') {
    const scratch = await createScratchDatabase(pgAdminUrl, 'shop_admin');
    databaseUrl = scratch.url;
    dropDb = scratch.drop;
  }
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  if (!reuse) {
    const t0 = Date.now();
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/seed.ts', '--products', String(productCount), '--orders', String(orderCount)],
      { cwd: root, env, stdio: 'ignore' },
    );
    console.log(
      `seeded ${productCount} products and ${orderCount} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const port = await freePort();
  const password = randomUUID();
  const email = `measure-${Date.now()}@coop-shop.example`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child);
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { token } = (await login.json()) as { token: string };
    console.log(`\n${databaseUrl ? 'postgres' : 'pglite'}: median / worst of ${runs} calls, one at a time\n`);
    for (const call of CALLS) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const res = await fetch(`${base}${call}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        status = res.status;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${times[Math.floor(runs / 2)].toFixed(0).padStart(6)} ms ${times[runs - 1].toFixed(0).padStart(6)} ms  ${status}  ${call}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await dropDb?.();
    if (cleanDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
