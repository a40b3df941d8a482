/**
 * npm run storage:copy
 *
 * Copies every stored image file of DATA_DIR/uploads (originals and variants) to the bucket of STORAGE_URL,
 * for a shop moving from its local folder to object storage. Files already in the bucket with the same
 * size are skipped, so it can run again after a failure or while the old server still takes uploads.
 * Exits 1 when STORAGE_URL is not set or a file could not be copied. Leaves the local files in place.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openImageBucket, StorageUnavailable, type ImageBucket } from '../features/uploads/image-bucket';
import { STORED_IMAGE_FILE } from '../features/uploads/image-store';
import { mapWithLimit } from '../seed/random';

const PARALLEL_COPIES = 8;

type Outcome = 'copied' | 'skipped' | 'failed';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.storage) {
    console.error(
      'STORAGE_URL is not set: name the bucket to copy to, e.g. STORAGE_URL=s3://bucket/prefix (with S3_ENDPOINT and keys as the shop uses them).',
    );
    return 1;
  }
  const folder = path.join(config.dataDir, 'uploads');
  const files = existsSync(folder) ? (await readdir(folder)).filter((file) => STORED_IMAGE_FILE.test(file)).sort() : [];
  const bucket = openImageBucket(config.storage);
  console.log(`Copying ${files.length} image files from ${folder} to ${bucket.location}`);
  try {
    // Variants before their originals, as the shop writes them: a main URL in the bucket always has its variants.
    const isVariant = (file: string) => file.includes('-');
    const outcomes = [
      ...(await mapWithLimit(files.filter(isVariant), PARALLEL_COPIES, (file) => copyFile(bucket, folder, file))),
      ...(await mapWithLimit(
        files.filter((f) => !isVariant(f)),
        PARALLEL_COPIES,
        (file) => copyFile(bucket, folder, file),
      )),
    ];
    const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
    console.log(
      `found ${files.length}, copied ${count('copied')}, skipped ${count('skipped')} (already in the bucket), failed ${count('failed')}`,
    );
    return count('failed') > 0 ? 1 : 0;
  } finally {
    bucket.close();
  }
}

async function copyFile(bucket: ImageBucket, folder: string, file: string): Promise<Outcome> {
  const local = path.join(folder, file);
  try {
    const [{ size }, there] = await Promise.all([stat(local), bucket.stat(file)]);
    if (there?.length === size) return 'skipped';
    await bucket.put(file, await readFile(local));
    return 'copied';
  } catch (error) {
    const cause = (error instanceof StorageUnavailable ? error.cause : error) as {
      message?: string;
      code?: string;
      name?: string;
    };
    // A refused connection comes with an empty message and only a code.
    console.error(`  ${file}: ${cause?.message || cause?.code || cause?.name || String(cause)}`);
    return 'failed';
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `storage:copy failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
