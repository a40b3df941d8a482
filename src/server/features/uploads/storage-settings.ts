import { z } from 'zod';
import { optionalSetting } from '../../lib/optional-setting';

/**
 * Object-storage settings from the environment. STORAGE_URL=s3://bucket/prefix turns it on; without it
 * images stay in DATA_DIR/uploads. Read by src/server/config.ts with the other settings.
 */
export interface S3StorageSettings {
  bucket: string;
  /** Key prefix without slashes at either end ('' for the bucket's root): objects are `<prefix>/<file>`. */
  prefix: string;
  /** MinIO, R2, Backblaze or a test peer; such stores are addressed path-style. Unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export type StorageSettingsResult = { ok: true; settings?: S3StorageSettings } | { ok: false; issues: string[] };

// Bucket names as S3 allows them today (3-63 lower-case letters, digits, dots, hyphens); prefix segments
// of letters, digits, dot, dash and underscore, never "." or "..", so a key never reads like a path trick.
const STORAGE_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])((?:\/[\w.-]+)*)\/?$/;
const DOT_SEGMENT = /\/\.{1,2}(\/|$)/;

const storageEnv = z.object({
  STORAGE_URL: optionalSetting(
    z
      .string()
      .regex(STORAGE_URL, 'must look like s3://bucket or s3://bucket/prefix')
      .refine((url) => !DOT_SEGMENT.test(url), 'must not have . or .. in its prefix'),
  ),
  S3_ENDPOINT: optionalSetting(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((u) => u.replace(/\/+$/, '')),
  ),
  S3_REGION: optionalSetting(z.string().regex(/^[a-z0-9-]{2,32}$/, 'must look like us-east-1 (or auto for R2)')),
  S3_ACCESS_KEY_ID: optionalSetting(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optionalSetting(z.string().min(1)),
});

const S3_ONLY = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Issues come back as "NAME: what is wrong" lines, in the form config.ts prints; never with a value in them. */
export function readStorageSettings(env: NodeJS.ProcessEnv): StorageSettingsResult {
  const parsed = storageEnv.safeParse(env);
  if (!parsed.success)
    return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  if (!e.STORAGE_URL) {
    // Keys without a bucket most likely mean a forgotten STORAGE_URL: images would silently stay on a disk that may be wiped.
    const stray = S3_ONLY.filter((key) => e[key] !== undefined);
    return stray.length
      ? {
          ok: false,
          issues: [
            `${stray.join(', ')}: set STORAGE_URL=s3://bucket too, or unset ${stray.length > 1 ? 'them' : 'it'}`,
          ],
        }
      : { ok: true };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    return {
      ok: false,
      issues: ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS default credentials'],
    };
  }
  const [, bucket, path = ''] = STORAGE_URL.exec(e.STORAGE_URL)!;
  return {
    ok: true,
    settings: {
      bucket,
      prefix: path.replace(/^\/+|\/+$/g, ''),
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION ?? 'us-east-1',
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
  };
}

/** s3://bucket/prefix, for messages and logs (never a key). */
export function storageLocation(settings: Pick<S3StorageSettings, 'bucket' | 'prefix'>): string {
  return `s3://${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''}`;
}
