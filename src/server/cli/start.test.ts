import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from '../../../scripts/local-server';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-start-'));
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/start.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('npm start with PAYMENTS=simulator', () => {
  it('starts the simulator and the shop collecting through it; ending the shop, even by kill -9, ends both', async () => {
    const [port, simulatorPort] = [await freePort(), await freePort()];
    const shop = launch({ PAYMENTS: 'simulator', PORT: String(port), SIMULATOR_PORT: String(simulatorPort) });
    const base = `http://127.0.0.1:${port}`;
    const simulator = `http://127.0.0.1:${simulatorPort}`;
    try {
      await waitForHealth(base, shop.child);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${shop.output()}`);
    }
    expect(await (await fetch(`${base}/api/payments/methods`)).json()).toEqual({
      automatic: ['airtel', 'mtn', 'zamtel', 'creditCard'],
      offered: ['airtel', 'mtn', 'zamtel', 'creditCard'],
    });
    expect((await fetch(`${simulator}/`)).status).toBe(200);
    expect(shop.output()).toContain(`approve on the shopper's phone at ${simulator}/`);

    shop.child.kill('SIGKILL');
    await shop.exited;
    // The simulator went with the shop (its stdin, the launcher's pipe, closed): wait until it stops answering.
    await expect
      .poll(
        () =>
          fetch(`${simulator}/`).then(
            (res) => res.arrayBuffer().then(() => 'answering'),
            () => 'gone',
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe('gone');
    await expect(fetch(`${simulator}/`)).rejects.toThrow();
  }, 60_000);

  it('without PAYMENTS the shop collects by itself with no provider; an unknown value stops the start', async () => {
    const port = await freePort();
    const plain = launch({ PORT: String(port), PAYMENTS: '' });
    await waitForHealth(`http://127.0.0.1:${port}`, plain.child);
    expect(await (await fetch(`http://127.0.0.1:${port}/api/payments/methods`)).json()).toEqual({
      automatic: [],
      offered: ['airtel', 'mtn', 'creditCard'],
    });
    plain.child.kill('SIGTERM');
    expect(await plain.exited).toBe(0);

    const wrong = launch({ PAYMENTS: 'live', PORT: String(await freePort()) });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain('PAYMENTS: must be "simulator" or unset');
  }, 60_000);
});
