import { backupFiles, readRecord } from '../backup-state';
import { fail, ok, warn, type Check, type Finding } from './check';

const HOUR = 3_600_000;
const age = (ms: number) =>
  ms < 2 * HOUR
    ? `${Math.max(1, Math.round(ms / 60_000))} minutes`
    : ms < 48 * HOUR
      ? `${Math.round(ms / HOUR)} hours`
      : `${Math.round(ms / (24 * HOUR))} days`;

/** The newest backup on the machine, its copy off the machine, and the last proof that one restores. */
export const backupChecks: Check = async ({ config, layout, probes, settings }) => {
  const findings: Finding[] = [];
  const now = probes.now().getTime();
  const folder = config?.backups?.folder ?? layout.backupsDir;
  const newest = backupFiles(folder)[0];
  if (settings.get('BACKUP_SCHEDULE') === 'off')
    findings.push(fail('Backups: the daily backup is off. Turn it on: coop-shop config set BACKUP_SCHEDULE=02:00'));
  else if (!newest)
    findings.push(
      warn(
        'Backups: none made yet. The first is made tonight at BACKUP_SCHEDULE (02:00); coop-shop backups check --now makes one now.',
      ),
    );
  else {
    const old = now - newest.modified.getTime();
    const said = `Backups: the last one is ${age(old)} old (${newest.name})`;
    if (old > 3 * 24 * HOUR) findings.push(fail(`${said}. The daily backup has stopped: see coop-shop logs.`));
    else if (old > 26 * HOUR) findings.push(warn(`${said}. Last night's is missing: see coop-shop logs.`));
    else findings.push(ok(`${said}.`));
  }

  const copy = readRecord(layout, 'offsite-copy');
  if (!settings.get('BACKUP_COPY_URL'))
    findings.push(
      warn(
        'Off the machine: backups stay on this server only, and a dead disk would take them too. Set a bucket: coop-shop config set BACKUP_COPY_URL=s3://bucket/shop (going-live.md, "Backups off the machine").',
      ),
    );
  else if (!copy)
    findings.push(
      warn(
        `Off the machine: no copy made yet to ${settings.get('BACKUP_COPY_URL')}; the first goes after tonight's backup.`,
      ),
    );
  else if (!copy.ok)
    findings.push(
      fail(
        `Off the machine: the last copy to ${copy.destination} failed (${copy.error}). Check the bucket's keys: coop-shop config set S3_SECRET_ACCESS_KEY`,
      ),
    );
  else if (now - Date.parse(copy.at) > 3 * 24 * HOUR)
    findings.push(
      warn(`Off the machine: the last copy is ${age(now - Date.parse(copy.at))} old; see coop-shop logs backup-check.`),
    );
  else
    findings.push(
      ok(`Off the machine: ${copy.file} copied to ${copy.destination} ${age(now - Date.parse(copy.at))} ago.`),
    );

  const test = readRecord(layout, 'restore-test');
  if (!test)
    findings.push(
      warn(
        'Restore test: not made yet (once a week a backup is restored into a spare folder and compared). Make one now: coop-shop backups check --restore-test',
      ),
    );
  else if (!test.ok)
    findings.push(
      fail(
        `Restore test: the backup ${test.file} did NOT restore (${test.error}). Your backups may be useless: keep the server as it is and ask for help (going-live.md, "When a backup does not restore").`,
      ),
    );
  else if (now - Date.parse(test.at) > 9 * 24 * HOUR)
    findings.push(
      warn(
        `Restore test: the last one passed ${age(now - Date.parse(test.at))} ago, none since: see coop-shop logs backup-check.`,
      ),
    );
  else
    findings.push(
      ok(
        `Restore test: ${test.file} restored ${age(now - Date.parse(test.at))} ago, ${test.rows} rows equal to the backup.`,
      ),
    );
  return findings;
};
