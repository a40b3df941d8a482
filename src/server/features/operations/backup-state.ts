import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureFile, type Owner } from './files';
import type { ShopLayout } from './layout';

/** What the last off-site copy or restore test did, kept in the operations folder for doctor and status. */
export interface BackupCheckRecord {
  at: string;
  ok: boolean;
  /** The backup file it was about. */
  file?: string;
  /** Where the copies go (s3://bucket/prefix). */
  destination?: string;
  /** Rows restored and compared (restore test). */
  rows?: number;
  error?: string;
  /** The admins the restored shop had (restore test): whom a later failure alerts. */
  admins?: { email: string | null; mobile: string | null }[];
}

export type RecordKind = 'offsite-copy' | 'restore-test';

const recordFile = (layout: ShopLayout, kind: RecordKind) => path.join(layout.opsStateDir, `${kind}.json`);

export function readRecord(layout: ShopLayout, kind: RecordKind): BackupCheckRecord | undefined {
  const file = recordFile(layout, kind);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BackupCheckRecord;
  } catch {
    return undefined;
  }
}

export function writeRecord(layout: ShopLayout, kind: RecordKind, record: BackupCheckRecord, owner?: Owner) {
  ensureFile(recordFile(layout, kind), { content: `${JSON.stringify(record, null, 2)}\n`, mode: 0o640, owner });
}

/** The backup files of a folder (the shop's names: shop-<date>...tar.gz), newest first. */
export function backupFiles(folder: string): { name: string; file: string; modified: Date; bytes: number }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.startsWith('shop-') && name.endsWith('.tar.gz'))
    .map((name) => {
      const file = path.join(folder, name);
      const stat = statSync(file);
      return { name, file, modified: stat.mtime, bytes: stat.size };
    })
    .sort((a, b) => b.modified.getTime() - a.modified.getTime());
}
