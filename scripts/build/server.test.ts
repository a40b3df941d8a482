import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, simulatorFilesIn, testFilesIn } from './server';

const root = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(tmpdir(), 'coop-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run build:server', () => {
  it('bundles the server and its commands, and no test file and no simulator', async () => {
    await buildServer(root, out);
    for (const file of ['server/main.js', 'server/cli/start.js', 'server/cli/restore.js', 'server/cli/db-copy.js']) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
    expect(testFilesIn(out)).toEqual([]);
    expect(readdirSync(out).sort()).toEqual(['server']);
    expect(readFileSync(path.join(out, 'server/cli/start.js'), 'utf8')).not.toContain('shopEnvForSimulator');
  }, 120_000);

  it('finds simulator code among the inputs of a bundle', () => {
    expect(
      simulatorFilesIn(['src/server/main.ts', 'simulators/shop-env.ts', 'src/server/features/sms/simulators.ts']),
    ).toEqual(['simulators/shop-env.ts']);
  });

  it('finds a test file anywhere in the output', () => {
    const folder = mkdtempSync(path.join(out, 'check-'));
    mkdirSync(path.join(folder, 'server/cli'), { recursive: true });
    writeFileSync(path.join(folder, 'server/cli/start.js'), '');
    writeFileSync(path.join(folder, 'server/cli/start.test.js'), '');
    expect(testFilesIn(folder)).toEqual([path.join('server', 'cli', 'start.test.js')]);
  });
});
