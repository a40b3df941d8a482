import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../test/test-app';
import pg from 'pg';
import { BACKUP_LOCK, BackupBusy } from './backup-runner';

/** Two instances on one PostgreSQL (npm run test:pg): one backup a day between them, one at a time. */
const pair = useTwoInstances();

describe('backups shared by every instance', () => {
  it("of two instances claiming the same day's slot at once, exactly one makes the backup", async () => {
    const [a, b] = await Promise.all([
      pair.first.app.backups.run('schedule', { slot: '2026-02-01' }),
      pair.second.app.backups.run('schedule', { slot: '2026-02-01' }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect((a ?? b)!.file).toMatch(/\.tar\.gz$/);
  });

  it('a backup asked for while another instance writes one is refused and recorded as such', async () => {
    // Another instance in the middle of writing: it holds the backup lock.
    const other = new pg.Client({ connectionString: pair.first.databaseUrl! });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [BACKUP_LOCK]);
      await expect(pair.second.app.backups.run('admin')).rejects.toBeInstanceOf(BackupBusy);
      const [refused] = await pair.second.app.backups.recent(1);
      expect(refused).toMatchObject({
        trigger: 'admin',
        file: null,
        error: 'Another backup was being made at the same time; this one was not made.',
      });
      await other.query('select pg_advisory_unlock($1)', [BACKUP_LOCK]);
      expect((await pair.second.app.backups.run('admin'))!.file).toMatch(/\.tar\.gz$/);
    } finally {
      await other.end();
    }
  });
});
