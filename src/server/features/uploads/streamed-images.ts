import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_PATH } from '../../../shared/images';
import { STORED_IMAGE_CACHE_CONTROL, STORED_IMAGE_FILE, type ImageFileInfo, type StreamServing } from './image-store';

type ImageRequest = FastifyRequest<{ Params: { file: string } }>;

/**
 * GET and HEAD /uploads/<file> for a store that is not a folder: the object is streamed through the shop,
 * not redirected to, so a private bucket works and shoppers' phones talk to one origin. A revalidation
 * (If-None-Match) or a HEAD asks the store for the ETag only, never for the bytes. A store that fails
 * answers 503 through the error handler (StorageUnavailable).
 */
export function serveStreamedImages(app: FastifyInstance, serving: StreamServing) {
  async function answer(request: ImageRequest, reply: FastifyReply, withBody: boolean) {
    const { file } = request.params;
    if (!STORED_IMAGE_FILE.test(file)) return reply.callNotFound();
    const ifNoneMatch = request.headers['if-none-match'];
    if (!withBody || ifNoneMatch) {
      const info = await serving.statImage(file);
      if (!info) return reply.callNotFound();
      describe(reply, info);
      if (info.etag && matchesAny(ifNoneMatch, info.etag)) return reply.code(304).send();
      if (!withBody) return reply.send();
    }
    const object = await serving.readImage(file);
    if (!object) return reply.callNotFound();
    describe(reply, object);
    return reply.send(object.body);
  }

  const route = `${UPLOADS_PATH}:file`;
  // Declared before the GET, so Fastify does not add its own HEAD (which would fetch the bytes to drop them).
  app.head(route, (request: ImageRequest, reply) => answer(request, reply, false));
  app.get(route, (request: ImageRequest, reply) => answer(request, reply, true));
}

function describe(reply: FastifyReply, info: ImageFileInfo) {
  reply.type('image/webp').header('cache-control', STORED_IMAGE_CACHE_CONTROL);
  if (info.etag) reply.header('etag', info.etag);
  if (info.length !== undefined) reply.header('content-length', info.length);
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" matches "x"; * matches any stored file. */
function matchesAny(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
