import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { HttpError } from '../../lib/http-errors';
import { s3Client } from '../../lib/s3-client';
import { STORED_IMAGE_CACHE_CONTROL, type ImageFileInfo } from './image-store';
import { storageLocation, type S3StorageSettings } from './storage-settings';

export const STORAGE_UNAVAILABLE = 'Image storage is unavailable at the moment. Please try again shortly.';

/** The bucket did not answer, or answered with an error: 503 to the client, the cause kept for the log. */
export class StorageUnavailable extends HttpError {
  constructor(cause: unknown) {
    super(503, STORAGE_UNAVAILABLE);
    this.cause = cause;
  }
}

export interface ImageBucket {
  /** Where the files are, for messages: s3://bucket/prefix (never a key or secret). */
  readonly location: string;
  put(file: string, data: Buffer): Promise<void>;
  stat(file: string): Promise<ImageFileInfo | null>;
  read(file: string): Promise<(ImageFileInfo & { body: Readable }) | null>;
  /** Succeeds whether or not the object existed (S3 does not tell). */
  remove(file: string): Promise<void>;
  close(): void;
}

/** Image files as objects `<prefix>/<file>` of one S3-compatible bucket, through the AWS SDK. */
export function openImageBucket(settings: S3StorageSettings): ImageBucket {
  // An unreachable bucket fails a request in seconds (then 503), instead of holding shoppers' connections.
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const keyOf = (file: string) => (settings.prefix ? `${settings.prefix}/${file}` : file);

  return {
    location: storageLocation(settings),
    async put(file, data) {
      await client
        .send(
          new PutObjectCommand({
            Bucket,
            Key: keyOf(file),
            Body: data,
            ContentLength: data.length,
            ContentType: 'image/webp',
            CacheControl: STORED_IMAGE_CACHE_CONTROL,
          }),
        )
        .catch(unavailable);
    },
    async stat(file) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(file) }));
        return { length: head.ContentLength, etag: head.ETag };
      } catch (error) {
        return missing(error);
      }
    },
    async read(file) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(file) }));
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        return { body: object.Body as Readable, length: object.ContentLength, etag: object.ETag };
      } catch (error) {
        return missing(error);
      }
    },
    async remove(file) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(file) })).catch(unavailable);
    },
    close() {
      client.destroy();
    },
  };
}

/** A 404 for the object; a missing bucket (a wrong STORAGE_URL) is the store's failure, not a missing image. */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket';
}

/** A missing object is null; any other failure is the bucket's. */
function missing(error: unknown): null {
  if (isNotFound(error)) return null;
  throw new StorageUnavailable(error);
}

function unavailable(error: unknown): never {
  throw new StorageUnavailable(error);
}
