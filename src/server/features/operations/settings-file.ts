import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnvFile, type Settings } from './env-file';
import type { ShopLayout } from './layout';

/** The installed shop's settings, from its environment file; empty before the first install. */
export function readSettings(layout: ShopLayout): Settings {
  return existsSync(layout.envFile) ? parseEnvFile(readFileSync(layout.envFile, 'utf8')) : new Map();
}

/** A BACKUP_DIR outside the data folder must be writable by the shut-in service too. */
export function extraWritable(settings: Settings, layout: ShopLayout): string[] {
  const backupDir = settings.get('BACKUP_DIR');
  if (!backupDir) return [];
  const resolved = path.resolve(layout.dataDir, backupDir);
  return resolved === layout.dataDir || resolved.startsWith(`${layout.dataDir}/`) ? [] : [resolved];
}
