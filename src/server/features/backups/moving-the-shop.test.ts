import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpShops, startShop, tempFolder } from '../../test/shop-process';
import { productsInStock } from '../mail/test/server-process';
import { orderBody } from '../orders/test/fixtures';
import { readSmsOutbox } from '../sms/test/sms-outbox-files';
import { currentSchema } from './schema-version';
import { repackBackup } from './test/backup-files';

/**
 * A shop moved to a new DATA_DIR by npm run restore or npm run db:copy -- --to FOLDER, as an operator runs
 * them: the order links already sent by SMS and the logins of the old place still open in the new one, or
 * the command says what to copy (decision 025); a refused restore leaves its target exactly as it was.
 * On the embedded database (db:copy from PostgreSQL is in copy-database.pg.test.ts).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { ADMIN_EMAIL: 'owner@coop-shop.example', ADMIN_PASSWORD: 'owner password 1' };
const ANOTHER_SECRET = 'a-jwt-secret-set-by-the-operator-0123456789';

function cli(
  script: 'backup' | 'restore' | 'db-copy',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        BACKUP_SCHEDULE: 'off',
        JWT_SECRET: '',
        DATABASE_URL: '',
        STORAGE_URL: '',
        ...env,
      },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** Every file and folder under `folder` with its bytes' digest: equal listings mean nothing was changed. */
function listing(folder: string): string[] {
  if (!existsSync(folder)) return ['(no folder)'];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      return statSync(file).isDirectory()
        ? `${name}/`
        : `${name} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
    });
}

describe('moving the shop to a new DATA_DIR (embedded database)', () => {
  const oldPlace = tempFolder('coop-shop-old-place-');
  let orderLink = '';
  let adminToken = '';
  let backupFile = '';

  beforeAll(async () => {
    const shop = await startShop({ DATA_DIR: oldPlace, ...ADMIN, JWT_SECRET: '' });
    const login = await fetch(`${shop.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    adminToken = ((await login.json()) as { token: string }).token;
    const [product] = await productsInStock(shop.base);
    const order = await fetch(`${shop.base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(
        orderBody([{ product: product._id, name: product.name, quantity: 1, price: product.price }]),
      ),
    });
    expect(order.status, await order.clone().text()).toBe(201);
    // The "order received" text to the delivery phone carries the order's signed link.
    while (!orderLink) {
      const text = (await readSmsOutbox(oldPlace)).find((sms) => /\/o\/[\w-]{43}/.test(sms.text));
      if (text) orderLink = /\/o\/([\w-]{43})/.exec(text.text)![1];
      else await new Promise((r) => setTimeout(r, 100));
    }
    await shop.stop();

    const backup = await cli('backup', [], { DATA_DIR: oldPlace });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('It carries the signing secret (DATA_DIR/jwt-secret)');
    backupFile = /Backup written: (.+\.tar\.gz)/.exec(backup.out)![1];
  }, 180_000);

  afterAll(cleanUpShops);

  /** Starts a shop on `dataDir` and answers whether the old order link and the old login still open there. */
  async function oldLinkAndLoginOpen(dataDir: string) {
    const shop = await startShop({ DATA_DIR: dataDir, JWT_SECRET: '', SEED_DEMO: 'false' });
    try {
      const link = await fetch(`${shop.base}/api/order-links/${orderLink}`);
      const profile = await fetch(`${shop.base}/api/users/profile`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      return {
        link: link.status,
        profile: profile.status,
        items: link.ok ? ((await link.json()) as { orderItems: unknown[] }).orderItems.length : 0,
      };
    } finally {
      await shop.stop();
    }
  }

  it('a refused restore leaves its target folder exactly as it was, and writes no signing secret there', async () => {
    const bad = tempFolder('coop-shop-bad-files-');
    const cut = path.join(bad, 'cut.tar.gz');
    copyFileSync(backupFile, cut);
    truncateSync(cut, Math.floor(statSync(backupFile).size / 2));
    const newer = path.join(bad, 'newer.tar.gz');
    await repackBackup(backupFile, newer, (name, data) => {
      if (name !== 'backup.json' && name !== 'manifest.json') return data;
      return Buffer.from(
        JSON.stringify({
          ...JSON.parse(data.toString()),
          schema: { tag: '9999_from_the_future', when: currentSchema().when + 1 },
        }),
      );
    });
    const notABackup = path.join(bad, 'notes.tar.gz');
    writeFileSync(notABackup, 'not a backup');

    const empty = tempFolder('coop-shop-empty-target-');
    const occupied = tempFolder('coop-shop-occupied-target-');
    mkdirSync(path.join(occupied, 'pgdata'));
    writeFileSync(path.join(occupied, 'pgdata', 'PG_VERSION'), '17');
    writeFileSync(path.join(occupied, 'jwt-secret'), 'the secret of the shop that is here, kept as it is');
    const missing = path.join(tempFolder('coop-shop-no-target-'), 'not-made-yet');

    const refusals: [string, string, RegExp][] = [
      [cut, empty, /damaged or cut short/],
      [newer, empty, /made by a newer version of the shop/],
      [notABackup, empty, /not a shop backup/],
      [cut, missing, /damaged or cut short/],
      [backupFile, occupied, /already holds a shop/],
    ];
    for (const [file, target, message] of refusals) {
      const before = listing(target);
      const restore = await cli('restore', [file], { DATA_DIR: target });
      expect(restore.code, restore.out).toBe(1);
      expect(restore.out).toMatch(message);
      expect(listing(target), `${path.basename(file)} into ${target}`).toEqual(before);
    }
    expect(listing(empty)).toEqual([]);
  }, 120_000);

  it('a backup restored into a new DATA_DIR carries the signing secret: the order link sent by SMS and the login still open', async () => {
    const newPlace = tempFolder('coop-shop-restored-');
    const restore = await cli('restore', [backupFile], { DATA_DIR: newPlace });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(
      `Signing secret: the backed-up shop's was written to ${path.join(newPlace, 'jwt-secret')}, so order links already sent by SMS keep opening and nobody is logged out.`,
    );
    expect(readFileSync(path.join(newPlace, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(path.join(oldPlace, 'jwt-secret'), 'utf8'),
    );
    expect((statSync(path.join(newPlace, 'jwt-secret')).mode & 0o777).toString(8)).toBe('600');
    expect(await oldLinkAndLoginOpen(newPlace)).toEqual({ link: 200, profile: 200, items: 1 });
  }, 180_000);

  it('npm run db:copy -- --to FOLDER makes the folder, and the order link and the login still open there', async () => {
    const newPlace = path.join(tempFolder('coop-shop-copied-'), 'shops', 'forest');
    const copy = await cli('db-copy', ['--to', newPlace], { DATA_DIR: oldPlace });
    expect(copy.code, copy.out).toBe(0);
    expect(copy.out).toContain(`Now start the shop with DATA_DIR=${newPlace}.`);
    expect(copy.out).toContain(`Signing secret: the shop's was written to ${path.join(newPlace, 'jwt-secret')}`);
    expect(readdirSync(newPlace).sort()).toEqual(['jwt-secret', 'pgdata', 'uploads']);
    expect(await oldLinkAndLoginOpen(newPlace)).toEqual({ link: 200, profile: 200, items: 1 });
  }, 180_000);

  it('restored with --force over a shop, the secret that was there is set aside, and a different JWT_SECRET is warned of', async () => {
    const place = tempFolder('coop-shop-forced-');
    mkdirSync(path.join(place, 'pgdata'));
    writeFileSync(path.join(place, 'pgdata', 'PG_VERSION'), '17');
    writeFileSync(path.join(place, 'jwt-secret'), 'the secret of the shop that was here');
    const restore = await cli('restore', [backupFile, '--force'], { DATA_DIR: place, JWT_SECRET: ANOTHER_SECRET });
    expect(restore.code, restore.out).toBe(0);
    const aside = /The secret that was there is kept in (\S+)\./.exec(restore.out)![1];
    expect(readFileSync(aside, 'utf8')).toBe('the secret of the shop that was here');
    expect(readFileSync(path.join(place, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(path.join(oldPlace, 'jwt-secret'), 'utf8'),
    );
    expect(restore.out).toContain(
      "WARNING: JWT_SECRET is set here and is not the backed-up shop's secret, and it wins",
    );
  }, 120_000);

  it('when the secret cannot be carried (the shop signs with JWT_SECRET), the command says what to do', async () => {
    const withSetting = { DATA_DIR: oldPlace, JWT_SECRET: ANOTHER_SECRET };
    const backup = await cli(
      'backup',
      ['--to', path.join(tempFolder('coop-shop-setting-'), 'set.tar.gz')],
      withSetting,
    );
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('It does not carry the signing secret (JWT_SECRET is set)');
    const file = /Backup written: (.+\.tar\.gz)/.exec(backup.out)![1];

    const newPlace = tempFolder('coop-shop-no-secret-');
    const restore = await cli('restore', [file], { DATA_DIR: newPlace });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('WARNING: this backup does not carry the signing secret');
    expect(restore.out).toContain(
      `set JWT_SECRET to the old shop's, or copy the old shop's DATA_DIR/jwt-secret to ${path.join(newPlace, 'jwt-secret')}`,
    );
    expect(restore.out).toContain(
      'otherwise every order link already sent by SMS stops opening and everyone must log in again.',
    );
    expect(existsSync(path.join(newPlace, 'jwt-secret'))).toBe(false);

    const copyTo = path.join(tempFolder('coop-shop-copy-setting-'), 'shop');
    const copy = await cli('db-copy', ['--to', copyTo], withSetting);
    expect(copy.code, copy.out).toBe(0);
    expect(copy.out).toContain(
      'Signing secret: the shop signs with JWT_SECRET. Start the new one with the same JWT_SECRET',
    );
    expect(existsSync(path.join(copyTo, 'jwt-secret'))).toBe(false);
  }, 180_000);
});
