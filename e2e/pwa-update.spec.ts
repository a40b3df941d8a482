import { execFile, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/test';
import { freePort, spawnShop, stopChild, waitForHealth } from '../scripts/local-server';
import { waitForWorkerControl } from './support/pwa';

const run = promisify(execFile);

/**
 * A deployment as it happens: the shop runs one build, a phone has it open, the shop restarts on the
 * next build. The server reads its build into memory at start, so this journey runs a server of its own
 * (own port, own data) and restarts it on a second build made with another VITE_BUILD_ID.
 */
test('after a new deployment the open page offers a reload, and the reload runs the new build @pwa', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const scratch = mkdtempSync(path.join(tmpdir(), 'coop-shop-pwa-update-'));
  const firstBuild = path.join(scratch, 'web-1');
  const nextBuild = path.join(scratch, 'web-2');
  const dataDir = path.join(scratch, 'data');
  const nextBuildId = `update-journey-${Date.now()}`;
  // The build the shared journey server serves is the one deployed first.
  cpSync(process.env.WEB_DIST_DIR ?? 'dist/web', firstBuild, { recursive: true });
  const building = run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    env: { ...process.env, WEB_DIST_DIR: nextBuild, VITE_BUILD_ID: nextBuildId },
    maxBuffer: 16 * 1024 * 1024,
  });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const startShop = async (webDistDir: string) => {
    server = spawnShop({
      port,
      dataDir,
      webDistDir,
      // An empty shop starts in seconds (no demo pictures to draw); the journey needs only its pages.
      seedDemo: false,
      env: { BACKUP_SCHEDULE: 'off', LOW_STOCK_CHECK_SECONDS: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(base, server);
  };

  try {
    await startShop(firstBuild);
    await page.goto(`${base}/`);
    await waitForWorkerControl(page);
    // A page seen on the first build, kept for offline.
    await page.goto(`${base}/products`);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await page.goto(`${base}/`);
    const firstBuildId = await page.locator('html[data-build]').getAttribute('data-build');
    expect(firstBuildId).not.toBe(nextBuildId);

    await building;
    await stopChild(server!);
    await startShop(nextBuild);

    // The shopper comes back to the tab: the page asks for a new worker, which installs and waits.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const offer = page.locator('[data-sonner-toast]').filter({ hasText: 'A new version of the shop is ready.' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    // Until the shopper says so, the open page keeps running the build it started with.
    await expect(page.locator('html')).toHaveAttribute('data-build', firstBuildId!);

    await offer.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-build', nextBuildId, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);
    // The new worker controls the page and nothing waits behind it.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();

    // Offline, the page seen on the first build opens on the new build (its old copy named scripts that are gone).
    await page.context().setOffline(true);
    await page.goto(`${base}/products`);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-build', nextBuildId);
    await page.context().setOffline(false);
  } finally {
    if (server) await stopChild(server);
    rmSync(scratch, { recursive: true, force: true });
  }
});
