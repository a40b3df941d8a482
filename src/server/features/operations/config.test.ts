import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/local-server';
import { parseEnvFile, renderEnvFile } from './env-file';
import { runCommand } from './command';
import { shopLayout, type ShopLayout } from './layout';
import { linesOf } from './secret-input';
import { writeUnits } from './units';
import { fakeShopService } from './test/fake-services';
import { openFolder, removeOpenFolders } from './test/release-fixture';

let layout: ShopLayout;
let service: ReturnType<typeof fakeShopService>;
let lines: string[];
const settingsNow = () => Object.fromEntries(parseEnvFile(readFileSync(layout.envFile, 'utf8')));

async function configCommand(args: string[], input: string[] = []) {
  lines = [];
  return runCommand(['config', ...args, '--root', layout.root], {
    services: service,
    out: (line) => lines.push(...line.split('\n')),
    readLine: linesOf(...input),
    healthTimeoutMs: 3000,
  });
}

afterAll(() => removeOpenFolders());

beforeEach(async () => {
  layout = shopLayout(openFolder('coop-config-'));
  mkdirSync(layout.configDir, { recursive: true });
  mkdirSync(layout.dataDir, { recursive: true });
  mkdirSync(`${layout.root}/etc/systemd/system`, { recursive: true });
  const port = await freePort();
  const settings = new Map([
    ['NODE_ENV', 'production'],
    ['PUBLIC_URL', 'https://shop.example.zm'],
    ['HOST', '127.0.0.1'],
    ['PORT', String(port)],
    ['TRUST_PROXY', '127.0.0.1'],
    ['DATA_DIR', layout.dataDir],
    ['SEED_DEMO', 'false'],
  ]);
  writeFileSync(layout.envFile, renderEnvFile(settings), { mode: 0o600 });
  writeUnits(layout, settings, { postgres: false });
  service = fakeShopService(layout, (settings) => settings.get('MAIL_FROM') !== 'refused@start.example');
});
afterEach(() => service.close());

describe('coop-shop config', () => {
  it("set: checks the value with the shop's own settings check, writes it, restarts the shop and says it answers", async () => {
    expect(await configCommand(['set', 'BACKUP_KEEP=30', 'SHOP_EMAIL=orders@example.zm'])).toBe(0);
    expect(lines).toEqual([
      'Set: BACKUP_KEEP=30, SHOP_EMAIL=orders@example.zm.',
      'The shop restarted with it and answers.',
    ]);
    expect(settingsNow()).toMatchObject({
      BACKUP_KEEP: '30',
      SHOP_EMAIL: 'orders@example.zm',
      PORT: expect.any(String),
    });
    expect(statSync(layout.envFile).mode & 0o777).toBe(0o600);
    expect(service.calls).toEqual(['restart coop-shop']);

    expect(await configCommand(['set', 'BACKUP_KEEP=30'])).toBe(0);
    expect(lines).toEqual(['Already right: BACKUP_KEEP=30. Nothing was changed.']);
    expect(service.calls).toEqual(['restart coop-shop']);
  });

  it('refuses a bad value with the message the shop gives at start, and changes nothing', async () => {
    const before = readFileSync(layout.envFile, 'utf8');
    expect(await configCommand(['set', 'BACKUP_SCHEDULE=2am'])).toBe(1);
    expect(lines.slice(0, 2)).toEqual([
      'Invalid settings:',
      '  BACKUP_SCHEDULE: must be a time of day like 02:00 (24-hour, server time) or off',
    ]);
    expect(lines.at(-1)).toBe('Stopped: the shop would refuse these settings (above). Nothing was changed.');
    // A rule across settings, from a feature's own settings parser: the same words as the shop's.
    expect(await configCommand(['set', 'SMS_PROVIDER=africastalking'])).toBe(1);
    expect(lines[1]).toMatch(/^ {2}AFRICASTALKING_USERNAME/);
    expect(readFileSync(layout.envFile, 'utf8')).toBe(before);
    expect(service.calls).toEqual([]);
  });

  it('backups off the machine: a bucket checked as the shop checks it, its keys shared with the images', async () => {
    expect(await configCommand(['set', 'BACKUP_COPY_URL=https://bucket.example'])).toBe(1);
    expect(lines[1]).toBe('  BACKUP_COPY_URL: must look like s3://bucket or s3://bucket/prefix');
    expect(await configCommand(['set', 'S3_ACCESS_KEY_ID=AKIA-shop'])).toBe(1);
    expect(lines[1]).toBe('  S3_ACCESS_KEY_ID: set STORAGE_URL=s3://bucket too, or unset it');
    expect(await configCommand(['set', 'BACKUP_COPY_URL=s3://coop-backups/shop', 'BACKUP_COPY_DAYS=60'])).toBe(0);
    expect(await configCommand(['set', 'S3_ACCESS_KEY_ID=AKIA-shop'])).toBe(1);
    expect(lines[1]).toBe(
      '  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS default credentials',
    );
  });

  it('takes a password or key only from standard input, and never prints it', async () => {
    expect(await configCommand(['set', 'SMTP_URL=smtps://shop:secret@mail.example.zm'])).toBe(1);
    expect(lines.join('\n')).toContain('SMTP_URL holds a password or key: give it on standard input');
    expect(settingsNow().SMTP_URL).toBeUndefined();

    expect(await configCommand(['set', 'SMTP_URL'], ['smtps://shop:s3cret@mail.example.zm:465'])).toBe(0);
    expect(settingsNow().SMTP_URL).toBe('smtps://shop:s3cret@mail.example.zm:465');
    expect(await configCommand(['list'])).toBe(0);
    expect(lines).toContain('SMTP_URL=(hidden, 39 characters)');
    expect(await configCommand(['get', 'SMTP_URL'])).toBe(0);
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('refuses what install owns, saying where to change it', async () => {
    expect(await configCommand(['set', 'HOST=0.0.0.0'])).toBe(1);
    expect(lines.at(-1)).toBe('Stopped: HOST is set by install: only Caddy reaches the shop, on 127.0.0.1.');
  });

  it('puts the settings back when the shop does not start with them, and says so', async () => {
    const before = readFileSync(layout.envFile, 'utf8');
    expect(await configCommand(['set', 'MAIL_FROM=refused@start.example'])).toBe(1);
    expect(lines.at(-1)).toContain(
      'the shop did not start with the new settings, so they were put back as they were and the shop answers again',
    );
    expect(readFileSync(layout.envFile, 'utf8')).toBe(before);
  });

  it('a backup folder outside the data folder becomes writable for the shut-in service', async () => {
    expect(await configCommand(['set', 'BACKUP_DIR=/srv/shop-backups'])).toBe(0);
    expect(readFileSync(layout.unitFile, 'utf8')).toContain(`ReadWritePaths=${layout.dataDir} /srv/shop-backups\n`);
    expect(service.calls).toEqual(['daemon-reload', 'restart coop-shop']);
  });
});
