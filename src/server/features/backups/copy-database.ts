import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/client';
import { lockDatabaseFolder } from '../../db/folder-lock';
import { countRows, forEachBatch, tablesInLoadOrder } from './database-tables';
import { databaseHoldsShop, loadRows, RestoreRefused } from './restore-backup';
import { appliedSchema } from './schema-version';

/** One end of a copy: a PostgreSQL database, or an embedded database folder (DATA_DIR/pgdata). */
export type DatabaseEnd = { databaseUrl: string } | { pgliteDir: string };

export interface CopyReport {
  schema: string;
  tables: { name: string; source: number; target: number }[];
}

const BATCH = 1000;

/**
 * Copies every row of the shop from one database to another, empty one (PGlite to PostgreSQL, or back):
 * read in one repeatable-read snapshot, written in one transaction, so a failure leaves the target as it
 * was. The counts of every table are compared at the end, from the snapshot and from the target.
 */
export async function copyDatabase(from: DatabaseEnd, to: DatabaseEnd): Promise<CopyReport> {
  const source = await openEnd(from);
  try {
    if ('databaseUrl' in to) return await copyInto(source, await openEnd(to), to);
    const folder = to.pgliteDir;
    if (existsSync(folder) && readdirSync(folder).length > 0)
      throw new RestoreRefused(`${folder} already holds a database. Copy into a new folder.`);
    // The new DATA_DIR is made here (its lock file lives beside pgdata); only what this made goes if the copy fails.
    const made = await mkdir(path.dirname(folder), { recursive: true });
    const release = lockDatabaseFolder(folder);
    const fresh = `${folder}.copying-${process.pid}`;
    try {
      await rm(fresh, { recursive: true, force: true });
      const report = await copyInto(source, await openDatabase({ pgliteDir: fresh, migrate: false }), to);
      await rm(folder, { recursive: true, force: true }); // an empty folder, checked above
      await rename(fresh, folder);
      return report;
    } catch (error) {
      await rm(fresh, { recursive: true, force: true });
      release();
      if (made) await rm(made, { recursive: true, force: true });
      throw error;
    } finally {
      release();
    }
  } finally {
    await source.close();
  }
}

const openEnd = (end: DatabaseEnd) =>
  openDatabase(
    'databaseUrl' in end
      ? { databaseUrl: end.databaseUrl, migrate: false, poolSize: 2 }
      : { pgliteDir: end.pgliteDir, migrate: false },
  );

async function copyInto(source: Database, target: Database, to: DatabaseEnd): Promise<CopyReport> {
  try {
    if ('databaseUrl' in to && (await databaseHoldsShop(target))) {
      throw new RestoreRefused('The target database already holds tables. Copy into a new, empty database.');
    }
    const copied = new Map<string, number>();
    let schemaTag = '';
    let tables: Awaited<ReturnType<typeof tablesInLoadOrder>> = [];
    await source.db.transaction(
      async (snapshot) => {
        const schema = await appliedSchema(snapshot);
        if (!schema) throw new RestoreRefused('The source database has no shop in it.');
        schemaTag = schema.tag;
        tables = await tablesInLoadOrder(snapshot);
        await target.db.transaction(async (tx) => {
          const loaded = await loadRows(tx, schema, tables, async (onTablePart) => {
            for (const table of tables) {
              copied.set(table.name, 0);
              await forEachBatch(snapshot, table, BATCH, async (rows) => {
                copied.set(table.name, copied.get(table.name)! + rows.length);
                await onTablePart(table.name, rows);
              });
            }
          });
          for (const table of tables) {
            if (loaded.get(table.name) !== copied.get(table.name))
              throw new Error(
                `${table.name}: ${loaded.get(table.name)} rows written where ${copied.get(table.name)} were read.`,
              );
          }
        });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const after = await countRows(target.db, tables);
    return {
      schema: schemaTag,
      tables: tables.map((t) => ({ name: t.name, source: copied.get(t.name)!, target: after.get(t.name)! })),
    };
  } finally {
    await target.close();
  }
}
