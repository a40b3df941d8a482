import { randomBytes } from 'node:crypto';
import { STORED_IMAGE_NAME, UPLOADS_PATH } from '../../../shared/images';
import { openImageBucket } from './image-bucket';
import { encodeProductImage } from './image-processing';
import { imageFilesOf, STORED_IMAGE_FILE, type ImageStore } from './image-store';
import type { S3StorageSettings } from './storage-settings';

/** Images as objects in an S3-compatible bucket, so every shop instance sees every upload. */
export function createS3ImageStore(settings: S3StorageSettings): ImageStore {
  const bucket = openImageBucket(settings);
  return {
    serving: {
      kind: 'stream',
      statImage: async (file) => (STORED_IMAGE_FILE.test(file) ? bucket.stat(file) : null),
      readImage: async (file) => (STORED_IMAGE_FILE.test(file) ? bucket.read(file) : null),
    },
    async saveImage(input) {
      const encoded = await encodeProductImage(input);
      const stem = randomBytes(16).toString('hex');
      const fileOf = (suffix: string) => `${stem}${suffix}.webp`;
      // Each object appears whole or not at all; the variants go first, so a visible main URL always has its variants.
      const written: string[] = [];
      const put = async (suffix: string, data: Buffer) => {
        written.push(fileOf(suffix));
        await bucket.put(fileOf(suffix), data);
      };
      try {
        await Promise.all(encoded.files.slice(1).map((file) => put(file.suffix, file.data)));
        await put(encoded.files[0].suffix, encoded.files[0].data);
      } catch (error) {
        await Promise.all(written.map((file) => bucket.remove(file).catch(() => {})));
        throw error;
      }
      const name = fileOf('');
      return { name, url: `${UPLOADS_PATH}${name}` };
    },
    async deleteImage(name) {
      if (!STORED_IMAGE_NAME.test(name)) return false;
      const files = imageFilesOf(name);
      // S3 answers a delete of a missing key with success too, so whether the image existed is asked first.
      const found = await Promise.all(files.map((file) => bucket.stat(file)));
      // The main file first: a URL that still answers keeps its variants until it no longer does.
      const existing = files.filter((_, i) => found[i] !== null);
      for (const file of existing) await bucket.remove(file);
      return existing.length > 0;
    },
    async close() {
      bucket.close();
    },
  };
}
