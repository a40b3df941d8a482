import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMAGE_VARIANT_WIDTHS, STORED_IMAGE_NAME, UPLOADS_PATH } from '../../../shared/images';
import { encodeProductImage } from './image-processing';

export interface StoredImage {
  /** Public URL of the largest WebP, e.g. /uploads/<32 hex>.webp; variants follow src/shared/images.ts. */
  url: string;
  name: string;
}

/** Where image files live. Local disk now; an object-storage version only has to keep these two promises. */
export interface ImageStore {
  /** Checks the bytes are JPEG, PNG or WebP, re-encodes to WebP variants without metadata, stores them. */
  saveImage(input: Buffer): Promise<StoredImage>;
  /** Removes the image and its variants; false when no such stored image. Only store-made names are accepted. */
  deleteImage(name: string): Promise<boolean>;
  /** Folder served at /uploads (local disk store only). */
  readonly directory: string;
}

export function createLocalImageStore(directory: string): ImageStore {
  const filesOf = (name: string) => {
    const stem = name.replace(/\.webp$/, '');
    return [name, ...IMAGE_VARIANT_WIDTHS.map((w) => `${stem}-${w}.webp`)];
  };
  return {
    directory,
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
      for (const file of filesOf(name)) {
        try {
          await unlink(path.join(directory, file));
          removed = true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return removed;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export default fp(
  async function storagePlugin(app: FastifyInstance) {
    const store = createLocalImageStore(path.join(app.config.dataDir, 'uploads'));
    app.decorate('imageStore', store);
    mkdirSync(store.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.directory,
      prefix: UPLOADS_PATH,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'ignore',
      // 'public, max-age=31536000, immutable': a stored name never gets new content (each upload gets a new random name).
      maxAge: 31_536_000_000,
      immutable: true,
    });
  },
  { name: 'storage', dependencies: ['db'] },
);
