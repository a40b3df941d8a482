import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../lib/http-errors';
import type { CatalogCache } from './catalog-cache';

/**
 * Browsers and proxies may keep catalogue answers but must ask again before each use: prices and stock
 * change with every order, and asking again is cheap because a matching ETag answers 304 without a body.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Weak, because equal tags promise equal meaning, not bytes. The version changes on every catalogue write. */
export function catalogETag(version: string, key: string): string {
  return `W/"${version}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

/**
 * Answers a public catalogue read: 304 when the shopper's copy is current, else the cached JSON text
 * (sent as a string, so Fastify skips schema serialisation), else computes, caches and sends it.
 * `compute` answers null for "no such product". The ETag names the version read before computing, so
 * an answer computed while a write landed carries an already stale tag (and is not cached).
 */
export async function sendCatalogAnswer(
  cache: CatalogCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
  notFoundMessage = 'Not found',
): Promise<void> {
  const version = cache.version;
  const etag = catalogETag(version, key);
  reply.header('etag', etag).header('cache-control', CATALOG_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304).send();
    return;
  }
  const json = await cache.getOrCompute(key, async () => {
    const answer = await compute();
    return answer === null ? null : JSON.stringify(answer);
  });
  if (json === null) {
    reply.removeHeader('etag').removeHeader('cache-control');
    throw NotFound(notFoundMessage);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = json.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) {
    reply.send(json);
    return;
  }
  reply.header('content-encoding', encoding).send(cache.compressed(key, json, encoding));
}

/** Below this a compressed answer saves less than its headers and the phone's work cost. */
const COMPRESS_FROM_BYTES = 1024;

function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = (Array.isArray(header) ? header.join(',') : header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

