import { readdirSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/local-server';
import { waitForShop } from './shop-health';
import { buildTestRelease, type TestRelease, removeOpenFolders } from './test/release-fixture';
import { requireRoot, stagedInstall, type StagedInstall } from './test/staged-install';
import { checksumsOf } from './test/table-checksums';
import { unitServices } from './test/unit-runner';

let staged: StagedInstall;
let services: ReturnType<typeof unitServices>;
let broken: TestRelease;
let port: number;

beforeAll(async () => {
  requireRoot();
  const [first, next] = await Promise.all([
    buildTestRelease('0.1.0'),
    // Its migration succeeds, and leaves a shop that cannot list its products.
    buildTestRelease('0.2.0', { tag: '0025_loses_products', sql: 'ALTER TABLE "products" RENAME TO "products_gone";' }),
  ]);
  broken = next;
  port = await freePort();
  staged = stagedInstall(first, { port });
  expect(await staged.install(), staged.lines.join('\n')).toBe(0);
  services = unitServices(staged.layout);
  await services.restart('coop-shop');
  expect(await waitForShop(port, 90_000), services.running?.output()).toBe(true);
}, 240_000);
afterAll(async () => {
  await services?.stop('coop-shop');
  staged?.remove();
  removeOpenFolders();
});

describe('coop-shop update, when the new release changed the database and then failed', () => {
  it('restores the backup taken just before, goes back to the old release, and says so', async () => {
    await services.stop('coop-shop');
    const before = await checksumsOf(staged.layout.dataDir);
    await services.restart('coop-shop');

    expect(await staged.run(['update', '--from', broken.folder], { services, healthTimeoutMs: 60_000 })).toBe(1);
    const said = staged.lines.join('\n');
    expect(said).toContain('Release 0.2.0 failed (/api/products answered 500): going back to 0.1.0.');
    expect(said).toMatch(/Its database changes undone: the backup .*shop-.*\.tar\.gz restored\./);
    expect(staged.lines.at(-1)).toBe(
      'The update to 0.2.0 FAILED, so the shop went back to release 0.1.0, and it answers again. The database changes 0.2.0 made were undone: the backup taken just before the update was restored (the changed database is kept beside it, renamed). No order was lost: the shop was stopped while 0.2.0 tried. What 0.2.0 said: coop-shop logs',
    );
    expect(readlinkSync(staged.layout.currentLink)).toBe('releases/0.1.0');
    expect((await fetch(`http://127.0.0.1:${port}/api/products`)).status).toBe(200);
    expect(readdirSync(staged.layout.dataDir).filter((name) => name.startsWith('pgdata.before-restore-'))).toHaveLength(
      1,
    );

    await services.stop('coop-shop');
    const after = await checksumsOf(staged.layout.dataDir);
    // The backup was taken before its own run was recorded as done: backup_runs holds it as the file saw it.
    expect({ ...after, backup_runs: '' }).toEqual({ ...before, backup_runs: '' });
  }, 240_000);
});
