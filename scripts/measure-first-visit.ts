/**
 * npx tsx scripts/measure-first-visit.ts [-- --runs 3 --path / --quiet 10 --dpr 2 --no-build --app DIR --out FILE]
 *
 * What a shopper's first visit costs on the wire (issue 43): a fresh demo shop, a fresh phone-sized
 * Chromium profile (no cache, no service worker) opening one page and left alone until nothing has crossed
 * the wire for --quiet seconds (default 10) after the page's load event. Every byte is counted by a relay
 * between the browser and the shop (scripts/first-visit/wire-counter.ts): the page, its scripts, styles,
 * pictures, and the service worker with everything it downloads, headers included, as sent (compressed).
 * Each run is made twice, in turns: as an ordinary browser, and as one with its data saver on (the
 * `Save-Data: on` header on every request and navigator.connection.saveData true, as Chrome on Android
 * sets both). Prints each run, the medians against scripts/first-visit/budgets.ts, and the files of the
 * last run of each kind; exits 1 when a median is over its budget.
 * --app DIR measures another checkout (its server and web app; built there unless --no-build), so a
 * before and an after are measured alike. --dpr is the phone's device pixel ratio (pictures are chosen
 * by it); 390 x 844 CSS pixels. --connection 3G makes Chromium take its connection for 3G, on which it
 * loads lazy pictures from twice as far below the fold as on loopback (which it takes for 4G).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { parseArgs } from './lib/args';
import { describeCheckout } from './lib/checkout';
import { freePort, spawnShop, stopChild, waitForHealth } from './local-server';
import { FIRST_VISIT_BUDGET_KB, judgeFirstVisit, kb, median, VISIT_MODES, type VisitMode } from './first-visit/budgets';
import { WireCounter, type WireRequest } from './first-visit/wire-counter';

const root = path.resolve(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const runs = Number(args.get('runs') ?? 3);
const pagePath = args.get('path') ?? '/';
const quietMs = Number(args.get('quiet') ?? 10) * 1000;
const dpr = Number(args.get('dpr') ?? 2);
/** The connection Chromium believes it has (`3G`, `2G`): it loads lazy pictures from further below the fold on a slow one. */
const connection = args.get('connection');
const appRoot = path.resolve(args.get('app') ?? root);
const outFile = args.has('out') ? path.resolve(args.get('out')!) : undefined;
const MAX_VISIT_MS = 120_000;

if (!args.has('no-build')) execFileSync('npm', ['run', 'build:web', '--silent'], { cwd: appRoot, stdio: 'inherit' });
console.log(
  `shop of ${appRoot} (${describeCheckout(appRoot)}); ${runs} run(s) of ${pagePath}, DPR ${dpr}` +
    (connection ? `, a ${connection} connection` : ''),
);

interface Visit {
  mode: VisitMode;
  run: number;
  requests: number;
  sent: number;
  received: number;
  /** Whether the wire went quiet within MAX_VISIT_MS. */
  settled: boolean;
  /** The service worker's state at the end ('none' when it never controlled the page). */
  worker: string;
  /** What the phone keeps afterwards: each Cache Storage cache and how many answers it holds. */
  caches: Record<string, number>;
  files: WireRequest[];
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-first-visit-'));
const shopPort = await freePort();
const counter = new WireCounter(shopPort);
const relayPort = await counter.listen();
const base = `http://127.0.0.1:${relayPort}`;
// The shop's public address is the relay's, so every absolute link it writes is counted too.
const server = spawnShop({ cwd: appRoot, port: shopPort, dataDir, seedDemo: true, env: { PUBLIC_URL: base } });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(connection ? [`--force-effective-connection-type=${connection}`] : []),
  ],
});

/** navigator.connection.saveData true in every page, as a browser with its data saver on reports it. */
const SAVE_DATA_SCRIPT = `{
  const info = navigator.connection;
  if (info) Object.defineProperty(Object.getPrototypeOf(info), 'saveData', { get: () => true });
}`;

async function visit(mode: VisitMode, run: number): Promise<Visit> {
  const saveData = mode === 'save-data';
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: dpr,
    isMobile: true,
    hasTouch: true,
    locale: 'en-ZM',
    serviceWorkers: 'allow',
    extraHTTPHeaders: saveData ? { 'Save-Data': 'on' } : undefined,
  });
  // A string, not a function: tsx's compiled functions call a helper that the page does not have.
  if (saveData) await context.addInitScript({ content: SAVE_DATA_SCRIPT });
  counter.reset();
  try {
    const page = await context.newPage();
    await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
    const settled = await counter.quiet(quietMs, MAX_VISIT_MS);
    const { requests, sent, received } = counter.totals();
    const files = counter.requests.map((request) => ({ ...request }));
    const worker = await page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none');
    const caches = await page.evaluate(async () => {
      const counts: Record<string, number> = {};
      for (const name of await self.caches.keys()) counts[name] = (await (await self.caches.open(name)).keys()).length;
      return counts;
    });
    return { mode, run, requests, sent, received, settled, worker, caches, files };
  } finally {
    await context.close();
  }
}

const visits: Visit[] = [];
try {
  await waitForHealth(base, server);
  // The server draws and caches the page on its first request: warmed as any earlier shopper would have.
  const answer = await fetch(`${base}${pagePath}`, { headers: { accept: 'text/html' } });
  if (!answer.ok) throw new Error(`GET ${pagePath} answered ${answer.status}: is the web app built?`);
  await answer.arrayBuffer();
  for (let run = 1; run <= runs; run++) {
    for (const mode of VISIT_MODES) {
      const result = await visit(mode, run);
      visits.push(result);
      const cached = Object.entries(result.caches)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ');
      console.log(
        `run ${run}, ${mode}: ${kb(result.received).toFixed(1)} KB received in ${result.requests} requests, ` +
          `${kb(result.sent).toFixed(1)} KB sent; worker ${result.worker}${result.settled ? '' : ' (never quiet)'}; ` +
          `caches: ${cached || 'none'}`,
      );
    }
  }
} finally {
  await browser.close();
  await stopChild(server);
  await counter.close();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const mode of VISIT_MODES) {
  const last = visits.filter((v) => v.mode === mode).at(-1);
  if (!last) continue;
  console.log(`\n${mode}, run ${last.run}: what crossed the wire`);
  console.log(`${'request'.padEnd(64)}${'dest'.padEnd(15)}${'KB'.padStart(7)}  Save-Data`);
  for (const file of last.files) {
    const name = `${file.method} ${file.path}`.slice(0, 63);
    console.log(
      `${name.padEnd(64)}${file.dest.padEnd(15)}${kb(file.received).toFixed(1).padStart(7)}  ${file.saveData ? 'on' : ''}`,
    );
  }
}

const received = Object.fromEntries(
  VISIT_MODES.map((mode) => [mode, visits.filter((v) => v.mode === mode).map((v) => v.received)]),
);
console.log(`\n${runs > 1 ? `median of ${runs} runs` : 'one run'} (KB of 1,024 bytes received):`);
for (const mode of VISIT_MODES) {
  const ofMode = visits.filter((v) => v.mode === mode);
  const middle = median(received[mode]);
  const requests = median(ofMode.map((v) => v.requests));
  if (middle === undefined) continue;
  console.log(
    `${mode.padEnd(10)} ${kb(middle).toFixed(1).padStart(7)} KB in ${requests} requests (budget ${FIRST_VISIT_BUDGET_KB[mode]} KB)`,
  );
}
if (outFile) {
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify(
      { when: new Date().toISOString(), commit: describeCheckout(appRoot), pagePath, dpr, connection, quietMs, visits },
      null,
      2,
    ),
  );
  console.log(`written to ${outFile}`);
}
const failures = judgeFirstVisit(received);
for (const failure of failures) console.error(`over budget: ${failure}`);
if (failures.length > 0) process.exit(1);
console.log('Within budget.');
