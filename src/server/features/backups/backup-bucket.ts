import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../lib/s3-client';
import { s3Location, type S3BucketSettings } from '../../lib/s3-settings';
import { BACKUP_FILE_NAME } from './backup-file';

export interface CopiedBackup {
  name: string;
  bytes: number;
}

/**
 * The bucket that holds the backups' copies off the machine (BACKUP_COPY_URL): `<prefix>/<backup file
 * name>`, nothing else of ours. Only names that are backup names are listed or deleted, so a bucket
 * shared with other things keeps them.
 */
export function openBackupBucket(settings: S3BucketSettings) {
  // A backup of some hundred megabytes over a slow line: minutes, not the images' 30 s.
  const client = s3Client(settings, { connectionTimeout: 10_000, requestTimeout: 30 * 60_000 });
  const Bucket = settings.bucket;
  const keyOf = (name: string) => (settings.prefix ? `${settings.prefix}/${name}` : name);
  return {
    location: s3Location(settings),
    async list(): Promise<CopiedBackup[]> {
      const found: CopiedBackup[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: settings.prefix ? `${settings.prefix}/` : undefined,
            ContinuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(settings.prefix ? settings.prefix.length + 1 : 0);
          if (BACKUP_FILE_NAME.test(name)) found.push({ name, bytes: object.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => b.name.localeCompare(a.name));
    },
    async upload(file: string, name: string) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: createReadStream(file),
          ContentLength: statSync(file).size,
          ContentType: 'application/gzip',
        }),
      );
    },
    /** Into `file`, whole or not at all. */
    async download(name: string, file: string) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
      const partial = `${file}.partial`;
      try {
        await pipeline(object.Body as Readable, createWriteStream(partial));
        await rename(partial, file);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async remove(name: string) {
      if (!BACKUP_FILE_NAME.test(name)) throw new Error(`${name} is not a backup's name`);
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    close: () => client.destroy(),
  };
}

export type BackupBucket = ReturnType<typeof openBackupBucket>;

/** When a backup was made, from its name (shop-2026-11-25T05-42-17Z-...). */
export function backupDate(name: string): Date | undefined {
  const stamp = /^shop-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z/.exec(name);
  return stamp ? new Date(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}Z`) : undefined;
}
