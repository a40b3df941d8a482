import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/local-server';
import { shopEnvForSimulator } from '../../../../simulators/shop-env';
import { startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/test/smtp-peer';
import { writeRecord } from './backup-state';
import { runCommand } from './command';
import type { MachineProbes } from './doctor/probes';
import { renderEnvFile } from './env-file';
import { shopLayout, type ShopLayout } from './layout';
import { linesOf } from './secret-input';
import { renderShopUnit } from './systemd-unit';
import { fakeShopService } from './test/fake-services';
import { openFolder, removeOpenFolders } from './test/release-fixture';
import { tlsStandIn } from './test/tls-stand-in';

const DOMAIN = 'shop.example.zm';
let simulators: RunningSimulators;
let smtp: SmtpPeer;
let https: Awaited<ReturnType<typeof tlsStandIn>>;

beforeAll(async () => {
  [simulators, smtp, https] = await Promise.all([startSimulators(), startSmtpPeer(), tlsStandIn(DOMAIN, 60)]);
});
afterAll(async () => {
  await Promise.all([simulators?.close(), smtp?.close(), https?.close()]);
  removeOpenFolders();
});

/** A server as install leaves it, its shop standing in by a health answer, every provider on a simulator. */
async function installedShop(more: Record<string, string> = {}) {
  const layout = shopLayout(openFolder('coop-doctor-'));
  for (const folder of [layout.configDir, layout.backupsDir, layout.opsStateDir, path.dirname(layout.unitFile)])
    mkdirSync(folder, { recursive: true });
  const settings = {
    NODE_ENV: 'production',
    PUBLIC_URL: `https://${DOMAIN}`,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: layout.dataDir,
    SEED_DEMO: 'false',
    ...shopEnvForSimulator(simulators.url, undefined),
    SMTP_URL: smtp.url,
    BACKUP_COPY_URL: 's3://coop-backups/shop',
    ...more,
  };
  writeFileSync(layout.envFile, renderEnvFile(new Map(Object.entries(settings))), { mode: 0o600 });
  writeFileSync(layout.unitFile, renderShopUnit(layout));
  return { layout, service: fakeShopService(layout) };
}

const probes = (more: Partial<MachineProbes> = {}): Partial<MachineProbes> => ({
  resolve: async () => ['203.0.113.7'],
  localAddresses: () => ['203.0.113.7', '10.0.0.5'],
  https: { host: '127.0.0.1', port: https.port, ca: https.ca },
  disk: () => ({ freeBytes: 20 * 1024 ** 3, totalBytes: 25 * 1024 ** 3 }),
  memory: () => ({ availableBytes: 400 * 1024 ** 2, totalBytes: 1024 ** 3 }),
  clock: async () => ({ synchronised: true }),
  ...more,
});

async function run(
  verb: string,
  layout: ShopLayout,
  service: ReturnType<typeof fakeShopService>,
  more?: Partial<MachineProbes>,
) {
  const lines: string[] = [];
  const code = await runCommand([verb, '--root', layout.root], {
    services: service,
    out: (line) => lines.push(...line.split('\n')),
    readLine: linesOf(),
    probes: probes(more),
  });
  return { code, lines };
}

describe('coop-shop doctor', () => {
  it('on a healthy server: one line per check, each ok, and says all is well', async () => {
    const { layout, service } = await installedShop();
    await service.restart('coop-shop');
    const backup = path.join(layout.backupsDir, 'shop-2026-12-02T020000Z-schema-0024.tar.gz');
    writeFileSync(backup, 'a backup');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(backup, hourAgo, hourAgo);
    writeRecord(layout, 'offsite-copy', {
      at: hourAgo.toISOString(),
      ok: true,
      file: path.basename(backup),
      destination: 's3://coop-backups/shop',
    });
    writeRecord(layout, 'restore-test', {
      at: hourAgo.toISOString(),
      ok: true,
      file: path.basename(backup),
      rows: 1234,
    });
    try {
      const { code, lines } = await run('doctor', layout, service);
      expect(lines.filter((line) => line.startsWith('  '))).toEqual([
        expect.stringMatching(/^ {2}ok {4}The shop runs and answers\.$/),
        '  ok    Domain: shop.example.zm points at this server (203.0.113.7).',
        expect.stringMatching(
          /^ {2}ok {4}HTTPS: certificate for shop.example.zm from Test Authority, 5[89] days left \(Caddy renews it by itself\)\.$/,
        ),
        '  ok    Disk: 20.0 GB free of 25.0 GB.',
        '  ok    Memory: 400 MB free of 1.0 GB.',
        '  ok    Clock: kept right by the time service.',
        '  ok    Backups: the last one is 60 minutes old (shop-2026-12-02T020000Z-schema-0024.tar.gz).',
        '  ok    Off the machine: shop-2026-12-02T020000Z-schema-0024.tar.gz copied to s3://coop-backups/shop 60 minutes ago.',
        '  ok    Restore test: shop-2026-12-02T020000Z-schema-0024.tar.gz restored 60 minutes ago, 1234 rows equal to the backup.',
        '  ok    MTN MoMo: reachable, accepts the keys.',
        '  ok    Airtel Money: reachable, accepts the keys.',
        '  ok    Lenco: reachable, accepts the keys.',
        "  ok    Africa's Talking (texts): reachable, accepts the keys.",
        '  ok    Mail server (SMTP): reachable, accepts the sign-in.',
      ]);
      expect(lines.at(-1)).toBe('All is well.');
      expect(code).toBe(0);
    } finally {
      await service.close();
    }
  });

  it('on a broken one: says what is wrong and what to do, line by line, and exits non-zero', async () => {
    const closed = await freePort();
    const { layout, service } = await installedShop({
      MTN_MOMO_API_KEY: 'a-key-from-the-wrong-portal',
      SMTP_URL: `smtp://127.0.0.1:${closed}`,
      AFRICASTALKING_URL: `http://127.0.0.1:${closed}`,
    });
    const expired = await tlsStandIn(DOMAIN, 5);
    try {
      const { code, lines } = await run('doctor', layout, service, {
        resolve: async () => ['198.51.100.20'],
        https: { host: '127.0.0.1', port: expired.port, ca: expired.ca },
        disk: () => ({ freeBytes: 300 * 1024 ** 2, totalBytes: 25 * 1024 ** 3 }),
        clock: async () => ({ synchronised: false }),
      });
      const said = lines.join('\n');
      expect(lines).toContain(
        '  FAIL  The shop is not running. See why with coop-shop logs, then start it with coop-shop restart.',
      );
      expect(said).toContain(
        '  WARN  Domain: shop.example.zm points at 198.51.100.20, which is not an address of this server (203.0.113.7, 10.0.0.5). Change the A record',
      );
      expect(said).toMatch(
        / {2}WARN {2}HTTPS: certificate for shop.example.zm from Test Authority, [45] days left\. Caddy renews it/,
      );
      expect(said).toContain('  FAIL  Disk: 300 MB free of 25.0 GB. The shop stops taking orders when it is full');
      expect(said).toContain(
        '  FAIL  Clock: not synchronised. Payments and HTTPS need the right time: run timedatectl set-ntp true',
      );
      expect(said).toContain('  WARN  Backups: none made yet.');
      expect(said).toContain(
        "  FAIL  MTN MoMo: refused the keys (401). Copy MTN_MOMO_SUBSCRIPTION_KEY, MTN_MOMO_API_USER, MTN_MOMO_API_KEY again from the provider's portal, each with: coop-shop config set NAME",
      );
      expect(said).toContain('  ok    Airtel Money: reachable, accepts the keys.');
      expect(said).toContain(
        "  FAIL  Africa's Talking (texts): could not be reached (ECONNREFUSED). Check the server's internet; if it lasts, check AFRICASTALKING_URL.",
      );
      expect(said).toContain('  FAIL  Mail server (SMTP): could not be reached (ECONNREFUSED).');
      expect(lines.at(-1)).toMatch(/^\d+ problems, \d+ warnings: each line says what to do\.$/);
      expect(code).toBe(1);
    } finally {
      await expired.close();
      await service.close();
    }
  });

  it('status: the shop, its backups and its disk in a few lines', async () => {
    const { layout, service } = await installedShop();
    await service.restart('coop-shop');
    try {
      const { code, lines } = await run('status', layout, service);
      expect(code).toBe(0);
      expect(lines[0]).toBe('https://shop.example.zm');
      expect(lines[1]).toMatch(/^ {2}The shop runs and answers/);
      expect(lines).toContain(
        '! Backups: none made yet. The first is made tonight at BACKUP_SCHEDULE (02:00); coop-shop backups check --now makes one now.',
      );
      expect(lines.at(-1)).toContain('coop-shop doctor');
    } finally {
      await service.close();
    }
  });
});
