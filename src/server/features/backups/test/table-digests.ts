import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../../db/client';
import { selectRowsAsJson, tablesInLoadOrder, TRANSIENT_TABLES } from '../database-tables';
import { writeBackup } from '../write-backup';

/**
 * Test-only: each table's rows (as a backup reads them, sorted) reduced to their count and one SHA-256: two
 * databases with equal digests hold the same rows, row for row. The counters a backup leaves out are left out here too.
 */
export async function tableDigests(database: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of await tablesInLoadOrder(database.db)) {
    if (TRANSIENT_TABLES.has(table.name)) continue;
    const rows = rowsOf<{ j: string }>(await database.db.execute(sql.raw(selectRowsAsJson(table))));
    const sha = createHash('sha256')
      .update(
        rows
          .map((r) => r.j)
          .sort()
          .join('\n'),
      )
      .digest('hex');
    digests[table.name] = `${rows.length} rows, sha256 ${sha}`;
  }
  return digests;
}

/** Test-only: a backup file of this database in `folder`, as the shop writes one; answers its path. */
export async function backupInto(database: Database, folder: string): Promise<string> {
  return (await writeBackup({ database }, { folder })).file;
}
