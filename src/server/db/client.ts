import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { projectRoot } from '../lib/project-root';
import { lockDatabaseFolder } from './folder-lock';
import { startPgliteThread, type PgliteOnThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls back on every NOTIFY of the channel, from this or any other instance sharing the database. On
   * PostgreSQL a dropped listening connection is opened again (after 1 s, backing off to 30 s), and then
   * `onMissed` says that notices may have been lost meanwhile.
   */
  listen(channel: string, onNotify: (payload: string) => void, onMissed?: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = () => path.join(projectRoot(), 'src/server/db/migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** false: open as it is, without applying the committed migrations (a restore applies them itself). */
  migrate?: boolean;
  /**
   * PGlite's shared buffers (its page cache inside its WebAssembly heap, which grows to hold them and
   * never shrinks): PostgreSQL's default of 128 MB is most of the shop's memory on a laptop. The data
   * files stay in the machine's own file cache, so a smaller value costs copies, not disk reads (decision 053).
   */
  pgliteBuffersMb?: number;
  /**
   * In memory only: start from this dumped data folder (`dumpDataDir`) instead of a new one. Tests open a
   * fresh database per file, and PGlite's initdb is most of that cost (src/server/test/pglite-template.ts).
   */
  pgliteStartFrom?: Blob;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite, and applies the committed migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, migrate)
    : openPglite(options.pgliteDir, migrate, options.pgliteBuffersMb, options.pgliteStartFrom);
}

async function openPglite(
  dataDir: string | undefined,
  migrate: boolean,
  buffersMb?: number,
  startFrom?: Blob,
): Promise<Database> {
  const release = dataDir ? lockDatabaseFolder(dataDir) : () => {};
  let client: PgliteOnThread;
  try {
    client = await startPgliteThread({
      dataDir,
      ...(startFrom && !dataDir ? { loadDataDir: startFrom } : {}),
      buffersMb,
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  try {
    if (migrate) await migratePglite(db, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.close();
    release();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async listen(channel, onNotify) {
      await client.listen(channel, onNotify);
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await client.close();
      release();
    },
  };
}

/** A new embedded database with the committed migrations applied, dumped as a data folder (`pgliteStartFrom`). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await startPgliteThread({});
  try {
    await migratePglite(drizzlePglite({ client: client as unknown as PGlite, schema }), {
      migrationsFolder: migrationsFolder(),
    });
    return await client.dump();
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string, poolSize: number, migrate: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight report their own error.
  });
  const db = drizzlePg({ client: pool, schema });
  if (migrate) {
    try {
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  const listeners = new Set<pg.Client>();
  let closing = false;

  /** One listening connection; when it ends (the server restarted, a proxy cut it) another takes its place. */
  async function listenOn(channel: string, onNotify: (payload: string) => void, onEnded: () => void) {
    const client = new pg.Client({ connectionString: url, application_name: 'coop-shop-listen' });
    client.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    client.on('error', () => {});
    let ready = false;
    client.on('end', () => {
      listeners.delete(client);
      if (ready && !closing) onEnded();
    });
    // Tracked from the start, so a close() during a reconnect ends this one too.
    listeners.add(client);
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    ready = true;
  }

  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async listen(channel, onNotify, onMissed) {
      const again = (delayMs: number) => {
        const timer = setTimeout(() => {
          if (closing) return;
          listenOn(channel, onNotify, () => again(1_000)).then(
            () => onMissed?.(),
            () => again(Math.min(delayMs * 2, 30_000)),
          );
        }, delayMs);
        timer.unref();
      };
      await listenOn(channel, onNotify, () => again(1_000));
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closing = true;
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** The rows of a raw `db.execute(sql...)`: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
