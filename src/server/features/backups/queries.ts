import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { backupRuns } from '../../db/schema';

export type BackupRun = typeof backupRuns.$inferSelect;

/** Records a run before it starts; a scheduled one claims its day's slot, and null means another instance has it. */
export async function insertRun(
  db: Db,
  values: Pick<BackupRun, 'trigger' | 'slot' | 'instance'>,
): Promise<BackupRun | null> {
  const [run] = await db.insert(backupRuns).values(values).onConflictDoNothing().returning();
  return run ?? null;
}

export async function finishRun(
  db: Db,
  id: string,
  done: Pick<BackupRun, 'file' | 'bytes' | 'rows' | 'images'>,
): Promise<BackupRun> {
  const [run] = await db
    .update(backupRuns)
    .set({ ...done, finishedAt: new Date() })
    .where(eq(backupRuns.id, id))
    .returning();
  return run;
}

export async function failRun(db: Db, id: string, error: string) {
  await db
    .update(backupRuns)
    .set({ finishedAt: new Date(), error: error.slice(0, 1000) })
    .where(and(eq(backupRuns.id, id), isNull(backupRuns.finishedAt)));
}

export const recentRuns = (db: Db, limit: number) =>
  db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(limit);

export async function runById(db: Db, id: string): Promise<BackupRun | undefined> {
  return (await db.select().from(backupRuns).where(eq(backupRuns.id, id)))[0];
}

/** Whether a scheduled backup succeeded since `since`. */
export async function scheduledBackupSince(db: Db, since: Date) {
  const found = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(
      and(
        eq(backupRuns.trigger, 'schedule'),
        isNotNull(backupRuns.file),
        isNull(backupRuns.error),
        gt(backupRuns.startedAt, since),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/**
 * The files of the scheduled backups that were made, newest first: the only ones pruning may delete. A
 * backup an admin or the command asked for is never in this list, whatever its file is called.
 */
export async function scheduledBackupFiles(db: Db): Promise<string[]> {
  const runs = await db
    .select({ file: backupRuns.file })
    .from(backupRuns)
    .where(
      and(
        eq(backupRuns.trigger, 'schedule'),
        isNotNull(backupRuns.file),
        isNotNull(backupRuns.finishedAt),
        isNull(backupRuns.error),
      ),
    )
    .orderBy(desc(backupRuns.startedAt));
  return runs.map((run) => run.file!);
}

/** Inside the backup's transaction: false when another instance is writing one (the lock is let go at commit). */
export async function tryBackupLock(tx: Tx, key: number) {
  const [{ locked }] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`),
  );
  return locked;
}
