/**
 * npm run db:copy -- --to postgres://user@host/db     the shop's database (DATA_DIR/pgdata) to PostgreSQL
 * npm run db:copy -- --to FOLDER                      the database of DATABASE_URL back to an embedded one (FOLDER becomes a DATA_DIR)
 *
 * Copies every row to a new, empty database and compares each table's count at the end. Stop the shop
 * first: orders placed after the copy began would not be in it. Images are not moved: they stay in
 * DATA_DIR/uploads (or the bucket of STORAGE_URL); copying to a FOLDER (made if missing) copies DATA_DIR/uploads
 * and the signing secret (DATA_DIR/jwt-secret) there too.
 */
import { cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DatabaseInUseError } from '../db/folder-lock';
import { secretToCarry } from '../lib/signing-secret';
import { copyDatabase, type DatabaseEnd } from '../features/backups/copy-database';
import { moveSigningSecret, movedSecretReport } from '../features/backups/moved-secret';
import { RestoreRefused } from '../features/backups/restore-backup';

const USAGE = `Usage: npm run db:copy -- --to TARGET

  --to postgres://...   copy the shop's database into this empty PostgreSQL database
  --to FOLDER           copy into a new embedded database: FOLDER becomes a DATA_DIR (FOLDER/pgdata)

The source is the shop's database as configured: DATABASE_URL when set, else DATA_DIR/pgdata.
Stop the shop first. Then start it with the new setting (DATABASE_URL=... or DATA_DIR=FOLDER).`;

class UsageError extends Error {}

async function main(): Promise<number> {
  const { values: flags } = parseArgs({
    options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (flags.help || !flags.to) {
    console.log(USAGE);
    return flags.help ? 0 : 1;
  }
  const config = loadConfig();
  const from: DatabaseEnd = config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { pgliteDir: path.join(config.dataDir, 'pgdata') };
  const toUrl = /^postgres(ql)?:\/\//.test(flags.to);
  const targetDir = toUrl ? undefined : path.resolve(flags.to);
  const to: DatabaseEnd = toUrl ? { databaseUrl: flags.to } : { pgliteDir: path.join(targetDir!, 'pgdata') };
  if ('databaseUrl' in from && 'databaseUrl' in to && from.databaseUrl === to.databaseUrl)
    throw new UsageError('The target is the database the shop uses now.');
  if (targetDir && path.resolve(targetDir) === config.dataDir)
    throw new UsageError('The target folder is the DATA_DIR the shop uses now.');

  console.log(
    `Copying ${'databaseUrl' in from ? 'the database of DATABASE_URL' : `the embedded database in ${config.dataDir}`} to ${toUrl ? 'PostgreSQL' : targetDir}`,
  );
  const started = performance.now();
  const report = await copyDatabase(from, to);
  const width = Math.max(...report.tables.map((t) => t.name.length));
  let same = true;
  for (const t of report.tables) {
    same &&= t.source === t.target;
    console.log(
      `  ${t.name.padEnd(width)}  ${String(t.source).padStart(8)} → ${String(t.target).padStart(8)}${t.source === t.target ? '' : '  DIFFERENT'}`,
    );
  }
  const uploads = path.join(config.dataDir, 'uploads');
  if (targetDir && !config.storage && existsSync(uploads)) {
    await cp(uploads, path.join(targetDir, 'uploads'), { recursive: true, errorOnExist: false });
    console.log(`Images copied to ${path.join(targetDir, 'uploads')}.`);
  }
  // The new DATA_DIR needs the secret the shop signs with, or every login and order link sent ends (decision 025).
  if (targetDir) {
    const moved = moveSigningSecret(
      targetDir,
      secretToCarry(config.dataDir, config.jwtSecretSetting),
      config.jwtSecretSetting,
    );
    for (const line of movedSecretReport(moved, 'copy')) console.log(line);
  }
  console.log(
    `${same ? 'Every table has the same number of rows' : 'Some tables differ'} (schema ${report.schema}), in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (same)
    console.log(
      toUrl
        ? 'Now start the shop with DATABASE_URL set to the target.'
        : `Now start the shop with DATA_DIR=${targetDir}.`,
    );
  return same ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof RestoreRefused ||
      error instanceof DatabaseInUseError
    )
      console.error(error.message);
    else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      console.error(`${(error as Error).message}\n\n${USAGE}`);
    else console.error(`db:copy failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
