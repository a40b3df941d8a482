import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_PATH } from '../../../shared/images';
import type { ImageStore } from './image-store';
import { createLocalImageStore } from './local-image-store';
import { createS3ImageStore } from './s3-image-store';
import type { S3StorageSettings } from './storage-settings';
import { serveStreamedImages } from './streamed-images';

export type { ImageStore, StoredImage } from './image-store';

/** The store the settings name: the bucket of STORAGE_URL, else the folder DATA_DIR/uploads. */
export function createImageStore(config: { dataDir: string; storage?: S3StorageSettings }): ImageStore {
  return config.storage
    ? createS3ImageStore(config.storage)
    : createLocalImageStore(path.join(config.dataDir, 'uploads'));
}

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export default fp(
  async function storagePlugin(app: FastifyInstance) {
    const store = createImageStore(app.config);
    app.decorate('imageStore', store);
    app.addHook('onClose', () => store.close());

    if (store.serving.kind === 'stream') {
      serveStreamedImages(app, store.serving);
      return;
    }
    mkdirSync(store.serving.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.serving.directory,
      prefix: UPLOADS_PATH,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'ignore',
      // 'public, max-age=31536000, immutable' (STORED_IMAGE_CACHE_CONTROL): each upload gets a new random name.
      maxAge: 31_536_000_000,
      immutable: true,
    });
  },
  { name: 'storage', dependencies: ['db'] },
);
