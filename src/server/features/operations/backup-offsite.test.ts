import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopEnvForSimulator } from '../../../../simulators/shop-env';
import { startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { openDatabase } from '../../db/client';
import { s3Client } from '../../lib/s3-client';
import { startS3Peer, type S3Peer } from '../../test/s3-peer';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { openBackupBucket, testRestore } from '../backups';
import { backupInto, tableDigests } from '../backups/test/table-digests';
import { startSmtpPeer, type SmtpPeer } from '../mail/test/smtp-peer';
import { insertCustomers, insertOrder, insertProduct } from '../orders/test/fixtures';
import { readRecord } from './backup-state';
import { runCommand } from './command';
import { renderEnvFile } from './env-file';
import { shopLayout, type ShopLayout } from './layout';
import { linesOf } from './secret-input';
import { noServices } from './services';
import { openFolder, removeOpenFolders } from './test/release-fixture';

let shop: TestApp;
let s3: S3Peer;
let smtp: SmtpPeer;
let simulators: RunningSimulators;
let layout: ShopLayout;
let digests: Record<string, string>;
let backupName: string;
const OLD_COPY = 'shop-2020-01-01T00-00-00Z-schema-0001.tar.gz';

beforeAll(async () => {
  [shop, s3, smtp, simulators] = await Promise.all([
    createTestApp(),
    startS3Peer(),
    startSmtpPeer(),
    startSimulators(),
  ]);
  // A shop with its admin (mail and phone), customers, products and an order.
  const admin = await createUser(shop, { isAdmin: true, email: 'admin@coop-test.example' });
  await shop.database.db.execute(
    sql`update users set mobile = '+260971234567' where email = 'admin@coop-test.example'`,
  );
  const [customer] = await insertCustomers(shop, 3);
  const product = await insertProduct(shop, { name: 'Baobab oil', price: 85, countInStock: 40 });
  await insertOrder(shop, { user: customer.user, total: 170, isPaid: true, productId: product.id });
  void admin;
  digests = await tableDigests(shop.database);

  layout = shopLayout(openFolder('coop-offsite-'));
  for (const folder of [layout.configDir, layout.backupsDir, layout.opsStateDir])
    mkdirSync(folder, { recursive: true });
  backupName = path.basename(await backupInto(shop.database, layout.backupsDir));
  writeFileSync(
    path.join(layout.opsStateDir, 'first-admin.json'),
    JSON.stringify({ email: 'owner@coop-test.example', made: new Date().toISOString() }),
  );
  const settings = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shop.coop-test.example',
    HOST: '127.0.0.1',
    PORT: '3999',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: layout.dataDir,
    SEED_DEMO: 'false',
    BACKUP_COPY_URL: `s3://${s3.bucket}/backups`,
    BACKUP_COPY_DAYS: '30',
    S3_ENDPOINT: s3.env.S3_ENDPOINT,
    S3_REGION: s3.env.S3_REGION,
    S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
    SMTP_URL: smtp.url,
    SMS_PROVIDER: 'africastalking',
    AFRICASTALKING_USERNAME: shopEnvForSimulator(simulators.url, undefined).AFRICASTALKING_USERNAME,
    AFRICASTALKING_API_KEY: shopEnvForSimulator(simulators.url, undefined).AFRICASTALKING_API_KEY,
    AFRICASTALKING_URL: simulators.url,
  };
  writeFileSync(layout.envFile, renderEnvFile(new Map(Object.entries(settings))), { mode: 0o600 });

  // Already in the bucket: a copy from long ago, and something that is not ours.
  const client = s3Client(s3.settings);
  for (const key of [`backups/${OLD_COPY}`, 'backups/readme.txt'])
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'not much' }));
  client.destroy();
}, 120_000);
afterAll(async () => {
  await Promise.all([shop?.close(), s3?.close(), smtp?.close(), simulators?.close()]);
  removeOpenFolders();
});

async function backupsCheck(...flags: string[]) {
  const lines: string[] = [];
  const code = await runCommand(['backups', 'check', ...flags, '--root', layout.root], {
    services: noServices,
    out: (line) => lines.push(...line.split('\n')),
    readLine: linesOf(),
  });
  return { code, lines };
}

describe('backups off the machine', () => {
  it('copies the backup to the bucket, deletes copies past their days, and proves the copy restores', async () => {
    const { code, lines } = await backupsCheck('--restore-test');
    expect(lines.join('\n'), lines.join('\n')).toContain(`Copied ${backupName}`);
    expect(code, lines.join('\n')).toBe(0);
    expect(lines).toContain(`Deleted 1 copy older than 30 days from s3://${s3.bucket}/backups.`);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Restore test: ${backupName} from s3://${s3.bucket}/backups restored into a spare folder: \\d+ rows in \\d+ tables and 0 images, equal to the backup\\.$`,
      ),
    );
    const bucket = openBackupBucket({ ...s3.settings, prefix: 'backups' });
    expect((await bucket.list()).map((copy) => copy.name)).toEqual([backupName]);
    expect(readRecord(layout, 'offsite-copy')).toMatchObject({
      ok: true,
      file: backupName,
      destination: `s3://${s3.bucket}/backups`,
    });
    expect(readRecord(layout, 'restore-test')).toMatchObject({
      ok: true,
      file: backupName,
      admins: [{ email: 'admin@coop-test.example', mobile: '+260971234567' }],
    });

    // Run again: nothing more to copy.
    expect((await backupsCheck()).lines).toContain(
      `Off the machine already: every backup is in s3://${s3.bucket}/backups.`,
    );

    // From the bucket into a fresh folder: every table equal to the shop's, row for row.
    const fetched = path.join(openFolder('coop-fetched-'), backupName);
    await bucket.download(backupName, fetched);
    bucket.close();
    const fresh = openFolder('coop-fresh-');
    await testRestore(fetched, fresh);
    const restored = await openDatabase({ pgliteDir: path.join(fresh, 'pgdata'), migrate: false });
    try {
      expect(await tableDigests(restored)).toEqual(digests);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('a copy that does not restore: says so, and the admins get a mail and a text', async () => {
    const damaged = 'shop-2099-01-01T00-00-00Z-schema-0024.tar.gz';
    const client = s3Client(s3.settings);
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `backups/${damaged}`, Body: Buffer.from('cut short') }),
    );
    client.destroy();

    const { code, lines } = await backupsCheck('--restore-test');
    expect(code).toBe(1);
    const said = lines.join('\n');
    expect(said).toContain(`Restore test FAILED: ${damaged} did not restore:`);
    expect(said).toContain(
      'Told the admins: mailed admin@coop-test.example, owner@coop-test.example; texted +260971234567.',
    );
    expect(readRecord(layout, 'restore-test')).toMatchObject({ ok: false, file: damaged });

    const mail = smtp.to('admin@coop-test.example');
    expect(mail).toHaveLength(1);
    expect(mail[0].parsed.subject).toBe("The shop's backup did not restore (https://shop.coop-test.example)");
    expect(mail[0].envelopeTo.sort()).toEqual(['admin@coop-test.example', 'owner@coop-test.example']);
    const texts = simulators.state.sms.to('+260971234567', true);
    expect(texts.map((t) => t.text)).toEqual([
      'Forest co-op shop: the weekly backup test FAILED (a backup did not restore). The shop still works. On the server run: coop-shop doctor',
    ]);
  }, 120_000);
});
