import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { backupDate, BACKUP_FILE_NAME, openBackupBucket, testRestore, type BackupBucket } from '../backups';
import type { AppConfig } from '../../config';
import { alertAdmins } from './alerts';
import { backupFiles, readRecord, writeRecord } from './backup-state';
import type { OperationsContext } from './context';
import type { Owner } from './files';
import { mustRun, OperationFailed, withSbin } from './host';
import type { ShopLayout } from './layout';
import { LOW_PEAK_NODE_FLAGS } from './node-runtime';
import { checkSettings } from './settings-check';
import { readSettings } from './settings-file';
import { runReleaseCommand } from './release-command';

const DAY = 86_400_000;
/** A restore test runs once this long after the last, at the quiet hour. */
const RESTORE_TEST_EVERY = 7 * DAY - 2 * 3_600_000;
const QUIET_HOUR = 3;

export interface BackupCheckOptions {
  /** Make a backup first (the shop's own, as `npm run backup` makes it). */
  now?: boolean;
  /** Test a restore now, whether or not one is due. */
  restoreTest?: boolean;
  /** The clock (tests). */
  at?: Date;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * coop-shop backups check, run every hour by coop-shop-backup-check.timer: each backup the shop made that
 * is not yet off the machine is copied to BACKUP_COPY_URL, copies older than BACKUP_COPY_DAYS are deleted
 * there (the newest always kept), and once a week the newest copy is fetched back, restored into a spare
 * folder and compared. A backup that does not restore is told to the admins by mail and text. What each
 * part did is kept for doctor and status. Answers 1 when a part failed.
 */
export async function backupCheck(
  context: OperationsContext,
  layout: ShopLayout,
  options: BackupCheckOptions = {},
): Promise<number> {
  const { out } = context;
  const check = checkSettings(readSettings(layout));
  if (!check.ok) throw new OperationFailed(`the shop refuses its settings, so nothing was checked.\n${check.message}`);
  const config = check.config;
  const folder = config.backups!.folder;
  const stat = statSync(layout.opsStateDir);
  const owner: Owner = { uid: stat.uid, gid: stat.gid };
  const at = options.at ?? new Date();
  let failed = false;

  if (options.now) await makeBackup(context, layout, owner);
  const local = backupFiles(folder).filter((b) => BACKUP_FILE_NAME.test(b.name));
  if (local.length === 0) out(`No backup in ${folder} yet.`);

  const copy = config.backups!.copy;
  const bucket = copy ? openBackupBucket(copy.bucket) : undefined;
  try {
    if (!copy || !bucket) out('Backups are not copied off the machine: BACKUP_COPY_URL is not set.');
    else {
      try {
        const copied = await copyOff(bucket, local, out);
        await pruneCopies(bucket, copy.days, at, out);
        if (local[0])
          writeRecord(
            layout,
            'offsite-copy',
            { at: at.toISOString(), ok: true, file: local[0].name, destination: bucket.location },
            owner,
          );
        if (copied === 0 && local[0]) out(`Off the machine already: every backup is in ${bucket.location}.`);
      } catch (error) {
        failed = true;
        const reason = (error as Error).message;
        writeRecord(
          layout,
          'offsite-copy',
          { at: at.toISOString(), ok: false, destination: bucket.location, error: reason },
          owner,
        );
        out(`Copying off the machine to ${bucket.location} FAILED: ${reason}`);
      }
    }

    const last = readRecord(layout, 'restore-test');
    const due = !last || at.getTime() - Date.parse(last.at) >= RESTORE_TEST_EVERY;
    if (options.restoreTest || (due && at.getHours() === QUIET_HOUR)) {
      if (!(await restoreTest(context, layout, config, { bucket, local, owner, at }))) failed = true;
    } else if (due)
      out(`A restore test is due: it runs at ${QUIET_HOUR}:00, or now with coop-shop backups check --restore-test.`);
  } finally {
    bucket?.close();
  }
  return failed ? 1 : 0;
}

/** The shop's own backup command of the running release, as the service user (it asks a running shop). */
async function makeBackup(context: OperationsContext, layout: ShopLayout, owner: Owner) {
  const said = await runReleaseCommand(context, layout, owner, layout.currentLink, 'backup', [], 30 * 60_000);
  context.out(said.split('\n')[0]);
}

async function copyOff(bucket: BackupBucket, local: ReturnType<typeof backupFiles>, out: (line: string) => void) {
  const there = new Map((await bucket.list()).map((copy) => [copy.name, copy.bytes]));
  let copied = 0;
  for (const backup of local) {
    if (there.get(backup.name) === backup.bytes) continue;
    await bucket.upload(backup.file, backup.name);
    out(`Copied ${backup.name} (${megabytes(backup.bytes)}) to ${bucket.location}.`);
    copied++;
  }
  return copied;
}

async function pruneCopies(bucket: BackupBucket, days: number, at: Date, out: (line: string) => void) {
  const [newest, ...older] = await bucket.list();
  if (!newest) return;
  const old = older.filter((copy) => (backupDate(copy.name)?.getTime() ?? at.getTime()) < at.getTime() - days * DAY);
  for (const copy of old) await bucket.remove(copy.name);
  if (old.length)
    out(`Deleted ${old.length} cop${old.length === 1 ? 'y' : 'ies'} older than ${days} days from ${bucket.location}.`);
}

async function restoreTest(
  context: OperationsContext,
  layout: ShopLayout,
  config: AppConfig,
  part: { bucket?: BackupBucket; local: ReturnType<typeof backupFiles>; owner: Owner; at: Date },
): Promise<boolean> {
  const { out } = context;
  // Inside the data folder: the one place the shut-in service may write, on disk and not in memory.
  const scratch = path.join(layout.opsStateDir, 'restore-test');
  rmSync(scratch, { recursive: true, force: true });
  let name: string | undefined;
  try {
    const chosen = await backupToTest(part.bucket, part.local, scratch);
    name = chosen.name;
    const result = await testRestore(chosen.file, path.join(scratch, 'shop'));
    writeRecord(
      layout,
      'restore-test',
      { at: part.at.toISOString(), ok: true, file: name, rows: result.rows, admins: result.admins },
      part.owner,
    );
    out(
      `Restore test: ${name} from ${chosen.from} restored into a spare folder: ${result.rows} rows in ${result.tables} tables and ${result.images} images, equal to the backup.`,
    );
    return true;
  } catch (error) {
    const reason = (error as Error).message;
    const before = readRecord(layout, 'restore-test');
    writeRecord(
      layout,
      'restore-test',
      { at: part.at.toISOString(), ok: false, file: name, error: reason, admins: before?.admins },
      part.owner,
    );
    out(`Restore test FAILED: ${name ?? 'no backup'} did not restore: ${reason}`);
    const told = await alertAdmins(config, recipients(layout, before?.admins), {
      subject: `The shop's backup did not restore (${config.publicUrl})`,
      text: `The weekly test of the shop's backups failed: the backup ${name ?? '(none)'} could not be restored.\n\nWhat went wrong: ${reason}\n\nThe shop itself goes on working. Its backups may be useless until this is fixed: on the server, run\n\n  coop-shop doctor\n\nand see docs/operations/going-live.md, "When a backup does not restore".\n`,
      sms: `Forest co-op shop: the weekly backup test FAILED (a backup did not restore). The shop still works. On the server run: coop-shop doctor`,
    });
    out(`Told the admins: ${told.join('; ')}.`);
    return false;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The newest copy off the machine (fetched into `scratch`: that copy is what must restore), else the newest here. */
async function backupToTest(bucket: BackupBucket | undefined, local: ReturnType<typeof backupFiles>, scratch: string) {
  mkdirSync(scratch, { recursive: true, mode: 0o750 });
  if (bucket) {
    const name = (await bucket.list())[0]?.name;
    if (!name) throw new OperationFailed(`there is no copy in ${bucket.location} to test`);
    const file = path.join(scratch, name);
    await bucket.download(name, file);
    return { name, file, from: bucket.location };
  }
  if (!local[0]) throw new OperationFailed('there is no backup to test');
  return { name: local[0].name, file: local[0].file, from: path.dirname(local[0].file) };
}

/** The admins the last good restore test found, and the owner install made the first admin. */
function recipients(layout: ShopLayout, admins: { email: string | null; mobile: string | null }[] = []) {
  const emails = new Set(admins.map((a) => a.email).filter((e): e is string => Boolean(e)));
  const first = path.join(layout.opsStateDir, 'first-admin.json');
  if (existsSync(first)) emails.add((JSON.parse(readFileSync(first, 'utf8')) as { email: string }).email);
  return {
    emails: [...emails],
    mobiles: [...new Set(admins.map((a) => a.mobile).filter((m): m is string => Boolean(m)))],
  };
}
