import { S3Client } from '@aws-sdk/client-s3';
import type { S3BucketSettings } from './s3-settings';

/** The AWS SDK's client for one of the shop's buckets (images, backup copies), set up as every S3-compatible store accepts. */
export function s3Client(settings: S3BucketSettings, timeouts = { connectionTimeout: 5_000, requestTimeout: 30_000 }) {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // MinIO, a test peer and most self-hosted stores have no per-bucket host names.
    forcePathStyle: Boolean(settings.endpoint),
    credentials: settings.credentials,
    // The SDK's newer default adds CRC checksums to every upload, which some S3-compatible stores refuse;
    // these are the settings every such store accepts, and AWS S3 too.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable bucket fails a request in seconds, instead of holding a caller for minutes.
    requestHandler: timeouts,
  });
}
