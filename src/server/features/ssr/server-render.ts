import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
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
 * Pages being compressed at once from which the next is compressed at a quicker level: libuv's thread
 * pool has 4 threads, and more pages than that wait for one while taking the cores the drawing needs.
 */
export const BUSY_COMPRESSING = 4;
/** Brotli's quality: 5 (decision 049), or 3 when the server is busy (decision 072: half the CPU, 13% more bytes). */
export const brotliQuality = (compressing: number) => (compressing >= BUSY_COMPRESSING ? 3 : 5);
let compressing = 0;

/**
 * Quick levels: a page is compressed on the request's time (decision 049: quality 5, measured against 4,
 * 6 and 11). A 64 KB window holds any page (a listing is about 60 KB) and takes a third of the memory of
 * the default 4 MB one in each page being compressed: 50 at once held 55 MB, now 17. Compressed on
 * libuv's thread pool, off the thread that draws.
 */
async function compress(text: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const quality = brotliQuality(compressing);
  compressing += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
      if (encoding === 'gzip') gzip(text, { level: 6 }, done);
      else
        brotliCompress(
          text,
          {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: quality,
              [constants.BROTLI_PARAM_LGWIN]: 16,
              [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
            },
          },
          done,
        );
    });
  } finally {
    compressing -= 1;
  }
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
  /** The page up to and including `<div id="root">`. */
  head: string;
  /** `</div>` and the rest: the embedded data and closing tags. */
  tail: string;
  url: string;
  data: Record<string, unknown>;
  cacheKey: string;
}

/**
 * Draws a page and sends it whole, compressed in one piece: the page's data is read before, and drawing
 * takes a few milliseconds (decision 072), so the head sent ahead of it saved the browser next to
 * nothing and cost a stream and three compressor calls a page. When the render fails the empty root is
 * sent and the browser draws the page itself (not kept).
 */
export async function sendDrawnPage(
  reply: FastifyReply,
  renderer: PageRenderer,
  page: DrawnPage,
  encoding: PageEncoding,
  cache: DrawnPages,
): Promise<FastifyReply> {
  const html = await renderer
    .render(page.url, page.data, (error) => {
      reply.log.error({ err: error, url: redactUrl(page.url) }, 'page render error');
    })
    .catch((error: unknown) => {
      reply.log.error({ err: error, url: redactUrl(page.url) }, 'page render failed');
      return null;
    });
  const whole = `${page.head}${html ?? ''}${page.tail}`;
  const body = encoding === 'identity' ? Buffer.from(whole) : await compress(whole, encoding);
  if (html !== null) cache.set(page.cacheKey, body);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
