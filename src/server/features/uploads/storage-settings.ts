import { z } from 'zod';
import {
  s3Bucket,
  s3ConnectionEnv,
  s3KeysIssue,
  s3Location,
  s3UrlSetting,
  S3_CONNECTION_KEYS,
  type S3BucketSettings,
} from '../../lib/s3-settings';

/**
 * Object-storage settings from the environment. STORAGE_URL=s3://bucket/prefix turns it on; without it
 * images stay in DATA_DIR/uploads. Read by src/server/config.ts with the other settings. The connection
 * settings (S3_*) are shared with the backups' copies (BACKUP_COPY_URL): lib/s3-settings.ts.
 */
export type S3StorageSettings = S3BucketSettings;

export type StorageSettingsResult = { ok: true; settings?: S3StorageSettings } | { ok: false; issues: string[] };

const storageEnv = s3ConnectionEnv.extend({ STORAGE_URL: s3UrlSetting() });

/** Issues come back as "NAME: what is wrong" lines, in the form config.ts prints; never with a value in them. */
export function readStorageSettings(env: NodeJS.ProcessEnv): StorageSettingsResult {
  const parsed = storageEnv.safeParse(env);
  if (!parsed.success)
    return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  if (!e.STORAGE_URL) {
    // Keys without a bucket most likely mean a forgotten STORAGE_URL: images would silently stay on a disk
    // that may be wiped. They may be the backup copies' own (BACKUP_COPY_URL), which check them there.
    const stray = S3_CONNECTION_KEYS.filter((key) => e[key] !== undefined);
    return stray.length && !env.BACKUP_COPY_URL
      ? {
          ok: false,
          issues: [
            `${stray.join(', ')}: set STORAGE_URL=s3://bucket too, or unset ${stray.length > 1 ? 'them' : 'it'}`,
          ],
        }
      : { ok: true };
  }
  const keys = s3KeysIssue(e);
  if (keys) return { ok: false, issues: [keys] };
  return { ok: true, settings: s3Bucket(e.STORAGE_URL, e) };
}

/** s3://bucket/prefix, for messages and logs (never a key). */
export const storageLocation = s3Location;
