/**
 * npm run lighthouse [-- --runs 3 --no-build --out FILE --dist DIR --app DIR]
 *
 * Lighthouse (mobile, default throttling) on home, listing and a product page of a fresh demo shop, with
 * Debian's Chromium (CHROME_PATH for another). Prints the scores and times of each page, then which
 * budget each page missed (scripts/lighthouse/budgets.ts), and exits 1 when any page missed one.
 * --runs N runs every page N times, in turns, and judges each figure's median (scores are noisy on 2
 * shared cores; an odd N gives a median that one run measured). --no-build serves the web app as built;
 * --dist DIR serves another build (WEB_DIST_DIR, not built here); --app DIR runs another checkout's server
 * (with its own node_modules), built there unless --no-build, so a before and an after are measured alike.
 * --out FILE writes every run's figures, the medians and the failures as JSON. Reports go to lighthouse-results/.
 * Offline: the shop runs on loopback and Chromium's background networking is off.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from './lib/args';
import { describeCheckout } from './lib/checkout';
import { freePort, spawnShop, stopChild, waitForHealth } from './local-server';
import {
  BUDGETS,
  describeBudgets,
  figuresOf,
  formatFigure,
  judgePage,
  runProblem,
  type PageFigures,
  type RunOutcome,
} from './lighthouse/budgets';

const root = path.resolve(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const runs = Number(args.get('runs') ?? 1);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs: a whole number of 1 or more, not ${args.get('runs')}`);
const appRoot = path.resolve(args.get('app') ?? root);
const distDir = args.has('dist') ? path.resolve(args.get('dist')!) : undefined;
const outFile = args.has('out') ? path.resolve(args.get('out')!) : undefined;
const build = !args.has('no-build') && !distDir;
const reportsDir = path.join(root, 'lighthouse-results');

if (build) execFileSync('npm', ['run', 'build:web', '--silent'], { cwd: appRoot, stdio: 'inherit' });
const served = distDir ?? path.join(appRoot, 'dist', 'web');
console.log(
  `shop of ${appRoot} (${describeCheckout(appRoot)}), web app from ${served}${build ? '' : ' (not rebuilt)'}; ${runs} run(s) a page`,
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawnShop({ cwd: appRoot, port, dataDir, seedDemo: true, webDistDir: distDir });

const pages: Record<string, { path: string; runs: RunOutcome[] }> = {};
/** Lighthouse asks to be run again when it loses a trace; a run is tried this many times before it counts as failed. */
const ATTEMPTS = 3;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth(base, server);
  const { products } = (await (await fetch(`${base}/api/products?limit=1`)).json()) as { products: { _id: string }[] };
  for (const [name, pagePath] of Object.entries({
    home: '/',
    listing: '/products',
    product: `/products/${products[0]._id}`,
  })) {
    const answer = await fetch(`${base}${pagePath}`, { headers: { accept: 'text/html' } });
    // Without the built web app the server answers pages with a 404 and Lighthouse would score an error page.
    // The visit also warms the server's caches, as any earlier shopper would have.
    if (!answer.ok || !answer.headers.get('content-type')?.startsWith('text/html')) {
      throw new Error(
        `GET ${pagePath} answered ${answer.status} ${answer.headers.get('content-type')}: is ${served} built?`,
      );
    }
    pages[name] = { path: pagePath, runs: [] };
  }

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  mkdirSync(reportsDir, { recursive: true });
  // In turns (home, listing, product, home, ...), so a busy minute on the shared cores spreads over every page.
  for (let run = 1; run <= runs; run++) {
    for (const [name, page] of Object.entries(pages)) {
      let outcome: RunOutcome = { error: 'not run' };
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        writeFileSync(path.join(reportsDir, runs > 1 ? `${name}-${run}.html` : `${name}.html`), String(result.report));
        const problem = runProblem(result.lhr);
        outcome = problem ? { error: problem } : { figures: figuresOf(result.lhr) };
        if (!problem) break;
        console.warn(
          `run ${run}, ${name}: Lighthouse measured nothing (${problem})${attempt < ATTEMPTS ? ', trying again' : ''}`,
        );
      }
      page.runs.push(outcome);
      if (runs > 1 && 'figures' in outcome) {
        const { performance, lcpMs, tbtMs } = outcome.figures;
        console.log(
          `run ${run}, ${name}: performance ${performance}, LCP ${formatFigure('lcpMs', lcpMs)}, TBT ${formatFigure('tbtMs', tbtMs)}`,
        );
      }
    }
  }
} finally {
  await chrome?.kill();
  await stopChild(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = Object.entries(pages).map(([name, page]) => ({
  name,
  path: page.path,
  ...judgePage(page.runs),
  runs: page.runs,
}));
const columns: [keyof PageFigures, string][] = [
  ['performance', 'perf'],
  ['accessibility', 'a11y'],
  ['bestPractices', 'best-pr'],
  ['seo', 'seo'],
  ['fcpMs', 'FCP'],
  ['lcpMs', 'LCP'],
  ['tbtMs', 'TBT'],
  ['cls', 'CLS'],
  ['speedIndexMs', 'SI'],
];
console.log(`\n${runs > 1 ? `median of ${runs} runs` : 'one run'}; budgets: ${describeBudgets()}`);
console.log(`${'page'.padEnd(10)}${columns.map(([, title]) => title.padStart(9)).join('')}`);
for (const page of summary) {
  const median = page.median;
  const figures = median
    ? columns.map(([figure]) => formatFigure(figure, median[figure]).padStart(9)).join('')
    : '  not measured';
  console.log(
    `${page.name.padEnd(10)}${figures}${page.measured < runs ? `  (${page.measured} of ${runs} runs measured it)` : ''}`,
  );
}
const failed = summary.filter((page) => page.failures.length > 0);
for (const page of failed) console.error(`${page.name} (${page.path}) over budget: ${page.failures.join('; ')}`);
if (outFile) {
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify(
      {
        when: new Date().toISOString(),
        app: appRoot,
        commit: describeCheckout(appRoot),
        web: served,
        runs,
        budgets: BUDGETS,
        pages: summary,
      },
      null,
      2,
    ),
  );
  console.log(`written to ${outFile}`);
}
if (failed.length > 0) process.exit(1);
console.log('Every page within budget.');
