import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/local-server';
import { waitForShop } from './shop-health';
import { buildTestRelease, type TestRelease, removeOpenFolders } from './test/release-fixture';
import { requireRoot, stagedInstall, type StagedInstall } from './test/staged-install';
import { checksumsOf } from './test/table-checksums';
import { unitServices } from './test/unit-runner';

let staged: StagedInstall;
let services: ReturnType<typeof unitServices>;
let releases: { first: TestRelease; failing: TestRelease; next: TestRelease };
let base: string;
let port: number;

beforeAll(async () => {
  requireRoot();
  const [first, failing, next] = await Promise.all([
    buildTestRelease('0.1.0'),
    // Its new migration changes a table, then fails: drizzle runs a release's migrations in one transaction.
    buildTestRelease('0.1.1', {
      tag: '0025_breaks',
      sql: 'ALTER TABLE "users" ADD COLUMN "nickname" text;--> statement-breakpoint\nSELECT 1 / 0;',
    }),
    buildTestRelease('0.1.2'),
  ]);
  releases = { first, failing, next };
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  staged = stagedInstall(first, { port });
  expect(await staged.install(), staged.lines.join('\n')).toBe(0);
  services = unitServices(staged.layout);
  await services.restart('coop-shop');
  expect(await waitForShop(port, 90_000), services.running?.output()).toBe(true);
  // Customers, so that the tables hold more than the first admin.
  for (const name of ['Mwila', 'Chipo'])
    await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email: `${name.toLowerCase()}@coop-test.example`, password: 'a good password' }),
    }).then((res) => expect(res.status).toBe(201));
}, 240_000);
afterAll(async () => {
  await services?.stop('coop-shop');
  staged?.remove();
  removeOpenFolders();
});

async function updateTo(release: TestRelease) {
  return staged.run(['update', '--from', release.folder], { services, healthTimeoutMs: 60_000 });
}

describe('coop-shop update', () => {
  it('a release whose migration fails: the old release answers again, every table as it was, and it says so', async () => {
    await services.stop('coop-shop');
    const before = await checksumsOf(staged.layout.dataDir);
    await services.restart('coop-shop');
    expect(await waitForShop(port, 90_000)).toBe(true);

    expect(await updateTo(releases.failing)).toBe(1);
    const said = staged.lines.join('\n');
    expect(said).toContain('Updating the shop from release 0.1.0 to 0.1.1.');
    expect(said).toMatch(/ {2}1\. Backup made: .*shop-.*\.tar\.gz/);
    expect(said).toContain('Release 0.1.1 failed (it did not answer within 60 s): going back to 0.1.0.');
    expect(staged.lines.at(-1)).toBe(
      'The update to 0.1.1 FAILED, so the shop went back to release 0.1.0, and it answers again. The database was not changed. No order was lost: the shop was stopped while 0.1.1 tried. What 0.1.1 said: coop-shop logs',
    );
    expect(services.outputs.at(-1)).toContain('division by zero');

    expect(readlinkSync(staged.layout.currentLink)).toBe('releases/0.1.0');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    await services.stop('coop-shop');
    // Every table as it was, but for the record of the backup the update took first (backup_runs).
    const after = await checksumsOf(staged.layout.dataDir);
    expect({ ...after, backup_runs: 'the update backup' }).toEqual({ ...before, backup_runs: 'the update backup' });
    expect([before.backup_runs, after.backup_runs].map((digest) => digest.split(',')[0])).toEqual(['0 rows', '1 rows']);
    expect(before.users.split(',')[0]).toBe('3 rows');
    await services.restart('coop-shop');
  }, 240_000);

  it('a good release: installed beside the old, started, answering; the old one kept as the way back', async () => {
    expect(await updateTo(releases.next), staged.lines.join('\n')).toBe(0);
    expect(staged.lines.at(-2)).toBe('');
    expect(staged.lines.at(-1)).toBe(
      'Updated to 0.1.2. The shop answers. Release 0.1.0 stays beside it: coop-shop update 0.1.0 goes back to it.',
    );
    expect(readlinkSync(staged.layout.currentLink)).toBe('releases/0.1.2');
    expect(readlinkSync(staged.layout.previousLink)).toBe('releases/0.1.0');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(readdirSync(staged.layout.releasesDir).sort()).toEqual(['0.1.0', '0.1.1', '0.1.2']);
    expect(existsSync(path.join(staged.layout.releasesDir, '0.1.2/dist/server/main.js'))).toBe(true);

    expect(await updateTo(releases.next)).toBe(0);
    expect(staged.lines).toEqual(['The shop already runs release 0.1.2: nothing to do.']);
  }, 240_000);
});
