import { z } from 'zod';
import { s3Bucket, s3ConnectionEnv, s3KeysIssue, s3UrlSetting, type S3BucketSettings } from '../../lib/s3-settings';

/**
 * Backups copied off the machine (BACKUP_COPY_URL=s3://bucket/prefix), kept there BACKUP_COPY_DAYS days.
 * The bucket is reached with the shop's S3_* settings (lib/s3-settings.ts), the images' too. Read by
 * src/server/config.ts with the other settings; the copying is coop-shop's (features/operations).
 */
export interface BackupCopySettings {
  bucket: S3BucketSettings;
  /** Copies older than this many days are deleted from the bucket. */
  days: number;
}

export type BackupCopySettingsResult = { ok: true; settings?: BackupCopySettings } | { ok: false; issues: string[] };

const copyEnv = s3ConnectionEnv.extend({
  BACKUP_COPY_URL: s3UrlSetting(),
  BACKUP_COPY_DAYS: z.preprocess((v) => v || '30', z.coerce.number().int().min(1).max(3650)),
});

export function readBackupCopySettings(env: NodeJS.ProcessEnv): BackupCopySettingsResult {
  const parsed = copyEnv.safeParse(env);
  if (!parsed.success) {
    // The S3_* settings' own faults are said once, by the images' settings (uploads/storage-settings.ts).
    const issues = parsed.error.issues
      .filter((i) => String(i.path[0]).startsWith('BACKUP_COPY'))
      .map((i) => `${i.path.join('.')}: ${i.message}`);
    return issues.length ? { ok: false, issues } : { ok: true };
  }
  const e = parsed.data;
  if (!e.BACKUP_COPY_URL) return { ok: true };
  const keys = s3KeysIssue(e);
  // Said by the images' settings when STORAGE_URL is set too.
  if (keys) return env.STORAGE_URL ? { ok: true } : { ok: false, issues: [keys] };
  return { ok: true, settings: { bucket: s3Bucket(e.BACKUP_COPY_URL, e), days: e.BACKUP_COPY_DAYS } };
}
