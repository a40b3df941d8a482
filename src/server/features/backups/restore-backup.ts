import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database, type Tx } from '../../db/client';
import { lockDatabaseFolder } from '../../db/folder-lock';
import { openImageBucket, type S3StorageSettings } from '../uploads';
import { BackupFileError, type BackupManifest } from './backup-file';
import { moveSigningSecret, type MovedSecret } from './moved-secret';
import { advanceSequences, countRows, insertRowsFromJson, quoteName, type TableShape } from './database-tables';
import { fileStamp } from '../../lib/file-stamp';
import { readBackup } from './read-backup';
import { applyMigrations, committedMigrations, currentSchema, type SchemaVersion } from './schema-version';

export interface RestoreTarget {
  /** PostgreSQL to restore into; unset: the embedded database in DATA_DIR/pgdata. */
  databaseUrl?: string;
  dataDir: string;
  /** The images go to this bucket; unset: DATA_DIR/uploads. */
  storage?: S3StorageSettings;
  /** JWT_SECRET where the shop is restored, if set: it signs instead of the secret the backup carries. */
  signingSecretSetting?: string;
}

export interface RestoreSummary {
  rows: number;
  images: number;
  schemaInFile: string;
  schemaNow: string;
  /** With --force on the embedded database: where the shop that was there now lies. */
  setAside: string[];
  /** What became of the signing secret (decision 025). */
  signingSecret: MovedSecret;
  /** Each table's rows as the backup holds them. */
  tables: { name: string; rows: number }[];
}

/** The target already holds a shop and --force was not given; nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * Restores a backup into an empty database (and its images), then migrates it forward to this shop's
 * schema. Everything is checked before anything is written; the rows go in one transaction, so a fault
 * part way leaves the target as it was. With `force` a target that holds a shop is replaced: on the
 * embedded database its folders are set aside under a dated name, on PostgreSQL its tables are dropped
 * in the same transaction that loads the backup.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  let secret: string | undefined;
  const manifest = await readBackup(file, { onSigningSecret: (carried) => void (secret = carried) });
  const known = committedMigrations();
  if (manifest.schema.when > known.at(-1)!.when) {
    throw new BackupFileError(
      `The backup was made by a newer version of the shop (schema ${manifest.schema.tag}); this one knows up to ${currentSchema().tag}. Update the shop first.`,
    );
  }
  if (!known.some((m) => m.when === manifest.schema.when))
    throw new BackupFileError(`The backup's schema version (${manifest.schema.tag}) is not one this shop knows.`);
  const restored = target.databaseUrl
    ? await restoreIntoPostgres(file, manifest, target, options.force ?? false)
    : await restoreIntoPglite(file, manifest, target, options.force ?? false);
  // Last, once the shop is in: a refused or failed restore leaves the target's secret as it was.
  return { ...restored, signingSecret: moveSigningSecret(target.dataDir, secret, target.signingSecretSetting) };
}

async function restoreIntoPostgres(
  file: string,
  manifest: BackupManifest,
  target: RestoreTarget,
  force: boolean,
): Promise<Restored> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, migrate: false, poolSize: 2 });
  try {
    const holdsShop = await databaseHoldsShop(database);
    const uploads = path.join(target.dataDir, 'uploads');
    if (holdsShop && !force) {
      throw new RestoreRefused(
        'The database of DATABASE_URL already holds a shop. Restore into an empty database, or add --force to replace it (its tables are dropped when the restore succeeds).',
      );
    }
    if (!target.storage && folderHasFiles(uploads) && !force) {
      throw new RestoreRefused(
        `${uploads} already holds images. Restore into an empty DATA_DIR, or add --force to set them aside.`,
      );
    }
    const images = imageSink(target, fileStamp());
    try {
      const rows = await database.db.transaction(async (tx) => {
        if (holdsShop) await dropShopTables(tx);
        return loadInto(tx, file, manifest, images.write);
      });
      const setAside = await images.commit();
      return summary(manifest, rows, setAside);
    } catch (error) {
      await images.abort();
      throw error;
    }
  } finally {
    await database.close();
  }
}

async function restoreIntoPglite(
  file: string,
  manifest: BackupManifest,
  target: RestoreTarget,
  force: boolean,
): Promise<Restored> {
  const pgdata = path.join(target.dataDir, 'pgdata');
  const uploads = path.join(target.dataDir, 'uploads');
  const occupied = folderHasFiles(pgdata) || (!target.storage && folderHasFiles(uploads));
  if (occupied && !force) {
    throw new RestoreRefused(
      `${target.dataDir} already holds a shop. Restore into an empty DATA_DIR, or add --force to set the present one aside (renamed, not deleted).`,
    );
  }
  // Held to the end: a shop server running on this folder is told of, and none can start meanwhile.
  const release = lockDatabaseFolder(pgdata);
  try {
    return await restoreIntoFreshPglite(file, manifest, target, pgdata, uploads);
  } finally {
    release();
  }
}

async function restoreIntoFreshPglite(
  file: string,
  manifest: BackupManifest,
  target: RestoreTarget,
  pgdata: string,
  uploads: string,
): Promise<Restored> {
  const when = fileStamp();
  const fresh = `${pgdata}.restoring-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  await mkdir(target.dataDir, { recursive: true });
  const images = imageSink(target, when);
  let rows: number;
  try {
    const database = await openDatabase({ pgliteDir: fresh, migrate: false });
    try {
      rows = await database.db.transaction((tx) => loadInto(tx, file, manifest, images.write));
    } finally {
      await database.close();
    }
  } catch (error) {
    await images.abort();
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
  const setAside = await images.commit();
  if (existsSync(pgdata)) {
    const aside = `${pgdata}.before-restore-${when}`;
    await rename(pgdata, aside);
    setAside.push(aside);
  }
  await rename(fresh, pgdata);
  return summary(manifest, rows, setAside);
}

/** Schema as it was when the backup was made, the rows, then the migrations since; answers the rows loaded. */
async function loadInto(
  tx: Tx,
  file: string,
  manifest: BackupManifest,
  writeImage: (file: string, data: Buffer) => Promise<void>,
): Promise<number> {
  const counts = await loadRows(tx, manifest.schema, manifest.tables, (onTablePart) =>
    readBackup(file, { onTablePart, onImage: writeImage }).then(() => {}),
  );
  for (const table of manifest.tables) {
    if (counts.get(table.name) !== table.rows)
      throw new BackupFileError(
        `${table.name}: ${counts.get(table.name)} rows restored where the backup holds ${table.rows}.`,
      );
  }
  return manifest.tables.reduce((n, t) => n + t.rows, 0);
}

/**
 * Into an empty database (in the caller's transaction): the schema at `schema`, the rows `source` hands
 * over table part by table part, sequences moved past them, then the migrations since. Answers each
 * table's row count as loaded.
 */
export async function loadRows(
  tx: Tx,
  schema: SchemaVersion,
  tables: TableShape[],
  source: (onTablePart: (table: string, rows: string[]) => Promise<void>) => Promise<void>,
): Promise<Map<string, number>> {
  await applyMigrations(tx, schema);
  const shapes = new Map<string, TableShape>(tables.map((t) => [t.name, t]));
  await source(async (table, rows) => {
    const shape = shapes.get(table);
    if (!shape) throw new BackupFileError(`There are rows for a table the list of tables does not name (${table}).`);
    await tx.execute(insertRowsFromJson(shape, rows));
  });
  const counts = await countRows(tx, tables);
  await advanceSequences(tx);
  await applyMigrations(tx, currentSchema(), schema);
  return counts;
}

export async function databaseHoldsShop(database: Database) {
  const [{ tables }] = rowsOf<{ tables: number }>(
    await database.db.execute(sql`
      select (select count(*) from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p'))::int
           + (case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else 1 end) as tables`),
  );
  return tables > 0;
}

async function dropShopTables(tx: Tx) {
  const tables = rowsOf<{ name: string }>(
    await tx.execute(
      sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`,
    ),
  );
  for (const { name } of tables) await tx.execute(sql.raw(`drop table if exists ${quoteName(name)} cascade`));
  // The migrations' own functions (the audit trail's trigger) go too; those of extensions (pg_trgm) stay.
  const functions = rowsOf<{ signature: string }>(
    await tx.execute(sql`
      select p.oid::regprocedure::text as signature from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`),
  );
  for (const { signature } of functions) await tx.execute(sql.raw(`drop function if exists ${signature} cascade`));
  await tx.execute(sql`drop schema if exists drizzle cascade`);
}

/** Where restored images go: a fresh folder swapped in at the end, or the bucket (names are random, so extra copies harm nothing). */
function imageSink(target: RestoreTarget, when: string) {
  if (target.storage) {
    const bucket = openImageBucket(target.storage);
    return {
      write: (file: string, data: Buffer) => bucket.put(file, data),
      commit: async () => {
        bucket.close();
        return [] as string[];
      },
      abort: async () => bucket.close(),
    };
  }
  const uploads = path.join(target.dataDir, 'uploads');
  const fresh = `${uploads}.restoring-${process.pid}`;
  let made = false;
  return {
    async write(file: string, data: Buffer) {
      if (!made) {
        await rm(fresh, { recursive: true, force: true });
        await mkdir(fresh, { recursive: true });
        made = true;
      }
      await writeFile(path.join(fresh, file), data);
    },
    async commit() {
      const setAside: string[] = [];
      if (!made) return setAside;
      if (existsSync(uploads)) {
        const aside = `${uploads}.before-restore-${when}`;
        await rename(uploads, aside);
        setAside.push(aside);
      }
      await rename(fresh, uploads);
      return setAside;
    },
    abort: () => rm(fresh, { recursive: true, force: true }),
  };
}

function folderHasFiles(folder: string) {
  return existsSync(folder) && readdirSync(folder).length > 0;
}

type Restored = Omit<RestoreSummary, 'signingSecret'>;

function summary(manifest: BackupManifest, rows: number, setAside: string[]): Restored {
  return {
    rows,
    images: manifest.images.length,
    schemaInFile: manifest.schema.tag,
    schemaNow: currentSchema().tag,
    setAside,
    tables: manifest.tables.map((table) => ({ name: table.name, rows: table.rows })),
  };
}
