import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
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
import { BadRequest, HttpError, NotFound } from '../../lib/http-errors';
import { notAnImage, sniffImageKind } from './image-processing';
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

/**
 * Reads every file of the multipart body into memory (at most MAX_IMAGES_PER_UPLOAD x 10 MB) and
 * checks each one's first bytes, so nothing is stored unless the whole upload is acceptable.
 */
async function readImages(request: FastifyRequest, field: string, max: number): Promise<Buffer[]> {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Expected a multipart/form-data upload with the file in the field "${field}"`);
  }
  const buffers: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        throw BadRequest(`Unexpected file field "${part.fieldname}": send images in the field "${field}"`);
      }
      const data = await part.toBuffer();
      // A browser form with no file chosen still sends an empty part without a name.
      if (data.length === 0 && !part.filename) continue;
      if (buffers.length >= max) {
        throw BadRequest(
          max === 1
            ? `Send one image in the field "${field}" (use /api/upload/multiple for several)`
            : `At most ${max} images per upload`,
        );
      }
      if (!sniffImageKind(data)) throw notAnImage();
      buffers.push(data);
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (buffers.length === 0) throw BadRequest('No file provided');
  return buffers;
}

/** Client mistakes keep their 4xx (the error plugin words the multipart limits); parser failures become 400, never 500. */
function asUploadError(error: unknown): unknown {
  const e = error as { statusCode?: number; code?: string };
  if (error instanceof HttpError) return error;
  switch (e?.code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'Too many form fields in the upload');
    case 'FST_PROTO_VIOLATION':
      return BadRequest('Invalid form field name');
  }
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return error;
  return BadRequest('The upload could not be read (malformed multipart data)');
}

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
