import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '../../lib/ids';
import { readImages } from '../uploads';
import { findOrderForReturn } from '../orders';
import { mayReach, orderNotFound, type ReturnAsker } from './access';
import { insertPhoto } from './queries';

/** A return's photo: one file, at most 5 MB (a phone's photo), checked by its bytes as product images are. */
export const MAX_RETURN_PHOTO_BYTES = 5 * 1024 * 1024;

export const RETURN_PHOTO_MULTIPART = {
  limits: {
    fileSize: MAX_RETURN_PHOTO_BYTES,
    files: 1,
    fields: 5,
    fieldSize: 1024,
    fieldNameSize: 100,
    parts: 6,
    headerPairs: 100,
  },
};

/**
 * POST /orders/{id}/returns/photo (and the link's): stored through the image store (re-encoded, without
 * its metadata, so a phone's location never leaves with it) and kept with the order it was sent for.
 */
export async function savePhoto(
  app: FastifyInstance,
  request: FastifyRequest,
  orderId: string,
  asker: ReturnAsker,
): Promise<string> {
  if (!isUuid(orderId)) throw orderNotFound();
  const found = await findOrderForReturn(app.db, orderId);
  if (!mayReach(asker, found)) throw orderNotFound();
  const [buffer] = await readImages(request, 'file', 1);
  const stored = await app.imageStore.saveImage(buffer);
  try {
    return await insertPhoto(app.db, found.order.id, stored.url);
  } catch (error) {
    await app.imageStore.deleteImage(stored.name).catch(() => false);
    throw error;
  }
}
