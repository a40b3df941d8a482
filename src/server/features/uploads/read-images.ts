import type { FastifyRequest } from 'fastify';
import { BadRequest, HttpError } from '../../lib/http-errors';
import { notAnImage, sniffImageKind } from './image-processing';

/**
 * Reads every file of the multipart body into memory (at most MAX_IMAGES_PER_UPLOAD x 10 MB) and
 * checks each one's first bytes, so nothing is stored unless the whole upload is acceptable.
 */
export async function readImages(request: FastifyRequest, field: string, max: number): Promise<Buffer[]> {
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
