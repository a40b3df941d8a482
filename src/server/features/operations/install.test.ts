import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/local-server';
import { caddyValidate } from './caddy';
import { parseEnvFile } from './env-file';
import { realHost } from './host';
import { findUser } from './system-user';
import { buildTestRelease, type TestRelease, removeOpenFolders } from './test/release-fixture';
import { requireRoot, stagedInstall, type StagedInstall } from './test/staged-install';

let release: TestRelease;
let staged: StagedInstall;

beforeAll(async () => {
  requireRoot();
  release = await buildTestRelease('0.1.0');
  staged = stagedInstall(release, { port: await freePort() });
}, 120_000);
afterAll(() => {
  staged?.remove();
  removeOpenFolders();
});

const mtimes = (files: string[]) => files.map((file) => statSync(file).mtimeMs);

describe('coop-shop install into a staging root', () => {
  it('lays out code, data and settings apart, writes a service systemd accepts and a Caddyfile Caddy accepts, and makes the first admin', async () => {
    const { layout } = staged;
    expect(await staged.install(), staged.lines.join('\n')).toBe(0);
    const said = staged.lines.join('\n');

    // Code: the release beside any other, `current` pointing at it, root's; data apart, the service user's.
    expect(readlinkSync(layout.currentLink)).toBe('releases/0.1.0');
    expect(existsSync(path.join(layout.currentLink, 'dist/server/main.js'))).toBe(true);
    const user = (await findUser(realHost, 'coop-shop'))!;
    expect(user).toBeDefined();
    const data = statSync(layout.dataDir);
    expect([data.uid, data.mode & 0o777]).toEqual([user.uid, 0o750]);
    expect(statSync(path.join(layout.releasesDir, '0.1.0/dist/server/main.js')).uid).toBe(0);

    // Settings: one file, the service user's alone, with what the shop behind Caddy needs.
    const env = statSync(layout.envFile);
    expect([env.uid, env.gid, env.mode & 0o777]).toEqual([user.uid, user.gid, 0o600]);
    const settings = parseEnvFile(readFileSync(layout.envFile, 'utf8'));
    expect(Object.fromEntries(settings)).toMatchObject({
      PUBLIC_URL: 'https://shop.coop-test.example',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: layout.dataDir,
      SEED_DEMO: 'false',
    });

    // The first admin: made once, its generated password printed once and written nowhere.
    const password = /Password: +(\S+)/.exec(said)?.[1];
    expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(said.split(password!).length).toBe(2);
    expect(said).toContain('https://shop.coop-test.example/login  as owner@coop-test.example');
    expect(readFileSync(layout.envFile, 'utf8')).not.toContain(password);
    expect(existsSync(path.join(layout.dataDir, 'pgdata'))).toBe(true);
    expect(statSync(path.join(layout.dataDir, 'pgdata')).uid).toBe(user.uid);

    // systemd's and Caddy's own checks of what was written.
    execFileSync(
      'systemd-analyze',
      ['verify', layout.unitFile, layout.backupCheckUnitFile, layout.backupCheckTimerFile],
      {
        stdio: 'pipe',
      },
    );
    expect(readFileSync(layout.backupCheckUnitFile, 'utf8')).toContain(
      `ExecStart=${layout.nodeBin} $NODE_FLAGS ${layout.currentLink}/dist/server/cli/coop-shop.js backups check --root ${layout.root}\n`,
    );
    const unit = readFileSync(layout.unitFile, 'utf8');
    expect(unit).toContain(`ExecStart=${layout.nodeBin} $NODE_FLAGS ${layout.currentLink}/dist/server/main.js`);
    expect(settings.get('NODE_FLAGS')).toBe('--liftoff-only');
    expect(unit).toContain(`ReadWritePaths=${layout.dataDir}\n`);
    for (const line of [
      'User=coop-shop',
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'PrivateTmp=yes',
      'MemoryMax=700M',
      'WantedBy=multi-user.target',
    ])
      expect(unit).toContain(line);
    expect(await caddyValidate(realHost, layout.caddyfile)).toBeUndefined();
    expect(readFileSync(layout.caddyfile, 'utf8')).toContain(
      `shop.coop-test.example {\n\tencode zstd gzip\n\treverse_proxy 127.0.0.1:${settings.get('PORT')}`,
    );
  }, 180_000);

  it('run again, changes nothing and says so; a setting changed since is kept', async () => {
    const { layout } = staged;
    const files = [
      layout.envFile,
      layout.unitFile,
      layout.backupCheckTimerFile,
      layout.caddyfile,
      layout.commandFile,
      layout.nodeBin,
    ];
    const before = mtimes(files);
    expect(await staged.install(), staged.lines.join('\n')).toBe(0);
    const steps = staged.lines.filter((line) => /^ {2}\S/.test(line));
    expect(steps.filter((line) => !line.startsWith('  already right'))).toEqual([
      '  not done       the hourly backup check is not started (staging root: files only, no service started)',
      '  not done       the shop is not started (staging root: files only, no service started)',
    ]);
    expect(staged.lines).toContain('Nothing needed changing: the shop was already installed as asked.');
    expect(staged.lines.join('\n')).not.toMatch(/Password:/);
    expect(mtimes(files)).toEqual(before);

    writeFileSync(layout.envFile, `${readFileSync(layout.envFile, 'utf8')}SHOP_EMAIL=orders@coop-test.example\n`);
    expect(await staged.install(), staged.lines.join('\n')).toBe(0);
    expect(parseEnvFile(readFileSync(layout.envFile, 'utf8')).get('SHOP_EMAIL')).toBe('orders@coop-test.example');
  }, 120_000);

  it('refuses a domain that is not one, and changes nothing', async () => {
    const before = mtimes([staged.layout.envFile]);
    staged.domain = 'not a domain';
    try {
      expect(await staged.install()).toBe(1);
    } finally {
      staged.domain = 'shop.coop-test.example';
    }
    expect(staged.lines.join('\n')).toContain('--domain not a domain is not a domain name like shop.example.zm');
    expect(mtimes([staged.layout.envFile])).toEqual(before);
  });
});
