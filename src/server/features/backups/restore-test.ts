import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../db/client';
import { BackupFileError } from './backup-file';
import { countRows, tablesInLoadOrder } from './database-tables';
import { restoreBackup } from './restore-backup';

export interface RestoreTestResult {
  rows: number;
  tables: number;
  images: number;
  /** The admins of the restored shop, whom a later failed test alerts. */
  admins: { email: string | null; mobile: string | null }[];
}

/**
 * Proves a backup restores: into an empty folder (the embedded database, whatever the shop runs on), then
 * the restored database opened afresh and every table's rows counted against the backup's own count, and
 * its images counted. Throws a BackupFileError saying what differs. The folder is the caller's to remove.
 */
export async function testRestore(file: string, folder: string): Promise<RestoreTestResult> {
  mkdirSync(folder, { recursive: true });
  const restored = await restoreBackup(file, { dataDir: folder });
  const database = await openDatabase({ pgliteDir: path.join(folder, 'pgdata'), migrate: false });
  try {
    const counts = await countRows(database.db, await tablesInLoadOrder(database.db));
    for (const table of restored.tables) {
      if (counts.get(table.name) !== table.rows)
        throw new BackupFileError(
          `${table.name}: ${counts.get(table.name) ?? 'no'} rows in the restored shop where the backup holds ${table.rows}.`,
        );
    }
    const uploads = path.join(folder, 'uploads');
    const images = existsSync(uploads) ? readdirSync(uploads).length : 0;
    if (images !== restored.images)
      throw new BackupFileError(`${images} images restored where the backup holds ${restored.images}.`);
    const admins = rowsOf<{ email: string | null; mobile: string | null }>(
      await database.db.execute(sql`select email, mobile from users where is_admin order by created_at`),
    );
    return { rows: restored.rows, tables: restored.tables.length, images, admins };
  } finally {
    await database.close();
  }
}
