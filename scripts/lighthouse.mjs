/**
 * npm run lighthouse — Lighthouse (mobile, default throttling) on home, listing and a product page of a
 * fresh demo shop, with Debian's Chromium. Prints performance / accessibility / best practices / SEO and
 * exits 1 when performance < 90 or accessibility < 95. Writes the reports to lighthouse-results/.
 * Offline: the shop runs on loopback and Chromium's background networking is off.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET = { performance: 90, accessibility: 95 };

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

if (process.argv.includes('--no-build') === false) execFileSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

let failed = false;
let chrome;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 600 || server.exitCode !== null) throw new Error('the shop did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const { products } = await (await fetch(`${base}/api/products?limit=1`)).json();
  const pages = { home: '/', listing: '/products', product: `/products/${products[0]._id}` };

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  mkdirSync(path.join(root, 'lighthouse-results'), { recursive: true });
  console.log('page        performance  accessibility  best-practices  seo');
  for (const [name, pagePath] of Object.entries(pages)) {
    // A first visit warms the server's caches the way any earlier shopper would.
    await fetch(`${base}${pagePath}`);
    const result = await lighthouse(`${base}${pagePath}`, { port: chrome.port, output: 'html', logLevel: 'error' });
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    console.log(
      `${name.padEnd(12)}${String(score('performance')).padStart(11)}${String(score('accessibility')).padStart(15)}` +
        `${String(score('best-practices')).padStart(16)}${String(score('seo')).padStart(5)}`,
    );
    const audits = result.lhr.audits;
    console.log(
      `            FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, ` +
        `TBT ${audits['total-blocking-time'].displayValue}, CLS ${audits['cumulative-layout-shift'].displayValue}`,
    );
    writeFileSync(path.join(root, 'lighthouse-results', `${name}.html`), result.report);
    if (score('performance') < BUDGET.performance || score('accessibility') < BUDGET.accessibility) failed = true;
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`Below budget (performance >= ${BUDGET.performance}, accessibility >= ${BUDGET.accessibility}).`);
  process.exit(1);
}
