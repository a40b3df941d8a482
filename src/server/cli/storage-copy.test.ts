import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageStore } from '../features/uploads/local-image-store';
import { jpeg, png } from '../features/uploads/test/images';
import { startS3Peer, type S3Peer } from '../test/s3-peer';

const root = path.resolve(import.meta.dirname, '../../..');

function runCopy(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/storage-copy.ts'], {
    cwd: root,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

describe('npm run storage:copy', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-storage-copy-'));
  const uploads = path.join(dataDir, 'uploads');
  let peer: S3Peer;
  let client: S3Client;
  let files: string[];

  beforeAll(async () => {
    peer = await startS3Peer({ prefix: 'moved' });
    client = new S3Client({
      region: 'us-east-1',
      endpoint: peer.endpoint,
      forcePathStyle: true,
      credentials: peer.settings.credentials,
    });
    const store = createLocalImageStore(uploads);
    await store.saveImage(await jpeg(900, 600));
    await store.saveImage(await png(300, 200));
    files = readdirSync(uploads).sort();
    // Not images the shop made: never copied.
    writeFileSync(path.join(uploads, 'notes.txt'), 'keep me local');
    writeFileSync(path.join(uploads, `.${files[0]}.123.tmp`), 'half written');
  });
  afterAll(async () => {
    client?.destroy();
    await peer?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: peer.bucket }))).Contents ?? []).map((o) => o.Key!).sort();
  const objectBytes = async (key: string) =>
    Buffer.from(
      await (await client.send(new GetObjectCommand({ Bucket: peer.bucket, Key: key }))).Body!.transformToByteArray(),
    );

  it('copies every original and variant once, byte for byte; a second run skips them all', async () => {
    expect(files).toHaveLength(6);
    const first = await runCopy({ DATA_DIR: dataDir, ...peer.env });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('found 6, copied 6, skipped 0 (already in the bucket), failed 0');
    expect(await keys()).toEqual(files.map((f) => `moved/${f}`));
    for (const file of files)
      expect((await objectBytes(`moved/${file}`)).equals(readFileSync(path.join(uploads, file))), file).toBe(true);

    const second = await runCopy({ DATA_DIR: dataDir, ...peer.env });
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('found 6, copied 0, skipped 6 (already in the bucket), failed 0');

    // An object cut short (say, by an earlier interrupted copy) is copied again.
    await client.send(
      new PutObjectCommand({ Bucket: peer.bucket, Key: `moved/${files[0]}`, Body: Buffer.from('cut') }),
    );
    const third = await runCopy({ DATA_DIR: dataDir, ...peer.env });
    expect(third.output).toContain('found 6, copied 1, skipped 5 (already in the bucket), failed 0');
    expect((await objectBytes(`moved/${files[0]}`)).equals(readFileSync(path.join(uploads, files[0])))).toBe(true);
  });

  it('exits 1 without STORAGE_URL, and counts the failures when the bucket does not answer', async () => {
    const unset = await runCopy({
      DATA_DIR: dataDir,
      STORAGE_URL: '',
      S3_ENDPOINT: '',
      S3_REGION: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
    });
    expect(unset.code).toBe(1);
    expect(unset.output).toContain('STORAGE_URL is not set');

    const down = await startS3Peer();
    await down.close();
    const failed = await runCopy({ DATA_DIR: dataDir, ...down.env });
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toContain('found 6, copied 0, skipped 0 (already in the bucket), failed 6');
  });
});
