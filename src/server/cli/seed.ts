/**
 * npm run seed                                   the demo catalogue, only into a shop with no products (as at start)
 * npm run seed -- --products 10000 [--orders 100000] [--customers 2000]   a large generated shop for benchmarks
 *
 * Writes to the same database as the server (DATABASE_URL, else DATA_DIR/pgdata) and the same image store
 * (the bucket of STORAGE_URL, else DATA_DIR/uploads).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DatabaseInUseError } from '../db/folder-lock';
import { users } from '../db/schema';
import { seedDemoCatalogue } from '../seed/demo';
import { seedLargeCatalogue, seedLargeCustomers, seedLargeOrders } from '../seed/large';
import { createImageStore } from '../features/uploads/storage-plugin';
import { CATALOG_CHANNEL } from '../features/products/catalog-cache';

const USAGE = `Usage: npm run seed -- [--products N] [--customers N] [--orders N]

  (no flags)     the demo catalogue, customers, reviews and orders; does nothing if any product exists
  --products N   add N generated products (all six categories, pictures from a pool of 12)
  --customers N  add N generated customer accounts (marked "(demo)", no usable password)
  --orders N     add N orders of 1-4 lines over the last 18 months (makes some customers first if there are none)

The shop server must be stopped while this runs on the embedded database (DATA_DIR/pgdata).`;

const MAX_COUNT = 1_000_000;

class UsageError extends Error {}

async function main(): Promise<void> {
  const { values: flags } = parseArgs({
    options: {
      products: { type: 'string' },
      customers: { type: 'string' },
      orders: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const counts = {
    products: count(flags.products, 'products'),
    customers: count(flags.customers, 'customers'),
    orders: count(flags.orders, 'orders'),
  };
  const config = loadConfig();
  const database = await openShopDatabase(config.databaseUrl, path.join(config.dataDir, 'pgdata'));
  const imageStore = createImageStore(config);
  const { db } = database;
  console.log(
    `Seeding the ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database of DATABASE_URL'}`,
  );
  try {
    const started = performance.now();
    if (counts.products === undefined && counts.customers === undefined && counts.orders === undefined) {
      const summary = await seedDemoCatalogue({ db, imageStore });
      if (!summary) console.log('The shop already has products: the demo catalogue was not added.');
      else
        console.log(
          `Demo catalogue: ${summary.products} products, ${summary.images} images (${seconds(summary.imagesMs)}), ` +
            `${summary.customers} customers, ${summary.reviews} reviews, ${summary.orders} orders in ${seconds(summary.totalMs)}`,
        );
    } else {
      if (counts.products) report('products', await seedLargeCatalogue(db, imageStore, counts.products));
      let customers = counts.customers;
      if (
        counts.orders &&
        customers === undefined &&
        (await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, false)).limit(1)).length === 0
      ) {
        customers = Math.min(2000, Math.max(50, Math.ceil(counts.orders / 50)));
        console.log(`No customers yet: adding ${customers} first.`);
      }
      if (customers) report('customers', await seedLargeCustomers(db, customers));
      if (counts.orders) report('orders', await seedLargeOrders(db, counts.orders));
      // PGlite has no autovacuum: without this the planner sees stale statistics and the trigram indexes'
      // pending lists stay unmerged, so keyword search would scan instead of using them.
      await database.db.execute(sql`vacuum analyze products`);
      await database.db.execute(sql`vacuum analyze orders`);
      await database.db.execute(sql`vacuum analyze users`);
      console.log(`Done in ${seconds(performance.now() - started)}.`);
    }
    // Servers on the same PostgreSQL drop their cached catalogue.
    await database.notify(CATALOG_CHANNEL, 'seed-cli').catch(() => {});
  } finally {
    await imageStore.close();
    await database.close();
  }
}

function report(what: string, timing: { inserted: number; ms: number }) {
  const perSecond = timing.ms > 0 ? Math.round((timing.inserted * 1000) / timing.ms) : timing.inserted;
  console.log(`  ${what}: ${timing.inserted} in ${seconds(timing.ms)} (${perSecond}/s)`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n > MAX_COUNT) {
    throw new UsageError(`--${flag} must be a whole number from 0 to ${MAX_COUNT}, not "${value}"`);
  }
  return n;
}

async function openShopDatabase(databaseUrl: string | undefined, pgliteDir: string): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : pgliteDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw new UsageError(error.message);
    throw error;
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
    else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      console.error(`${(error as Error).message}\n\n${USAGE}`);
    else console.error(`seed failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
