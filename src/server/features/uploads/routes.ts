import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STORED_IMAGE_NAME } from '../../../shared/images';
import { errorSchema, messageSchema } from '../../../shared/schemas/common';
import {
  imageFileParams,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  uploadedImageSchema,
  uploadedImagesSchema,
} from '../../../shared/schemas/uploads';
import { BadRequest, NotFound } from '../../lib/http-errors';
import { readImages } from './read-images';
import type { ImageStore, StoredImage } from './image-store';

const tags = ['uploads'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema, 415: errorSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not globally: only these routes accept multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_IMAGES_PER_UPLOAD,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 20,
      headerPairs: 100,
    },
  });

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Upload one product image (multipart field "image"); stored as WebP with 400/800 px variants',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const [buffer] = await readImages(request, 'image', 1);
      const [stored] = await saveAll(app.imageStore, [buffer]);
      return reply.status(201).send({ message: 'Image uploaded', imageUrl: stored.url });
    },
  );

  app.post(
    '/multiple',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: `Upload 1 to ${MAX_IMAGES_PER_UPLOAD} product images (repeated multipart field "images")`,
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImagesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const buffers = await readImages(request, 'images', MAX_IMAGES_PER_UPLOAD);
      const stored = await saveAll(app.imageStore, buffers);
      return reply.status(201).send({ message: 'Images uploaded', imageUrls: stored.map((s) => s.url) });
    },
  );

  app.delete(
    '/:filename',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Delete a stored image and its variants (filename = last segment of its URL)',
        params: imageFileParams,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { filename } = request.params;
      if (!STORED_IMAGE_NAME.test(filename)) throw BadRequest('Invalid file name');
      if (!(await app.imageStore.deleteImage(filename))) throw NotFound('Image not found');
      return { message: 'Image deleted' };
    },
  );

  // Names with a slash (e.g. an unencoded ../) never reach the route above; answer them the same way.
  app.delete('/*', { onRequest: app.requireAdmin, schema: { hide: true } }, async () => {
    throw BadRequest('Invalid file name');
  });
};

export default routes;

/** Stores each image; if one fails (e.g. unreadable pixels), the ones already stored are removed again. */
async function saveAll(store: ImageStore, buffers: Buffer[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const buffer of buffers) stored.push(await store.saveImage(buffer));
  } catch (error) {
    await Promise.all(stored.map((s) => store.deleteImage(s.name).catch(() => false)));
    throw error;
  }
  return stored;
}
