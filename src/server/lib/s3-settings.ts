import { z } from 'zod';
import { optionalSetting } from './optional-setting';

/**
 * One S3-compatible bucket and how to reach it. The connection settings (S3_ENDPOINT, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) are the shop's one set, shared by the images' bucket
 * (STORAGE_URL, features/uploads) and the backups' copies (BACKUP_COPY_URL, features/backups).
 */
export interface S3BucketSettings {
  bucket: string;
  /** Key prefix without slashes at either end ('' for the bucket's root): objects are `<prefix>/<file>`. */
  prefix: string;
  /** MinIO, R2, Backblaze or a test peer; such stores are addressed path-style. Unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

// Bucket names as S3 allows them today (3-63 lower-case letters, digits, dots, hyphens); prefix segments
// of letters, digits, dot, dash and underscore, never "." or "..", so a key never reads like a path trick.
const S3_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])((?:\/[\w.-]+)*)\/?$/;
const DOT_SEGMENT = /\/\.{1,2}(\/|$)/;

/** A setting holding s3://bucket or s3://bucket/prefix. */
export const s3UrlSetting = () =>
  optionalSetting(
    z
      .string()
      .regex(S3_URL, 'must look like s3://bucket or s3://bucket/prefix')
      .refine((url) => !DOT_SEGMENT.test(url), 'must not have . or .. in its prefix'),
  );

export const s3ConnectionEnv = z.object({
  S3_ENDPOINT: optionalSetting(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((u) => u.replace(/\/+$/, '')),
  ),
  S3_REGION: optionalSetting(z.string().regex(/^[a-z0-9-]{2,32}$/, 'must look like us-east-1 (or auto for R2)')),
  S3_ACCESS_KEY_ID: optionalSetting(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optionalSetting(z.string().min(1)),
});
export type S3Connection = z.infer<typeof s3ConnectionEnv>;

export const S3_CONNECTION_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export const S3_KEYS_TOGETHER =
  'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS default credentials';

/** Both keys or neither; undefined when they go together. */
export const s3KeysIssue = (c: S3Connection) =>
  Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY) ? S3_KEYS_TOGETHER : undefined;

/** The bucket of a checked s3:// URL, reached with the shop's connection settings. */
export function s3Bucket(url: string, c: S3Connection): S3BucketSettings {
  const [, bucket, path = ''] = S3_URL.exec(url)!;
  return {
    bucket,
    prefix: path.replace(/^\/+|\/+$/g, ''),
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION ?? 'us-east-1',
    credentials:
      c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** s3://bucket/prefix, for messages and logs (never a key). */
export function s3Location(settings: Pick<S3BucketSettings, 'bucket' | 'prefix'>): string {
  return `s3://${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''}`;
}
