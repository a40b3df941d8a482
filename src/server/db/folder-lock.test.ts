import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDatabaseFolder } from './folder-lock';

const dir = mkdtempSync(path.join(tmpdir(), 'coop-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDatabaseFolder', () => {
  it('keeps a second opener out while the holder lives, and lets go on release', () => {
    const folder = path.join(dir, 'a');
    writeFileSync(`${folder}.lock`, String(process.ppid)); // a live process that is not us
    expect(() => lockDatabaseFolder(folder)).toThrow(DatabaseInUseError);
    rmSync(`${folder}.lock`);
    const release = lockDatabaseFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('takes over a lock left by a process that died', () => {
    const folder = path.join(dir, 'b');
    writeFileSync(`${folder}.lock`, '999999999');
    const release = lockDatabaseFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
