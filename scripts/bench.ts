/**
 * npm run bench [-- --sizes 1000,10000 --db pglite,postgres --duration 10 --connections 50 --only keyword-uncached,orders --out docs/performance/bench-results]
 * npm run bench -- --db postgres --instances 2 [...]
 *
 * --only runs some scenarios by key. Cached (the same few answers again and again): list, keyword-cached, filters, detail,
 * featured; partly cached: keyword-uncached, keyword-new; orders (one product). Cold (scripts/bench/cold-scenarios.ts):
 * detail-random, keyword-never-seen, orders-mixed, shopper-mix. Pages (scripts/bench/page-scenarios.ts): the HTML
 * document a phone fetches first, as a browser asks for it: page-home, page-list, page-list-filters, page-product (cached),
 * page-list-cold, page-product-cold. Pages need the built web app: it is built when dist/web/index.html is missing, or
 * always with --build-web. --app DIR measures another checkout of the shop (its server, seed and web app; it needs its
 * own node_modules) with this bench, so a before and an after run the same scenarios. And
 * payments (200 shoppers paying by mobile money through the simulator; once per database, on the first size).
 * export: random list pages alone, then while every order is exported as CSV again and again;
 * seed orders for it with --orders N (e.g. --orders 100000), peak RSS counted from the exports' start.
 * For each database and catalogue size: seeds a fresh database with the seed CLI, starts the built
 * server as its own process (so its memory can be read), runs autocannon against each scenario and
 * records requests/s, p50/p99 latency, non-2xx answers and the server's peak RSS (VmHWM).
 * --service true: each server runs as the service `coop-shop install` writes runs it: its Node flags
 * (--liftoff-only), NODE_OPTIONS (256 MB old generation, 8 MB semi-spaces) and MALLOC_ARENA_MAX (decision 075).
 * --instances N (PostgreSQL only): N server processes on the same database behind nginx (round robin),
 * every scenario aimed at nginx, each instance's peak RSS recorded; payments is skipped then.
 * Results go to docs/performance/bench-results/<date>.json and .md. Only loopback addresses are used.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { SERVICE_RUNTIME } from '../src/server/features/operations';
import { freePort } from './local-server';
import { benchPayments, startBenchSimulator, type BenchSimulator, type PaymentRow } from './bench-payments';
import { readCatalogue } from './bench/catalogue';
import { COLD_SCENARIO_KEYS, coldScenarios } from './bench/cold-scenarios';
import { EXPORT_SCENARIO_KEY, exportScenario } from './bench/export-scenario';
import { benchOrderBody, json, resetPeakRss, rssMb, whenSteady, type Row } from './bench/http';
import { benchShops } from './bench/instances';
import { ensureWebApp } from './bench/web-app';
import { describeRssParts, rssParts } from './bench/rss-parts';
import { describePage, notAPage, PAGE_SCENARIO_KEYS, pageScenarios, probePage } from './bench/page-scenarios';
import { writeReport } from './bench/report';
import { parseArgs } from './lib/args';
import { describeCheckout } from './lib/checkout';

const args = parseArgs(process.argv.slice(2));
const sizes = (args.get('sizes') ?? '1000,10000').split(',').map(Number);
const dbs = (args.get('db') ?? 'pglite,postgres').split(',');
const duration = Number(args.get('duration') ?? 10);
const connections = Number(args.get('connections') ?? 50);
const only = args.get('only')?.split(',');
const instances = Number(args.get('instances') ?? 1);
const seedOrders = args.get('orders');
if (!Number.isInteger(instances) || instances < 1)
  throw new Error(`--instances: a whole number of 1 or more, not ${args.get('instances')}`);
// PGlite is a database inside one process: several instances need a database server they all reach.
if (instances > 1 && dbs.some((db) => db !== 'postgres'))
  throw new Error(`--instances ${instances} needs --db postgres (PGlite lives inside one process)`);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
/** The checkout whose server is built, seeded and measured: this one unless --app names another. */
const appRoot = path.resolve(args.get('app') ?? root);
const buildWeb = args.get('build-web') === 'true';
const outDir = path.resolve(root, args.get('out') ?? 'docs/performance/bench-results');
/** --service true: each server runs with the Node flags, heap and malloc settings `coop-shop install` gives the service (decisions 058, 075). */
const asService = args.get('service') === 'true';
const { NODE_FLAGS: serviceFlags, ...serviceEnv } = SERVICE_RUNTIME;
const SCENARIO_KEYS = [
  'list',
  'keyword-cached',
  'keyword-uncached',
  'keyword-new',
  'filters',
  'detail',
  'featured',
  'orders',
  ...COLD_SCENARIO_KEYS,
  ...PAGE_SCENARIO_KEYS,
  'payments',
  EXPORT_SCENARIO_KEY,
];
const unknownKeys = only?.filter((key) => !SCENARIO_KEYS.includes(key)) ?? [];
if (unknownKeys.length > 0)
  throw new Error(`--only: unknown scenario ${unknownKeys.join(', ')} (known: ${SCENARIO_KEYS.join(', ')})`);

/** The price of the bench's own product, which the orders and payments scenarios buy. */
const BENCH_PRICE = 120.5;

const KEYWORDS = [
  'oil',
  'mungongo',
  'marula',
  'baobab',
  'lotion',
  'balm',
  'butter',
  'soap',
  'nut',
  'gift',
  'serum',
  'cream',
  'honey',
  'lavender',
  'citrus',
  'roasted',
];

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const paymentRows: PaymentRow[] = [];

async function benchOne(db: string, products: number): Promise<Row[]> {
  // Each instance its own DATA_DIR (mail outbox, logs). The seed writes its images to the first one
  // only; that is fine because no scenario fetches an image, the product JSON only names them.
  const dataDirs = Array.from({ length: instances }, () => mkdtempSync(path.join(tmpdir(), 'coop-bench-')));
  const dataDir = dataDirs[0];
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (db === 'postgres') {
    const scratch = await createScratchDatabase(pgAdminUrl, 'shop_bench');
    databaseUrl = scratch.url;
    dropDb = scratch.drop;
  }
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const t0 = Date.now();
  execFileSync(
    'node',
    ['dist/server/cli/seed.js', '--products', String(products), ...(seedOrders ? ['--orders', seedOrders] : [])],
    { cwd: appRoot, env, stdio: 'ignore' },
  );
  console.log(
    `  seeded ${products} products${seedOrders ? ` and ${seedOrders} orders` : ''} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const ports: number[] = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  // The payment scenario: the shop's MTN and Airtel collect through the simulator (its own process). Not
  // with several instances: the simulator's Airtel callbacks go to one URL (see paymentsSkipped).
  const payments = (!only || only.includes('payments')) && products === sizes[0] && instances === 1;
  const simulator: BenchSimulator | null = payments ? await startBenchSimulator(appRoot, ports[0]) : null;
  const adminPassword = randomUUID();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (Node refuses it in NODE_OPTIONS).
  const nodeArgs = [
    ...(asService ? serviceFlags.split(' ') : []),
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const shops = benchShops(appRoot, nodeArgs, asService ? serviceEnv : {});
  // Shared by every instance, so a token from one is good on the others.
  const jwtSecret = randomBytes(32).toString('hex');
  const rows: Row[] = [];
  try {
    const base = await shops.start(
      ports.map((port, i) => ({
        ...env,
        ...simulator?.shopEnv,
        DATA_DIR: dataDirs[i],
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: jwtSecret,
        ADMIN_EMAIL: 'bench-admin@coop-shop.example',
        ADMIN_PASSWORD: adminPassword,
        REGISTRATIONS_PER_HOUR: '100000',
        // Every bench order texts one number: with the limit, all but 10 would be held back (decision 057).
        ORDER_TEXTS_PER_NUMBER_PER_DAY: '0',
        // The order scenarios are a load from one account and one phone number, never paid: no bound on
        // what unpaid orders hold (decision 056).
        UNPAID_ORDERS_MAX: '0',
        UNPAID_ITEMS_MAX: '0',
      })),
    );
    // Resident memory once the server answers, before any scenario: the issue's "idle after start".
    const idleRssEach = shops.pids().map(rssMb);
    console.log(`  RSS after start ${idleRssEach.join('/')} MB`);
    for (const pid of shops.pids()) console.log(`    by part: ${describeRssParts(rssParts(pid))}`);
    const admin = await json(`${base}/api/users/login`, {
      method: 'POST',
      body: JSON.stringify({ email: 'bench-admin@coop-shop.example', password: adminPassword }),
    });
    const customer = await json(`${base}/api/users`, {
      method: 'POST',
      body: JSON.stringify({
        name: 'Bench Customer',
        email: 'bench-customer@coop-shop.example',
        password: 'bench-password-1',
      }),
    });
    const list = await json(`${base}/api/products?limit=1`);
    const someId = list.products[0]._id as string;
    const stocked = await json(`${base}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        name: 'Bench mungongo oil',
        price: BENCH_PRICE,
        category: 'oil',
        countInStock: 1_000_000,
        images: [list.products[0].images[0]],
      }),
    });
    const orderBody = JSON.stringify(benchOrderBody([{ product: stocked._id, price: BENCH_PRICE, quantity: 1 }]));

    const scenarios: { key: string; name: string; opts: autocannon.Options; note?: string }[] = [
      { key: 'list', name: 'product list (cached)', opts: { url: `${base}/api/products` } },
      {
        key: 'keyword-cached',
        name: 'product list, keyword (cached)',
        opts: { url: `${base}/api/products?keyword=oil` },
      },
      {
        key: 'keyword-uncached',
        name: 'product list, keyword (uncached)',
        note: 'a different keyword/page/limit per request, so the catalogue cache mostly misses',
        opts: {
          url: base,
          requests: [
            {
              setupRequest: (req) => {
                const k = KEYWORDS[Math.floor(Math.random() * KEYWORDS.length)];
                req.path = `/api/products?keyword=${k}&page=${1 + Math.floor(Math.random() * 3)}&limit=${10 + Math.floor(Math.random() * 90)}`;
                return req;
              },
            },
          ],
        },
      },
      {
        key: 'keyword-new',
        name: 'product list, new keyword (storefront page)',
        note: 'a shopper search the cache has not seen: part of a word (3+ letters) and a price cap, 12 a page',
        opts: {
          url: base,
          requests: [
            {
              setupRequest: (req) => {
                const word = KEYWORDS[Math.floor(Math.random() * KEYWORDS.length)];
                const start = Math.floor(Math.random() * (word.length - 2));
                const part = word.slice(start, start + 3 + Math.floor(Math.random() * (word.length - start - 2)));
                req.path = `/api/products?keyword=${part}&maxPrice=${100 + Math.floor(Math.random() * 300)}&limit=12`;
                return req;
              },
            },
          ],
        },
      },
      {
        key: 'filters',
        name: 'product list, filters (cached)',
        opts: { url: `${base}/api/products?category=oil&minPrice=50&maxPrice=300&page=2` },
      },
      { key: 'detail', name: 'product detail, one product (cached)', opts: { url: `${base}/api/products/${someId}` } },
      { key: 'featured', name: 'featured (cached)', opts: { url: `${base}/api/products/featured` } },
      {
        key: 'orders',
        name: 'order placement, one product',
        opts: {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/orders',
              setupRequest: (req) => {
                const key = randomUUID();
                req.headers = {
                  ...req.headers,
                  'content-type': 'application/json',
                  authorization: `Bearer ${customer.token}`,
                  'idempotency-key': key,
                };
                req.body = orderBody;
                return req;
              },
            },
          ],
        },
      },
    ];
    let ordersAnswered = 0;
    let ordersEnded = 0;
    const outbox = path.join(dataDir, 'outbox');
    // Whichever instance delivers an order's e-mails writes them to its own outbox: count them all.
    const outboxes = dataDirs.map((dir) => path.join(dir, 'outbox'));
    const mailsWritten = () =>
      outboxes.reduce(
        (sum, dir) => sum + (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0),
        0,
      );
    const record = (scenario: string, r: autocannon.Result, note?: string) => {
      const rssEach = shops.peakRssEachMb();
      const row: Row = {
        db,
        products,
        scenario,
        requestsPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        instances,
        peakRssMb: Math.max(...rssEach),
        peakRssEachMb: rssEach,
        idleRssEachMb: idleRssEach,
        note,
      };
      rows.push(row);
      console.log(
        `  ${scenario.padEnd(46)} ${String(row.requestsPerSec).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  rss ${rssEach.join('/')} MB`,
      );
      return row;
    };
    let orderRow: Row | undefined;
    for (const s of scenarios) {
      if (only && !only.includes(s.key)) continue;
      const r = await run(s.opts);
      if (s.key === 'orders') [ordersAnswered, ordersEnded] = [r['2xx'], Date.now()];
      const row = record(s.name, r, s.note);
      if (s.key === 'orders') orderRow = row;
    }
    if (orderRow) {
      // Orders still in flight when autocannon stops are finished by the server, so the count is read
      // once it stops changing: every unit taken must belong to exactly one order written.
      const ordersWritten = async () =>
        (
          await json(`${base}/api/orders?keyword=bench-customer&limit=1`, {
            headers: { authorization: `Bearer ${admin.token}` },
          })
        ).totalOrders as number;
      const written = await whenSteady(ordersWritten, 500);
      const taken = 1_000_000 - (await json(`${base}/api/products/${stocked._id}`)).countInStock;
      // Each order sends two e-mails in the background (confirmation, shop notice); under this load they
      // wait their turn, so the rate a shop can keep up counts the time until the last one is out.
      const mailsAtEnd = mailsWritten();
      const mails = await whenSteady(
        async () => mailsWritten(),
        2_000,
        (count) => count >= 2 * written,
      );
      const catchUpSeconds = (Date.now() - ordersEnded) / 1000;
      const sustained = Math.round(written / (duration + catchUpSeconds));
      orderRow.note =
        `${written} orders written (${ordersAnswered} answered 201 within the run); ${taken} units taken from stock (one per order: ${taken === written}); ` +
        `e-mails: ${mailsAtEnd} out by the end of the run, ${mails} of ${2 * written} ${catchUpSeconds.toFixed(0)} s later (orders with their mail sent: ${sustained}/s)`;
      console.log(`  ${orderRow.note}`);
    }
    const pages = PAGE_SCENARIO_KEYS.filter((key) => !only || only.includes(key));
    if (pages.length > 0) {
      const catalogue = (await readCatalogue(base)).filter((p) => p._id !== stocked._id);
      for (const s of await pageScenarios(base, catalogue)) {
        if (!pages.includes(s.key)) continue;
        const probe = await probePage(base, s.probePath);
        const wrong = notAPage(probe);
        // Without the built web app the server answers every page with a 404: a fast bench of nothing.
        if (wrong) throw new Error(`${s.key}: GET ${s.probePath} ${wrong}; is the web app built (--build-web)?`);
        const row = record(s.name, await run({ ...s.opts, url: base }), s.note + describePage(probe));
        if (s.after) row.note += `; ${s.after()}`;
        console.log(`    ${row.note}`);
      }
    }
    const cold = COLD_SCENARIO_KEYS.filter((key) => !only || only.includes(key));
    if (cold.length > 0) {
      for (const s of await coldScenarios(base, admin.token, connections, stocked._id)) {
        if (!cold.includes(s.key)) continue;
        const row = record(s.name, await run({ ...s.opts, url: base }));
        row.note = await s.after();
        console.log(`    ${row.note}`);
      }
    }
    if (only?.includes(EXPORT_SCENARIO_KEY)) {
      const scenario = await exportScenario(base, admin.token);
      const pids = shops.pids();
      const peakFrom = () => {
        pids.forEach(resetPeakRss);
        return pids.map(rssMb);
      };
      // Unrecorded warm-up (JIT, search index, caches), then the list alone, with the exports, and alone again.
      await run({ ...scenario.listOpts, url: base, duration: 5 });
      const atStart = peakFrom();
      const alone = record('product list, random page and category', await run({ ...scenario.listOpts, url: base }));
      const beforeExports = peakFrom();
      const exports = scenario.startExports();
      const during = record(
        'product list, random page, while exporting all orders',
        await run({ ...scenario.listOpts, url: base }),
      );
      const done = await exports.stop();
      const duringPeak = shops.peakRssEachMb();
      peakFrom();
      const again = record(
        'product list, random page and category, again',
        await run({ ...scenario.listOpts, url: base }),
      );
      const aloneRate = (alone.requestsPerSec + again.requestsPerSec) / 2;
      const slower = Math.round((1 - during.requestsPerSec / aloneRate) * 100);
      alone.note = `RSS at its start ${atStart.join('/')} MB, peak during it ${alone.peakRssEachMb.join('/')} MB`;
      during.note =
        `${done.exports} export(s) of ${done.rows} order lines (${(done.megabytes / Math.max(1, done.exports)).toFixed(1)} MB of CSV each) in ${done.seconds.map((sec) => sec.toFixed(1)).join(', ')} s; ` +
        `list rate ${slower}% below the mean of the runs alone before and after (${Math.round(aloneRate)} → ${during.requestsPerSec} req/s); ` +
        `RSS when the exports began ${beforeExports.join('/')} MB, peak while they ran ${duringPeak.join('/')} MB`;
      console.log(`    ${during.note}`);
    }
    if (simulator) {
      for (const callbacks of [true, false]) {
        const row = await benchPayments({
          db,
          base,
          simulatorUrl: simulator.url,
          adminAuth: { authorization: `Bearer ${admin.token}` },
          product: { _id: stocked._id, price: BENCH_PRICE },
          outbox,
          callbacks,
        });
        paymentRows.push(row);
        console.log(
          `  ${row.scenario.padEnd(46)} approval to paid p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms  max ${row.max} ms  paid once ${row.paidOnce}`,
        );
        console.log(`    ${row.note}`);
      }
    }
    for (const pid of shops.pids()) console.log(`  RSS at the end, by part: ${describeRssParts(rssParts(pid))}`);
  } finally {
    await simulator?.stop();
    await shops.stop();
    await dropDb?.();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Said in the output and the report when --instances leaves out a scenario that was asked for. */
const paymentsSkipped =
  instances > 1 && (!only || only.includes('payments'))
    ? `payments skipped: with ${instances} instances the simulator's Airtel callbacks would all go to one instance's URL`
    : '';

async function main() {
  const app = { dir: appRoot, commit: describeCheckout(appRoot) };
  console.log(`building the server bundle of ${app.dir} (${app.commit})...`);
  execFileSync('npm', ['run', 'build:server'], { cwd: appRoot, stdio: 'inherit' });
  if (buildWeb || PAGE_SCENARIO_KEYS.some((key) => !only || only.includes(key))) ensureWebApp(appRoot, buildWeb);
  if (paymentsSkipped) console.log(paymentsSkipped);
  const shape =
    (instances > 1 ? `${instances} instances behind nginx` : 'one instance') +
    (asService
      ? ` run as the service runs (NODE_OPTIONS=${serviceEnv.NODE_OPTIONS}, ${serviceFlags}, MALLOC_ARENA_MAX=${serviceEnv.MALLOC_ARENA_MAX})`
      : '');
  const all: Row[] = [];
  for (const db of dbs) {
    for (const size of sizes) {
      console.log(`\n== ${db}, ${size} products, ${shape}, ${connections} connections, ${duration} s each ==`);
      all.push(...(await benchOne(db, size)));
    }
  }
  writeReport(outDir, {
    duration,
    connections,
    instances,
    shape,
    app,
    rows: all,
    payments: paymentRows,
    skipped: paymentsSkipped,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
