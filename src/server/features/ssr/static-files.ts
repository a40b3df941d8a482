import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One built file held in memory with its compressed copies: the whole app is well under a megabyte. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/**
 * Compresses a small answer (an HTML page) on the spot: quick levels, the bytes are few. `best` for a
 * file compressed once at start and sent to every phone (the service worker: 0.8 KB less than at level 5).
 */
export function compressSmall(body: Buffer, best = false): Pick<StaticFile, 'br' | 'gzip'> {
  if (body.length < 1024) return {};
  return {
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: gzipSync(body, { level: best ? 9 : 6 }),
  };
}

/**
 * Cache-Control of a top-level file of the build. The service worker, its Workbox scripts, the web app
 * manifest and the app shell change with each deployment under the same name: always revalidated (by
 * ETag, cheaply), so a phone learns of a new deployment at its next visit, not a day later.
 */
export function publicFileCacheControl(pathname: string): string {
  return /^\/(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest|app-shell\.html)$/.test(pathname)
    ? 'no-cache'
    : 'public, max-age=86400';
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

/**
 * Reads the build into memory, keyed by URL path ('/assets/index-abc.js'). The build writes .br and .gz
 * copies (vite.config.ts); a file without them (the service worker, built apart) is compressed here once,
 * at the highest levels (a few files of tens of KB: some tens of ms at start).
 * The manifest and index.html are not served as files: the page template is rendered per request.
 */
export async function loadStaticFiles(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const all = await walk(root);
  const present = new Set(all);
  await Promise.all(
    all
      .filter((file) => !/\.(br|gz)$/.test(file))
      .map(async (file) => {
        const rel = `/${path.relative(root, file).split(path.sep).join('/')}`;
        if (rel.startsWith('/.vite/') || rel === '/index.html') return;
        const body = await readFile(file);
        const ext = path.extname(file).toLowerCase();
        const entry: StaticFile = { body, contentType: contentTypeOf(file), etag: etagOf(body) };
        if (present.has(`${file}.br`)) entry.br = await readFile(`${file}.br`);
        if (present.has(`${file}.gz`)) entry.gzip = await readFile(`${file}.gz`);
        if (!entry.br && !entry.gzip && COMPRESSIBLE.has(ext)) Object.assign(entry, compressSmall(body, true));
        files.set(rel, entry);
      }),
  );
  return files;
}

export function accepts(request: FastifyRequest, encoding: string): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== encoding) return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

/**
 * The security headers (plugins/security.ts) that only a page acts on: a browser ignores them on a
 * script or a stylesheet, and keeps those of its copy when a 304 confirms it. Together about 750 bytes,
 * sent with each of the dozen or more scripts of a first visit and each page revalidated later (issue 43).
 * Kept on every file: nosniff (a script is run only when served as one), the cross-origin resource
 * policy and the referrer policy.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Whether a built file is a script, stylesheet or font: never opened as a page, so it goes without PAGE_ONLY_HEADERS. */
export function isSubresourceFile(pathname: string): boolean {
  return /\.(js|css|woff2)$/.test(pathname);
}

export function withoutPageOnlyHeaders(reply: FastifyReply): FastifyReply {
  // Helmet writes its headers onto the Node response in an onRequest hook, not into Fastify's.
  for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
  return reply;
}

/** Sends a file with its ETag (304 when unchanged) in the smallest encoding the client accepts. */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, cacheControl: string) {
  reply
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .header('vary', 'Accept-Encoding')
    .type(file.contentType);
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    typeof ifNoneMatch === 'string' &&
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)
  ) {
    return withoutPageOnlyHeaders(reply).code(304).send();
  }
  if (file.br && accepts(request, 'br')) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && accepts(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}
