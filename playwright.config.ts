import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_UNPAID_BOUNDS } from './e2e/support/shop';
import { AIRTEL_PIN_PRIVATE_KEY_PEM } from './simulators/airtel-pin-key';
import { DEMO_USSD } from './simulators/demo-accounts';
import { shopEnvForSimulator } from './simulators/shop-env';
import { smartInvoiceEnvForSimulator } from './simulators/vsdc';

/** A free port, found synchronously: the config is plain code evaluated before anything starts. */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// Workers evaluate this file again: the environment carries the first evaluation's choices to them.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'coop-shop-e2e-'));
process.env.E2E_SIMULATOR_PORT ??= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
/** The simulators: the shop's MTN and Airtel clients talk to it, journeys use its phone page. */
export const simulatorURL = `http://127.0.0.1:${process.env.E2E_SIMULATOR_PORT}`;

// Screenshots for a human look (.scratch/shots) only when asked: E2E_SHOTS=1 npx playwright test e2e/screenshots.spec.ts
const skipShots = process.env.E2E_SHOTS === '1' ? '' : '|@shots';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['./e2e/support/timing-reporter.ts']],
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL,
    locale: 'en-ZM',
    timezoneId: 'Africa/Lusaka',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A worker would keep pages and answers across a journey's steps; only the pwa journeys have one.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      grepInvert: new RegExp(`@desktop|@alone|@pwa${skipShots}`),
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
      },
    },
    {
      // Shoppers are on phones: every journey runs there. At 1280 px run only the journeys whose screen is
      // laid out differently (tagged @layout: the header's navigation, filters beside the list, tables in
      // place of the back office's cards, the checkout summary) and the ones about the desktop alone
      // (@desktop); the rest would only repeat the phone's run (docs/decisions/061-ci-time-budget.md).
      name: 'desktop',
      grep: /@desktop|@layout|@shots/,
      grepInvert: new RegExp(`@phone|@alone|@pwa${skipShots}`),
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    },
    {
      // Journeys that read shop-wide figures (the dashboard's counts) run once the others are done, so no
      // other journey's order lands between two readings.
      name: 'alone',
      grep: /@alone/,
      grepInvert: /@pwa/,
      dependencies: ['phone', 'desktop'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    },
    {
      // Offline and installable (docs/decisions/018-service-worker-updates.md): the journeys with the
      // service worker running, on a phone. Each journey has its own browser context, so its own worker
      // and caches.
      name: 'pwa',
      grep: /@pwa/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
        serviceWorkers: 'allow',
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx simulators/main.ts',
      url: `${simulatorURL}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SIMULATOR_PORT: process.env.E2E_SIMULATOR_PORT,
        SIMULATOR_HOST: '127.0.0.1',
        // Each simulated provider calls back to its id under this (simulators/main.ts).
        SIMULATOR_SHOP_CALLBACK_BASE: `${baseURL}/api/payments/callback`,
        SIMULATOR_USSD_CALLBACK_URL: `${baseURL}/api/ussd/${DEMO_USSD.secret}`,
        // Every journey's paid order is signed in turn: a fast device keeps the line short.
        SIMULATOR_VSDC_SIGNING_MS: '100',
        // The key pair whose public half the shop below is given (shopEnvForSimulator): Airtel's
        // disbursements (refunds, members' payouts) are refused when the PIN was encrypted with another.
        SIMULATOR_AIRTEL_PIN_PRIVATE_KEY: AIRTEL_PIN_PRIVATE_KEY_PEM,
      },
    },
    {
      // E2E_SKIP_BUILD=1 reuses dist/web when only the tests changed.
      command: `${process.env.E2E_SKIP_BUILD === '1' ? '' : 'npm run build:web --silent && '}node --import tsx src/server/main.ts`,
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // The journeys open a few dozen accounts from one address; the limit itself is tested by the server's tests.
        REGISTRATIONS_PER_HOUR: '10000',
        // Dozens of journeys' orders text 0977123456 on one shop, in whatever order they run; which texts the
        // limit of 10 a day would hold back would change with that order. The limit is the server tests'.
        ORDER_TEXTS_PER_NUMBER_PER_DAY: '10000',
        // Journeys leave many orders unpaid from one account and to one phone number (decision 056's bounds
        // are tested by the server's tests; one journey meets them at this size).
        UNPAID_ORDERS_MAX: String(E2E_UNPAID_BOUNDS.orders),
        UNPAID_ITEMS_MAX: String(E2E_UNPAID_BOUNDS.items),
        // Both mobile-money methods collect through the simulator; its phone page approves or declines.
        ...shopEnvForSimulator(simulatorURL, `${baseURL}/api/payments/callback`),
        // Every sale and refund is fiscalised through the simulator's ZRA VSDC, as PAYMENTS=simulator npm start does.
        ...smartInvoiceEnvForSimulator(simulatorURL),
        // Backups are made by the backups journey when it asks, never by the clock in the middle of a run.
        BACKUP_SCHEDULE: 'off',
        PAYMENT_POLL_FIRST_SECONDS: '2',
        PAYMENT_POLL_MAX_SECONDS: '5',
      },
    },
  ],
});
