import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, testFilesIn } from './server';

const root = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(tmpdir(), 'coop-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run build:server', () => {
  it('bundles the server, its commands and the simulator, and no test file', async () => {
    await buildServer(root, out);
    for (const file of ['server/main.js', 'server/cli/start.js', 'server/cli/restore.js', 'server/cli/db-copy.js', 'payments-simulator/main.js']) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
    expect(testFilesIn(out)).toEqual([]);
  }, 120_000);

  it('finds a test file anywhere in the output', () => {
    const folder = mkdtempSync(path.join(out, 'check-'));
    mkdirSync(path.join(folder, 'server/cli'), { recursive: true });
    writeFileSync(path.join(folder, 'server/cli/start.js'), '');
    writeFileSync(path.join(folder, 'server/cli/start.test.js'), '');
    expect(testFilesIn(folder)).toEqual([path.join('server', 'cli', 'start.test.js')]);
  });
});
