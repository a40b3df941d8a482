import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopChild, waitForHealth } from '../../../scripts/local-server';

/**
 * Test-only: the real shop (`node --import tsx src/server/main.ts`) as a child process, for the crash
 * tests of mail and payments, on a port the caller may choose (a restarted shop answers where the
 * simulators send their callbacks).
 */
const root = path.resolve(import.meta.dirname, '../../..');

/** Every shop started and folder made in this test file, for cleanUpShops. */
const shops: ShopProcess[] = [];
const folders: string[] = [];

/** A fresh folder under the system's temp folder, removed by cleanUpShops. */
export function tempFolder(prefix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** Kills the shops a run left running and removes its folders (a test file's afterAll). */
export async function cleanUpShops() {
  for (const shop of shops.splice(0)) if (shop.alive()) await shop.kill();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export interface ShopProcess {
  base: string;
  port: number;
  output(): string;
  /** SIGKILL: no drain, no onClose hook, nothing recorded after this instant. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  alive(): boolean;
}

export async function startShop(env: Record<string, string>, port?: number): Promise<ShopProcess> {
  const listenOn = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenOn}`;
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_HOUR: '1000',
      MAIL_FROM: '"Test Shop" <shop@coop-shop.example>',
      // The crash tests count the order e-mails exactly and time their kills: no low-stock digest or daily
      // backup of the clock's choosing in between (each has its own tests; a test may turn them on).
      LOW_STOCK_CHECK_SECONDS: '0',
      BACKUP_SCHEDULE: 'off',
      // Their orders are a load: 20 accounts ordering to the fixtures' one phone number, never paying. No
      // bound on what unpaid orders hold (decision 056 has its own tests).
      UNPAID_ORDERS_MAX: '0',
      UNPAID_ITEMS_MAX: '0',
      // Never a real provider from a developer's shell: a test that wants texts points them at the simulator.
      SMS_PROVIDER: 'off',
      SMTP_URL: '',
      ...env,
      PORT: String(listenOn),
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const shop: ShopProcess = {
    base,
    port: listenOn,
    output: () => output,
    alive,
    kill: () => stopChild(child, 'SIGKILL'),
    stop: () => stopChild(child, 'SIGTERM'),
  };
  // Tracked from the spawn on: a test that times out while the shop starts still has it killed.
  shops.push(shop);
  try {
    await waitForHealth(base, child);
  } catch (error) {
    if (alive()) child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.slice(-3000)}`);
  }
  return shop;
}
