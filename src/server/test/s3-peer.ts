import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageSettings } from '../features/uploads';

export interface S3Peer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** STORAGE_URL, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, as a shop process reads them. */
  env: Record<string, string>;
  /** The same, as AppConfig.storage (for buildApp in a test). */
  settings: S3StorageSettings;
  close(): Promise<void>;
}

// s3rver's one account; it checks every request's signature against it, as S3 does.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/**
 * A real S3 protocol server (s3rver: objects on disk, SigV4 checked) on a free port of 127.0.0.1 with one
 * empty bucket, for tests and helpers that start shops with object storage. `prefix` is the key prefix
 * of STORAGE_URL (none by default).
 */
export async function startS3Peer(options: { prefix?: string } = {}): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'coop-s3-peer-'));
  const bucket = 'shop-images';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const prefix = options.prefix ?? '';
  const settings: S3StorageSettings = {
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  };
  let closed = false;
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
