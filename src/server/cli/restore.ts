/**
 * npm run restore -- FILE [--force]
 *
 * Restores a backup made by npm run backup into the database of DATABASE_URL, or into DATA_DIR/pgdata, and
 * its images into DATA_DIR/uploads (or the bucket of STORAGE_URL), then migrates it to this shop's schema.
 * The whole file is checked first; a damaged, cut-short or foreign file changes nothing. A target that
 * already holds a shop is refused unless --force: then the embedded database's folders are set aside
 * (renamed, not deleted), and PostgreSQL's tables are replaced in the restore's own transaction.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DatabaseInUseError } from '../db/folder-lock';
import { BackupFileError } from '../features/backups/backup-file';
import { movedSecretReport } from '../features/backups/moved-secret';
import { restoreBackup, RestoreRefused } from '../features/backups/restore-backup';
import { storageLocation } from '../features/uploads/storage-settings';

const USAGE = `Usage: npm run restore -- FILE [--force]

  FILE      a backup file written by npm run backup (shop-<date>-schema-<n>.tar.gz)
  --force   replace a shop that is already there (embedded: set aside as pgdata.before-restore-<date>)

Restores into DATABASE_URL when set, else into DATA_DIR. Stop the shop first.`;

async function main(): Promise<number> {
  const { values: flags, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (flags.help || positionals.length !== 1) {
    console.log(USAGE);
    return flags.help ? 0 : 1;
  }
  // A refused restore changes nothing: not even an empty DATA_DIR is made, nor a secret written into it.
  const config = loadConfig(process.env, { leaveDataDirAlone: true });
  const where = config.databaseUrl ? 'the database of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  console.log(`Checking ${positionals[0]}, then restoring into ${where}`);
  const started = performance.now();
  const done = await restoreBackup(
    positionals[0],
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      storage: config.storage,
      signingSecretSetting: config.jwtSecretSetting,
    },
    { force: flags.force },
  );
  console.log(
    `Restored ${done.rows} rows and ${done.images} images in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.log(
    done.schemaInFile === done.schemaNow
      ? `Schema ${done.schemaNow}.`
      : `Schema ${done.schemaInFile} in the file, migrated to ${done.schemaNow}.`,
  );
  if (config.storage) console.log(`Images were written to ${storageLocation(config.storage)}.`);
  for (const folder of done.setAside) console.log(`The shop that was there is kept in ${folder}.`);
  for (const line of movedSecretReport(done.signingSecret, 'backup')) console.log(line);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (
      error instanceof BackupFileError ||
      error instanceof RestoreRefused ||
      error instanceof DatabaseInUseError ||
      error instanceof ConfigError
    ) {
      console.error(error.message);
    } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      console.error(`${(error as Error).message}\n\n${USAGE}`);
    else console.error(`restore failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
