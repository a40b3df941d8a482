import { z } from 'zod';
import { fileStamp } from '../../lib/file-stamp';
import type { SchemaVersion } from './schema-version';

/**
 * A backup is one gzip-compressed tar file (`tar tzf` lists it):
 *   backup.json                  what it is: format, version, when, schema version (first, so a wrong file is refused early)
 *   tables/<table>/<n>.ndjson    rows as PostgreSQL's row_to_json, one per line, at most ROWS_PER_PART a part
 *   uploads/<file>               the image files, byte for byte
 *   jwt-secret                   DATA_DIR/jwt-secret when the shop signs with it (not when JWT_SECRET is set): decision 025
 *   manifest.json                last: every entry's row count or size and SHA-256; a file without it is incomplete
 * The rows are plain JSON, so one file restores into either engine (PGlite or PostgreSQL).
 */
export const BACKUP_FORMAT = 'coop-shop-backup';
/** 2: may carry the signing secret (an older shop refuses such a file by its version, not by a strange entry). */
export const BACKUP_FORMAT_VERSION = 2;
export const ROWS_PER_PART = 1000;

export const HEADER_ENTRY = 'backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const SIGNING_SECRET_ENTRY = 'jwt-secret';
export const tablePartEntry = (table: string, part: number) =>
  `tables/${table}/${String(part).padStart(5, '0')}.ndjson`;
export const imageEntry = (file: string) => `uploads/${file}`;

const schemaVersion = z.object({ tag: z.string().min(1), when: z.number().int() });

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  schema: schemaVersion,
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

const entryCheck = z.object({ entry: z.string(), sha256: z.string().regex(/^[a-f0-9]{64}$/) });

export const backupManifestSchema = backupHeaderSchema.extend({
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()).min(1),
      rows: z.number().int().min(0),
      parts: z.array(entryCheck.extend({ rows: z.number().int().min(1) })),
    }),
  ),
  images: z.array(entryCheck.extend({ bytes: z.number().int().min(0) })),
  /** The signing secret's entry, when the file carries it. */
  signingSecret: entryCheck.optional(),
  /** Set when the shop kept its images in a bucket: they are not in this file. */
  imagesKeptIn: z.string().optional(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/**
 * shop-2026-11-25T05-42-17Z-schema-0010.tar.gz: sorts by date, and says which shop version can read it.
 * A second backup in the same second (the daily one and an admin's "Back up now") is `...-schema-0010-2`:
 * the same name would replace the first file, and pruning the scheduled one would delete the admin's.
 */
export function backupFileName(createdAt: Date, schema: SchemaVersion, copy = 1) {
  return `shop-${fileStamp(createdAt)}-schema-${schema.tag.split('_')[0]}${copy > 1 ? `-${copy}` : ''}.tar.gz`;
}

export const BACKUP_FILE_NAME = /^shop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-schema-\d{4}(-\d+)?\.tar\.gz$/;

/** A backup that cannot be read: damaged, cut short, not a backup, or from a newer shop. Its message is for the operator. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}
