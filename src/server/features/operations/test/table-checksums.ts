import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../db/client';
import { tableDigests } from '../../backups/test/table-digests';

/**
 * Every table's rows of a stopped shop's embedded database, reduced to a digest each. Read from a copy,
 * so that this process (root) leaves no file of its own in the service user's database.
 */
export async function checksumsOf(dataDir: string): Promise<Record<string, string>> {
  const copy = mkdtempSync(path.join(tmpdir(), 'coop-digest-'));
  try {
    execFileSync('cp', ['-a', path.join(dataDir, 'pgdata'), path.join(copy, 'pgdata')]);
    const database = await openDatabase({ pgliteDir: path.join(copy, 'pgdata'), migrate: false });
    try {
      return await tableDigests(database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
