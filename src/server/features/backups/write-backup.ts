import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Database, Tx } from '../../db/client';
import { STORED_IMAGE_FILE } from '../uploads';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupFileName,
  HEADER_ENTRY,
  imageEntry,
  MANIFEST_ENTRY,
  ROWS_PER_PART,
  SIGNING_SECRET_ENTRY,
  tablePartEntry,
  type BackupHeader,
  type BackupManifest,
} from './backup-file';
import { forEachBatch, tablesInLoadOrder } from './database-tables';
import { appliedSchema, type SchemaVersion } from './schema-version';

export interface BackupSource {
  database: Database;
  /** DATA_DIR/uploads; its image files go into the backup. */
  uploadsDir?: string;
  /** Where the images are instead (a bucket), recorded in the manifest. */
  imagesKeptIn?: string;
  /** DATA_DIR/jwt-secret when the shop signs with it, carried so order links and logins survive a move (decision 025). */
  signingSecret?: string;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  rows: number;
  images: number;
  schema: string;
  seconds: number;
  /** Whether the file carries the signing secret. */
  signingSecret: boolean;
}

/**
 * Writes one backup file into `folder` (or to `file`), while the shop keeps serving: the rows come from
 * one repeatable-read, read-only transaction, so they are one consistent moment even as orders are placed
 * (on PostgreSQL writers are not held up; on PGlite, which runs one statement at a time, requests wait for
 * the reads). The file is written as `<name>.partial` and renamed when complete, so a file with the
 * final name is always whole.
 */
export async function writeBackup(
  source: BackupSource,
  to: { folder: string } | { file: string },
  options: { lock?: (tx: Tx) => Promise<void> } = {},
): Promise<BackupSummary> {
  const started = Date.now();
  const createdAt = new Date(started);
  const pack = tar.pack();
  let target = '';
  let partial = '';
  let written: Promise<void> | undefined;
  const add = (name: string, data: Buffer) =>
    new Promise<string>((resolve, reject) => {
      pack.entry({ name, size: data.length, mtime: createdAt }, data, (error) =>
        error ? reject(error) : resolve(sha256(data)),
      );
    });

  try {
    let header: BackupHeader | undefined;
    const tables: BackupManifest['tables'] = [];
    await source.database.db.transaction(
      async (tx) => {
        await options.lock?.(tx);
        const schema = await appliedSchema(tx);
        if (!schema) throw new Error('the database has no tables yet: nothing to back up');
        header = {
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          createdAt: createdAt.toISOString(),
          engine: source.database.kind,
          schema,
        };
        target = 'file' in to ? path.resolve(to.file) : freeBackupPath(to.folder, createdAt, schema);
        partial = `${target}.partial`;
        await mkdir(path.dirname(target), { recursive: true });
        written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
        written.catch(() => {}); // awaited below; a failure here also surfaces in add()
        await add(HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 2)));
        for (const table of await tablesInLoadOrder(tx)) {
          const parts: BackupManifest['tables'][number]['parts'] = [];
          await forEachBatch(tx, table, ROWS_PER_PART, async (rows) => {
            const entry = tablePartEntry(table.name, parts.length + 1);
            const digest = await add(entry, Buffer.from(rows.join('\n') + '\n'));
            parts.push({ entry, rows: rows.length, sha256: digest });
          });
          tables.push({ ...table, rows: parts.reduce((n, p) => n + p.rows, 0), parts });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    // Files after rows: the shop writes an image before any row names it, so every image the rows name is there.
    const images: BackupManifest['images'] = [];
    for (const file of await imageFiles(source.uploadsDir)) {
      let data: Buffer;
      try {
        data = await readFile(path.join(source.uploadsDir!, file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted meanwhile
        throw error;
      }
      const entry = imageEntry(file);
      images.push({ entry, bytes: data.length, sha256: await add(entry, data) });
    }
    const signingSecret = source.signingSecret
      ? { entry: SIGNING_SECRET_ENTRY, sha256: await add(SIGNING_SECRET_ENTRY, Buffer.from(source.signingSecret)) }
      : undefined;
    const manifest: BackupManifest = {
      ...header!,
      tables,
      images,
      signingSecret,
      ...(source.imagesKeptIn ? { imagesKeptIn: source.imagesKeptIn } : {}),
    };
    await add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
    pack.finalize();
    await written;
    await rename(partial, target);
    return {
      file: target,
      bytes: (await stat(target)).size,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      images: images.length,
      schema: header!.schema.tag,
      seconds: (Date.now() - started) / 1000,
      signingSecret: Boolean(signingSecret),
    };
  } catch (error) {
    pack.destroy();
    await written?.catch(() => {});
    if (partial) await unlink(partial).catch(() => {});
    throw error;
  }
}

async function imageFiles(folder: string | undefined) {
  if (!folder || !existsSync(folder)) return [];
  return (await readdir(folder)).filter((file) => STORED_IMAGE_FILE.test(file)).sort();
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The folder's first backup name for this second that no file (whole or being written) has taken yet. */
function freeBackupPath(folder: string, createdAt: Date, schema: SchemaVersion): string {
  for (let copy = 1; ; copy += 1) {
    const candidate = path.resolve(folder, backupFileName(createdAt, schema, copy));
    if (!existsSync(candidate) && !existsSync(`${candidate}.partial`)) return candidate;
  }
}
