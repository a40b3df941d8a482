import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORED_IMAGE_NAME, UPLOADS_PATH } from '../../../shared/images';
import { encodeProductImage } from './image-processing';
import { imageFilesOf, type ImageStore } from './image-store';

/** Images as files in one folder (DATA_DIR/uploads), served by @fastify/static. */
export function createLocalImageStore(directory: string): ImageStore {
  return {
    serving: { kind: 'folder', directory },
    async saveImage(input) {
      const encoded = await encodeProductImage(input);
      await mkdir(directory, { recursive: true });
      const stem = randomBytes(16).toString('hex');
      // Variants first and the main file last, each written then renamed, so a visible main URL always has its variants.
      const written: string[] = [];
      try {
        for (const file of [...encoded.files.slice(1), encoded.files[0]]) {
          const final = path.join(directory, `${stem}${file.suffix}.webp`);
          // A dot file: @fastify/static never serves those, so a half-written file is never visible.
          const temp = path.join(directory, `.${stem}${file.suffix}.${process.pid}.tmp`);
          written.push(temp);
          await writeFile(temp, file.data);
          await rename(temp, final);
          written.push(final);
        }
      } catch (error) {
        await Promise.all(written.map((f) => unlink(f).catch(() => {})));
        throw error;
      }
      const name = `${stem}.webp`;
      return { name, url: `${UPLOADS_PATH}${name}` };
    },
    async deleteImage(name) {
      if (!STORED_IMAGE_NAME.test(name)) return false;
      let removed = false;
      for (const file of imageFilesOf(name)) {
        try {
          await unlink(path.join(directory, file));
          removed = true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return removed;
    },
    async close() {},
  };
}
