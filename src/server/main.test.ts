import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from '../../scripts/local-server';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-main-'));
const ADMIN_PASSWORD = 'main-test-password-42';

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'owner@coop-shop.example',
      ADMIN_PASSWORD,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output };
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

async function until(condition: () => boolean) {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the server never logged the request');
    await new Promise((r) => setTimeout(r, 10));
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('starts on an empty folder, logs without secrets, drains on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer(port);
    await waitForHealth(base, first.child);

    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'login-req-1' },
      body: JSON.stringify({ email: 'owner@coop-shop.example', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token, isAdmin } = await login.json();
    expect(isAdmin).toBe(true);
    const me = await fetch(`${base}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);

    // A request in flight when SIGTERM arrives still gets its answer. The signal waits until the server has
    // read the request: until then its connection is idle to the server, which rightly closes idle ones.
    const inFlight = fetch(`${base}/api/products?limit=100`, { headers: { 'x-request-id': 'in-flight-1' } });
    await until(() => first.output().includes('"reqId":"in-flight-1"'));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exited(first.child)).toBe(0);

    const logs = first.output();
    const lines = logs.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.some((l) => JSON.parse(l).reqId === 'login-req-1')).toBe(true);
    expect(logs).toContain('shutting down');
    expect(logs).not.toContain(ADMIN_PASSWORD);
    expect(logs).not.toContain(token);

    // The same folder opens again with the admin still there.
    const second = startServer(port);
    await waitForHealth(base, second.child);
    const again = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@coop-shop.example', password: ADMIN_PASSWORD }),
    });
    expect(again.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 90_000);

  it('refuses to start with a bad setting and says which', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'not-a-port' },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect(await exited(child)).toBe(1);
    expect(stderr).toContain('PORT');
  }, 30_000);
});
