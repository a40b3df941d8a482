import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../../lib/request-log';
import type { PageRenderer } from '../../../shared/page-render';
import { accepts } from './static-files';

/**
 * The storefront's render module, built beside the web app (`vite build --ssr`: dist/web-ssr for
 * dist/web). Without it pages are sent as the empty shell the browser draws.
 */
export async function loadPageRenderer(
  distDir: string,
  log: FastifyBaseLogger,
  limits: { keptBytes?: number } = {},
): Promise<PageRenderer | null> {
  const file = path.join(`${path.resolve(distDir)}-ssr`, 'entry-server.js');
  if (!existsSync(file)) {
    log.warn(`storefront render module missing (${file}): pages are drawn by the browser; run \`npm run build:web\``);
    return null;
  }
  const loaded = (await import(pathToFileURL(file).href)) as { renderer?: PageRenderer };
  if (!loaded.renderer) throw new Error(`${file} exports no renderer`);
  await loaded.renderer.prepare(limits);
  return loaded.renderer;
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

export function pageEncoding(request: FastifyRequest): PageEncoding {
  if (accepts(request, 'br')) return 'br';
  if (accepts(request, 'gzip')) return 'gzip';
  return 'identity';
}

/**
 * Quick levels: a page is compressed while it is written, on the request's time (decision 049: quality
 * 5, measured against 4, 6 and 11). A 64 KB window holds any page (a listing is about 60 KB) and takes a
 * third of the memory of the default 4 MB one in each page being drawn: 50 at once held 55 MB, now 17.
 */
function compressor(encoding: PageEncoding): Transform {
  if (encoding === 'br')
    return createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 16 },
    });
  if (encoding === 'gzip') return createGzip({ level: 6 });
  return new PassThrough();
}

/**
 * Drawn pages by their ETag and encoding, most recently used last, within a byte cap. The ETag is a
 * hash of everything a page is drawn from (the build, the address, the data), so an entry can never be
 * stale: a changed price or setting gives another ETag. Popular pages then cost a hash, not a render.
 */
export class DrawnPages {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key);
    if (body) {
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: Buffer): void {
    if (body.length > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface DrawnPage {
  /** The page up to and including `<div id="root">`: sent before the page is drawn. */
  head: string;
  /** `</div>` and the rest: the embedded data and closing tags. */
  tail: string;
  url: string;
  data: Record<string, unknown>;
  cacheKey: string;
}

/**
 * Streams a page: headers and <head> at once (the browser starts on the styles and scripts while the
 * page is drawn), then the page's HTML through the compressor, then the tail. When the render fails the
 * empty root is sent and the browser draws the page itself.
 */
export function streamPage(
  reply: FastifyReply,
  renderer: PageRenderer,
  page: DrawnPage,
  encoding: PageEncoding,
  cache: DrawnPages,
): FastifyReply {
  const out = compressor(encoding);
  const pieces: Buffer[] = [];
  let complete = true;
  // Keeps what is sent on its way: a 'data' listener on `out` would take what it writes before the
  // reply reads it (the head of a page sent uncompressed went missing so).
  const sent = new Transform({
    transform(piece: Buffer, _encoding, done) {
      pieces.push(piece);
      done(null, piece);
    },
    flush(done) {
      if (complete) cache.set(page.cacheKey, Buffer.concat(pieces));
      done();
    },
  });
  out.pipe(sent);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  out.write(page.head);
  flush(out);

  renderer
    .render(page.url, page.data, (error) => {
      reply.log.error({ err: error, url: redactUrl(page.url) }, 'page render error');
    })
    .then((html) => {
      if (html === null) complete = false;
      else out.write(html);
      out.end(page.tail);
    })
    .catch((error: unknown) => {
      complete = false;
      reply.log.error({ err: error, url: redactUrl(page.url) }, 'page render failed');
      out.end(page.tail);
    });
  return reply.send(sent);
}

function flush(stream: Transform) {
  const flushable = stream as Transform & { flush?: (callback?: () => void) => void };
  flushable.flush?.();
}
