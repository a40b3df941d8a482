import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupOverview } from '../../../shared/schemas/backups';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { createBackupRunner } from './backup-runner';
import { msUntil, slotOf } from './backup-schedule';
import { readBackup } from './read-backup';

describe('backups in the back office', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let customer: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
    customer = (await createUser(t)).auth;
  });
  afterAll(async () => t?.close());

  const overview = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/backups', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BackupOverview;
  };

  it('only admins see or make backups', async () => {
    for (const [headers, status] of [
      [{}, 401],
      [customer, 403],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/backups', headers })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'POST', url: '/api/backups', headers })).statusCode).toBe(status);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/backups/00000000-0000-4000-8000-000000000000/file', headers }))
          .statusCode,
      ).toBe(status);
    }
    expect(readdirSync(t.config.dataDir)).not.toContain('backups');
  });

  it('"make a backup now" answers at once; the list then shows it done, and its file downloads whole', async () => {
    expect((await overview()).runs).toEqual([]);
    const res = await t.app.inject({ method: 'POST', url: '/api/backups', headers: admin });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ trigger: 'admin', state: 'running', file: null });
    // A second one while the first is written is refused, not queued.
    const again = await t.app.inject({ method: 'POST', url: '/api/backups', headers: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A backup is being made right now. Wait for it to finish.');
    await t.app.backups.idle();

    const [run] = (await overview()).runs;
    expect(run).toMatchObject({ id: res.json().id, state: 'done', trigger: 'admin', error: null, downloadable: true });
    expect(run.file).toMatch(/^shop-.*\.tar\.gz$/);
    expect(run.bytes).toBeGreaterThan(100);
    const download = await t.app.inject({ method: 'GET', url: `/api/backups/${run.id}/file`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${run.file}"`);
    expect(download.rawPayload.equals(readFileSync(path.join(t.config.dataDir, 'backups', run.file!)))).toBe(true);
    const copy = path.join(t.config.dataDir, 'downloaded.tar.gz');
    writeFileSync(copy, download.rawPayload);
    expect((await readBackup(copy)).tables.find((table) => table.name === 'users')!.rows).toBe(2);
  });

  it('a backup that fails is recorded with its reason for the admins', async () => {
    // A file where the backup folder should be: the folder cannot be made.
    const blocked = path.join(t.config.dataDir, 'not-a-folder');
    writeFileSync(blocked, 'x');
    const runner = createBackupRunner({
      database: t.database,
      folder: path.join(blocked, 'backups'),
      keep: 14,
      log: t.app.log,
    });
    await expect(runner.run('admin')).rejects.toThrow();
    const [run] = (await overview()).runs;
    expect(run).toMatchObject({ state: 'failed', downloadable: false, file: null });
    expect(run.error).toMatch(/ENOTDIR|EEXIST|not a directory/i);
  });

  it('an unknown or deleted backup file is a 404 with a message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backups/00000000-0000-4000-8000-000000000000/file',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not kept on this server/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/backups/not-a-uuid/file', headers: admin })).statusCode,
    ).toBe(400);
  });

  it("two backups in the same second get two files: the scheduled one never replaces, nor prunes, an admin's", async () => {
    const folder = path.join(t.config.dataDir, 'same-second');
    const runner = createBackupRunner({ database: t.database, folder, keep: 1, log: t.app.log });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-01T02:00:00.400Z'));
      const byAdmin = (await runner.run('admin'))!.file!;
      vi.setSystemTime(new Date('2026-03-01T02:00:00.900Z'));
      const daily = (await runner.run('schedule', { slot: '2026-03-01' }))!.file!;
      const files = readdirSync(folder).sort();
      expect(daily).not.toBe(byAdmin);
      expect(files).toEqual([byAdmin, daily].sort());
      expect(daily).toMatch(/-schema-\d{4}-2\.tar\.gz$/);
      expect((await readBackup(path.join(folder, byAdmin))).tables.length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  it('BACKUP_KEEP prunes only scheduled backups, as backup_runs records them: those an admin or the command asked for stay', async () => {
    const folder = path.join(t.config.dataDir, 'backups');
    const runner = createBackupRunner({ database: t.database, folder, keep: 2, log: t.app.log });
    const before = readdirSync(folder); // the admin's backup of the test above
    expect(before).toHaveLength(1);
    const nextSecond = () => new Promise((r) => setTimeout(r, 1100)); // file names are stamped to the second
    const scheduled: string[] = [];
    const asked: string[] = [...before];
    const schedule = async (day: string) => {
      scheduled.push((await runner.run('schedule', { slot: day }))!.file!);
      await nextSecond();
    };
    await schedule('2026-01-01');
    const byAdmin = await t.app.inject({ method: 'POST', url: '/api/backups', headers: admin });
    expect(byAdmin.statusCode, byAdmin.body).toBe(202);
    await t.app.backups.idle();
    asked.push((await t.app.backups.byId(byAdmin.json().id))!.file!);
    await nextSecond();
    asked.push((await runner.run('command'))!.file!);
    await nextSecond();
    for (const day of ['2026-01-02', '2026-01-03', '2026-01-04']) await schedule(day);
    writeFileSync(path.join(folder, 'notes.txt'), 'keep me');

    // Only the two oldest scheduled ones went; every asked-for backup and the stranger file remain.
    expect(readdirSync(folder).sort()).toEqual([...asked, ...scheduled.slice(2), 'notes.txt'].sort());
    // The day's slot is taken: a second try for the same day makes nothing, and deletes nothing.
    expect(await runner.run('schedule', { slot: '2026-01-04' })).toBeNull();
    expect(readdirSync(folder)).toHaveLength(asked.length + 3);
    expect((await overview()).runs.filter((run) => asked.includes(run.file!)).every((run) => run.downloadable)).toBe(
      true,
    );
  }, 60_000);
});

describe('the daily time', () => {
  it('waits until the next such time in server time, tomorrow once it has passed', () => {
    const now = new Date(2026, 10, 25, 1, 30, 0);
    expect(msUntil({ hour: 2, minute: 0 }, now)).toBe(30 * 60_000);
    expect(msUntil({ hour: 1, minute: 30 }, now)).toBe(24 * 60 * 60_000);
    expect(msUntil({ hour: 0, minute: 15 }, now)).toBe(22 * 60 * 60_000 + 45 * 60_000);
    expect(slotOf(now)).toBe('2026-11-25');
  });
});
