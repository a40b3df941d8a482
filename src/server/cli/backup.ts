/**
 * npm run backup [-- --to PATH]
 *
 * Writes one backup file of the whole shop (database rows and DATA_DIR/uploads images) into BACKUP_DIR
 * (default DATA_DIR/backups), or into the folder PATH, or to PATH itself when it ends in .tar.gz. The shop
 * may keep running: on PostgreSQL this reads a consistent snapshot itself; on the embedded database, which
 * one process opens at a time, it asks the running shop to write the file (see control-socket.ts).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/folder-lock';
import { secretToCarry } from '../lib/signing-secret';
import { createBackupRunner, type BackupDestination, type BackupRun } from '../features/backups/backup-runner';
import { requestBackup } from '../features/backups/control-socket';
import { storageLocation } from '../features/uploads/storage-settings';

const USAGE = `Usage: npm run backup [-- --to PATH]

  (no flags)   a new file in BACKUP_DIR (default DATA_DIR/backups), named by date and schema version
  --to PATH    into the folder PATH, or to the file PATH when it ends in .tar.gz

The shop may keep running. Restore with: npm run restore -- FILE`;

class UsageError extends Error {}

async function main(): Promise<number> {
  const { values: flags } = parseArgs({
    options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const to = destination(flags.to);
  const run = config.databaseUrl ? await backUpHere(config, to) : await backUpEmbedded(config, to);
  if (run.error) {
    console.error(`The backup failed: ${run.error}`);
    return 1;
  }
  const folder = to && 'file' in to ? path.dirname(to.file) : (to?.folder ?? config.backups!.folder);
  console.log(`Backup written: ${path.join(folder, run.file!)}`);
  console.log(
    `  ${formatBytes(run.bytes!)}, ${run.rows} rows, ${run.images} images${config.storage ? ` (images stay in ${storageLocation(config.storage)})` : ''}`,
  );
  console.log(
    secretToCarry(config.dataDir, config.jwtSecretSetting)
      ? "  It carries the signing secret (DATA_DIR/jwt-secret), as it does customers' data: keep it as safe as a password."
      : '  It does not carry the signing secret (JWT_SECRET is set): keep JWT_SECRET where a restore can find it.',
  );
  return 0;
}

function destination(to: string | undefined): BackupDestination | undefined {
  if (to === undefined) return undefined;
  if (!to.trim()) throw new UsageError('--to needs a folder or a file name ending in .tar.gz');
  const resolved = path.resolve(to);
  if (resolved.endsWith('.tar.gz') && !isFolder(resolved)) return { file: resolved };
  return { folder: resolved };
}

function isFolder(p: string) {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** PostgreSQL, or the embedded database while no shop runs on it: this process reads it. */
async function backUpHere(
  config: AppConfig,
  to: BackupDestination | undefined,
  database?: Awaited<ReturnType<typeof openDatabase>>,
): Promise<BackupRun> {
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, migrate: false, poolSize: 2 }));
  try {
    const runner = createBackupRunner({
      database: db,
      folder: config.backups!.folder,
      keep: config.backups!.keep,
      uploadsDir: config.storage ? undefined : path.join(config.dataDir, 'uploads'),
      imagesKeptIn: config.storage ? storageLocation(config.storage) : undefined,
      signingSecret: secretToCarry(config.dataDir, config.jwtSecretSetting),
      log: pino({ level: 'fatal' }),
    });
    try {
      return (await runner.run('command', { to }))!;
    } catch (error) {
      // Recorded in backup_runs by the runner; said here in its words.
      return { error: (error as Error).message } as BackupRun;
    }
  } finally {
    await db.close();
  }
}

async function backUpEmbedded(config: AppConfig, to: BackupDestination | undefined): Promise<BackupRun> {
  try {
    const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'pgdata'), migrate: false });
    return await backUpHere(config, to, database);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
  }
  console.log('The shop is running on this folder: asking it to write the backup.');
  const answer = await requestBackup(config.dataDir, to).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(
      `The shop is running but could not be asked for a backup (${error.code ?? error.message}). Stop it and run this again, or use the back office's Backups page.`,
    );
  });
  if (answer.status !== 200) throw new UsageError(`The shop did not make the backup: ${String(answer.body.message)}`);
  return answer.body as unknown as BackupRun;
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
    else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      console.error(`${(error as Error).message}\n\n${USAGE}`);
    else console.error(`backup failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
