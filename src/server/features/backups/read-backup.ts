import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupFileError,
  backupHeaderSchema,
  backupManifestSchema,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  SIGNING_SECRET_ENTRY,
  type BackupHeader,
  type BackupManifest,
} from './backup-file';
import { sha256 } from './write-backup';

/** What a caller does with each entry as it is read (a restore loads them; a check only reads). */
export interface BackupVisitor {
  onHeader?(header: BackupHeader): Promise<void> | void;
  onTablePart?(table: string, rows: string[]): Promise<void>;
  onImage?(file: string, data: Buffer): Promise<void>;
  onSigningSecret?(secret: string): void;
}

/** No entry we write comes near this; a bigger one means a file that is not ours. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * Reads a backup from start to end, checking as it goes: gzip's own check, the tar structure, the header
 * first and the manifest last, and every entry's SHA-256 and row count against the manifest. Any fault
 * throws a BackupFileError saying what is wrong. The visitor sees each entry before the manifest is
 * reached, so a loader must work inside a transaction it can roll back.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}): Promise<BackupManifest> {
  const extract = tar.extract();
  let header: BackupHeader | undefined;
  let manifest: BackupManifest | undefined;
  const seen = new Map<string, { sha256: string; rows?: number; bytes: number }>();

  const consume = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifest)
        throw new BackupFileError(
          `The backup file has entries after its manifest (${name}): it is not a file this shop wrote.`,
        );
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_ENTRY_BYTES)
          throw new BackupFileError(`The backup file has an entry too large to be ours (${name}).`);
        chunks.push(chunk);
      }
      const data = Buffer.concat(chunks);
      if (!header) {
        if (name !== HEADER_ENTRY) throw notABackup();
        header = parseHeader(data);
        await visitor.onHeader?.(header);
        continue;
      }
      if (name === MANIFEST_ENTRY) {
        manifest = parseManifest(data);
        continue;
      }
      const table = /^tables\/([a-z0-9_]+)\/\d{5}\.ndjson$/.exec(name);
      const image = /^uploads\/([a-z0-9-]+\.webp)$/.exec(name);
      if (table) {
        const rows = data
          .toString('utf8')
          .split('\n')
          .filter((line) => line.length > 0);
        seen.set(name, { sha256: sha256(data), rows: rows.length, bytes: data.length });
        await visitor.onTablePart?.(table[1], rows);
      } else if (image) {
        seen.set(name, { sha256: sha256(data), bytes: data.length });
        await visitor.onImage?.(image[1], data);
      } else if (name === SIGNING_SECRET_ENTRY) {
        seen.set(name, { sha256: sha256(data), bytes: data.length });
        visitor.onSigningSecret?.(data.toString('utf8'));
      } else {
        throw new BackupFileError(`The backup file has an entry this shop does not know (${name}).`);
      }
    }
  })();

  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), consume]);
  } catch (error) {
    extract.destroy();
    await consume.catch(() => {});
    throw asBackupFileError(error, file);
  }
  if (!header) throw new BackupFileError('The backup file is empty.');
  if (!manifest)
    throw new BackupFileError(
      'The backup file is incomplete: it ends before its manifest (it was cut short while being written or copied).',
    );
  checkAgainstManifest(manifest, header, seen);
  return manifest;
}

function parseHeader(data: Buffer): BackupHeader {
  const parsed = backupHeaderSchema.safeParse(parseJson(data));
  if (!parsed.success) throw notABackup();
  if (parsed.data.version > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `The backup was written in format ${parsed.data.version}; this shop reads format ${BACKUP_FORMAT_VERSION}. Update the shop first.`,
    );
  }
  return parsed.data;
}

function parseManifest(data: Buffer): BackupManifest {
  const parsed = backupManifestSchema.safeParse(parseJson(data));
  if (!parsed.success) throw new BackupFileError("The backup file's manifest is damaged.");
  return parsed.data;
}

function checkAgainstManifest(
  manifest: BackupManifest,
  header: BackupHeader,
  seen: Map<string, { sha256: string; rows?: number; bytes: number }>,
) {
  if (manifest.createdAt !== header.createdAt || manifest.schema.when !== header.schema.when) {
    throw new BackupFileError("The backup file's manifest does not belong to its header.");
  }
  const expected = [
    ...manifest.tables.flatMap((t) =>
      t.parts.map((p) => ({ entry: p.entry, sha256: p.sha256, rows: p.rows as number | undefined })),
    ),
    ...manifest.images.map((i) => ({ entry: i.entry, sha256: i.sha256, rows: undefined })),
    ...(manifest.signingSecret ? [{ ...manifest.signingSecret, rows: undefined }] : []),
  ];
  for (const want of expected) {
    const got = seen.get(want.entry);
    if (!got) throw new BackupFileError(`The backup file is missing ${want.entry}.`);
    if (got.sha256 !== want.sha256 || got.rows !== want.rows)
      throw new BackupFileError(`The backup file is damaged: ${want.entry} does not match its checksum.`);
  }
  if (seen.size !== expected.length)
    throw new BackupFileError('The backup file has entries its manifest does not list.');
}

const notABackup = () => new BackupFileError(`This is not a shop backup (no ${BACKUP_FORMAT} header at its start).`);

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
}

function asBackupFileError(error: unknown, file: string): Error {
  if (error instanceof BackupFileError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return new BackupFileError(`There is no file ${file}.`);
  if (e.code === 'EISDIR') return new BackupFileError(`${file} is a folder, not a backup file.`);
  if (/incorrect header check/.test(e.message ?? ''))
    return new BackupFileError('This is not a shop backup (it is not a gzip-compressed file).');
  if (
    e.code === 'Z_DATA_ERROR' ||
    e.code === 'Z_BUF_ERROR' ||
    /unexpected end|incorrect header|invalid|Invalid tar|Unexpected end|premature/i.test(e.message ?? '')
  ) {
    return new BackupFileError(`The backup file is damaged or cut short (${e.message}).`);
  }
  return error as Error;
}
