import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, rowsOf, type Db, type Tx } from '../../db/client';

/** A committed migration: its file name (tag) and the time stamp drizzle records when it is applied. */
export interface SchemaVersion {
  tag: string;
  when: number;
}

interface Migration extends SchemaVersion {
  statements: string[];
  hash: string;
}

/** The committed migrations, oldest first, as drizzle's migrator reads them. */
export function committedMigrations(): Migration[] {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: SchemaVersion[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({
    tag: entry.tag,
    when: entry.when,
    statements: files[i].sql,
    hash: files[i].hash,
  }));
}

/** The newest migration this copy of the shop knows. */
export const currentSchema = (): SchemaVersion => {
  const last = committedMigrations().at(-1)!;
  return { tag: last.tag, when: last.when };
};

/** The newest migration applied to a database; null when none is (a new, empty database). */
export async function appliedSchema(db: Db | Tx): Promise<SchemaVersion | null> {
  const exists = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  )[0];
  if (!exists.present) return null;
  const last = rowsOf<{ created_at: string | number }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  )[0];
  if (!last) return null;
  const when = Number(last.created_at);
  return { tag: committedMigrations().find((m) => m.when === when)?.tag ?? `unknown (${when})`, when };
}

/**
 * Applies the committed migrations after `from` up to and including `to` inside the caller's transaction,
 * with drizzle's own bookkeeping, so a server starting later sees them applied and does not run them again.
 */
export async function applyMigrations(tx: Tx, to: SchemaVersion, from?: SchemaVersion) {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of committedMigrations()) {
    if (from && migration.when <= from.when) continue;
    if (migration.when > to.when) break;
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
  }
}
