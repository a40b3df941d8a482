import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PageRenderer } from '../../../shared/page-render';
import { BUSY_COMPRESSING, brotliQuality, DrawnPages, pageEncoding, sendDrawnPage } from './server-render';

describe('drawn pages kept', () => {
  it('keeps the most recently used pages within the byte cap', () => {
    const pages = new DrawnPages(800);
    pages.set('a', Buffer.alloc(100));
    pages.set('b', Buffer.alloc(100));
    pages.set('c', Buffer.alloc(100));
    expect(pages.get('a')?.length).toBe(100);
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i']) pages.set(key, Buffer.alloc(100));
    // 900 bytes asked for, 800 allowed: the least recently used ('b', as 'a' was read) goes.
    expect(pages.get('b')).toBeUndefined();
    expect(pages.get('a')).toBeDefined();
    expect(pages.size).toBe(8);
  });

  it('does not keep a page bigger than an eighth of the cap, and replaces a page kept twice', () => {
    const pages = new DrawnPages(800);
    pages.set('big', Buffer.alloc(101));
    expect(pages.get('big')).toBeUndefined();
    pages.set('x', Buffer.alloc(50));
    pages.set('x', Buffer.alloc(60));
    expect(pages.get('x')?.length).toBe(60);
    expect(pages.size).toBe(1);
  });
});

describe('a page drawn and sent', () => {
  const renderer: PageRenderer = {
    dataNeeds: () => [],
    render: async (url) => `<p>drawn for ${url}</p>`,
    prepare: async () => {},
  };
  const page = { head: '<!doctype html><html><head></head><body><div id="root">', tail: '</div></body></html>' };

  it('is sent whole in every encoding, the first time and from the pages kept', async () => {
    const app = Fastify();
    const cache = new DrawnPages(1_000_000);
    app.get('/*', (request, reply) => {
      const encoding = pageEncoding(request);
      const cacheKey = `x:${encoding}`;
      const kept = cache.get(cacheKey);
      if (kept) {
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(kept);
      }
      return sendDrawnPage(reply, renderer, { ...page, url: request.url, data: {}, cacheKey }, encoding, cache);
    });
    const whole = `${page.head}<p>drawn for /a</p>${page.tail}`;
    const decoded = (body: Buffer, encoding: string | undefined) =>
      (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();
    for (const acceptEncoding of ['identity', 'gzip', 'br', 'identity', 'gzip', 'br']) {
      const res = await app.inject({ url: '/a', headers: { 'accept-encoding': acceptEncoding } });
      expect(decoded(res.rawPayload, res.headers['content-encoding'] as string | undefined)).toBe(whole);
    }
    expect(cache.size).toBe(3);
    await app.close();
  });

  it('is compressed at a quicker level while many are being compressed, and each is whole', async () => {
    expect(brotliQuality(0)).toBe(5);
    expect(brotliQuality(BUSY_COMPRESSING - 1)).toBe(5);
    expect(brotliQuality(BUSY_COMPRESSING)).toBe(3);
    const app = Fastify();
    const cache = new DrawnPages(10_000_000);
    const big: PageRenderer = { ...renderer, render: async (url) => `<p>${url}</p>`.repeat(2_000) };
    app.get('/*', (request, reply) =>
      sendDrawnPage(reply, big, { ...page, url: request.url, data: {}, cacheKey: request.url }, 'br', cache),
    );
    const urls = Array.from({ length: 40 }, (_, i) => `/page-${i}`);
    const answers = await Promise.all(urls.map((url) => app.inject({ url, headers: { 'accept-encoding': 'br' } })));
    const atQuality = (text: string, quality: number) =>
      brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_LGWIN]: 16,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      }).length;
    const qualities = answers.map((res, i) => {
      const text = `${page.head}${`<p>${urls[i]}</p>`.repeat(2_000)}${page.tail}`;
      return [5, 3].find((quality) => atQuality(text, quality) === res.rawPayload.length);
    });
    // The first ones at quality 5, those asked while 4 were being compressed at 3.
    expect(qualities.slice(0, BUSY_COMPRESSING)).toEqual([5, 5, 5, 5]);
    expect(qualities).toContain(3);
    for (const [i, res] of answers.entries()) {
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(
        `${page.head}${`<p>${urls[i]}</p>`.repeat(2_000)}${page.tail}`,
      );
    }
    await app.close();
  });
});
