import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../lib/http-errors';
import type { CachedAnswer, CatalogCache } from './catalog-cache';

/**
 * Browsers and proxies may keep catalogue answers but must ask again before each use: prices and stock
 * change with every order, and asking again is cheap because a matching ETag answers 304 without a body.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    if (t === '*') return true;
    return (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

/** The cached answer under `key`, else `compute`d (null: nothing there), written as JSON and kept. */
export function catalogAnswer(
  cache: CatalogCache,
  key: string,
  compute: () => Promise<unknown>,
): Promise<CachedAnswer | null> {
  return cache.getOrCompute(key, async () => {
    const value = await compute();
    return value === null ? null : { json: JSON.stringify(value), products: productsShownIn(value) };
  });
}

/**
 * Answers a public catalogue read: the cached JSON text (sent as a string, so Fastify skips schema
 * serialisation), else computes, caches and sends it; 304 when the shopper's copy is current. `compute`
 * answers null for "no such product".
 */
export async function sendCatalogAnswer(
  cache: CatalogCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
  notFoundMessage = 'Not found',
): Promise<void> {
  const answer = await catalogAnswer(cache, key, compute);
  if (answer === null) throw NotFound(notFoundMessage);
  reply.header('etag', answer.etag).header('cache-control', CATALOG_CACHE_CONTROL).header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    reply.code(304).send();
    return;
  }
  const { json } = answer;
  reply.type('application/json; charset=utf-8');
  const encoding = json.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) {
    reply.send(json);
    return;
  }
  reply.header('content-encoding', encoding).send(cache.compressed(key, json, encoding));
}

/**
 * The products an answer shows (a product, a list of them, or a page with `products`), so a stock or
 * rating change drops only the answers that show it; null when the answer is of another shape.
 */
export function productsShownIn(value: unknown): string[] | null {
  const idOf = (item: unknown) =>
    item && typeof item === 'object' && typeof (item as { _id?: unknown })._id === 'string'
      ? (item as { _id: string })._id
      : null;
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { products?: unknown }).products)
      ? (value as { products: unknown[] }).products
      : null;
  const ids = list ? list.map(idOf) : [idOf(value)];
  return ids.every((id): id is string => id !== null) ? ids.map((id) => id.toLowerCase()) : null;
}

/** Below this a compressed answer saves less than its headers and the phone's work cost. */
const COMPRESS_FROM_BYTES = 1024;

function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}
