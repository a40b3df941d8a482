import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { PAYING_PAGES } from '../../../shared/app-pages';
import type { PageDataNeed } from '../../../shared/page-render';
import type { Product } from '../../../shared/schemas/products';
import { projectRoot } from '../../lib/project-root';
import { policyOpenedTo } from '../../plugins/security';
import { cardWidgetOrigin } from '../payments';
import { readCatalogAnswer } from '../products';
import { cachedShopSettings } from '../settings';
import { pageDocument, renderPage, scriptsAtLowPriority, stylesheetFirst } from './html';
import { classifyPath, pageMeta, type PageKind } from './page-meta';
import { sitemapProducts } from './queries';
import { routePreloads, type ViteManifest } from './route-chunks';
import { robotsTxt, sitemapXml } from './seo-files';
import { DrawnPages, loadPageRenderer, pageEncoding, sendDrawnPage } from './server-render';
import { FULL_CACHE_MB } from '../../lib/cache-budget';
import {
  compressSmall,
  etagOf,
  loadStaticFiles,
  publicFileCacheControl,
  sendStaticFile,
  isSubresourceFile,
  withoutPageOnlyHeaders,
  type StaticFile,
} from './static-files';

export interface SsrPluginOptions {
  /** The built web app; default <project>/dist/web. */
  distDir?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages carry prices and stock: always revalidated (cheaply, by ETag). */
const NO_CACHE = 'no-cache';
/** The storefront's own pages, drawn on the server; the rest (cart, checkout, account, admin) by the browser. */
const SERVER_DRAWN = new Set<PageKind['kind']>(['home', 'products', 'product', 'about', 'contact', 'not-found']);
/** Prepared pages kept (data, head, ETag), by address: a listing's is about 20 KB. */
const PREPARED_PAGES = 500;

/**
 * Serves the built storefront: hashed assets cached for a year, every client route as index.html
 * with its own title, description, canonical URL, Open Graph/Twitter tags and JSON-LD, so a link
 * shared on WhatsApp shows the product's picture and price without running any script.
 */
async function ssrPlugin(app: FastifyInstance, options: SsrPluginOptions) {
  // WEB_DIST_DIR lets tests (and unusual deployments) point at another build.
  const distDir = options.distDir ?? process.env.WEB_DIST_DIR ?? path.join(projectRoot(), 'dist', 'web');
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run \`npm run build:web\`; pages are not served`);
    return;
  }
  const built = await readFile(indexFile, 'utf8');
  const template = stylesheetFirst(built);
  const drawnTemplate = scriptsAtLowPriority(template);
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest: ViteManifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : {};
  const files = await loadStaticFiles(distDir);
  const renderer = await loadPageRenderer(distDir, app.log, {
    keptBytes: app.config.pageFragmentsMb && app.config.pageFragmentsMb * 1_000_000,
  });
  const drawnPages = new DrawnPages((app.config.pageCacheMb ?? FULL_CACHE_MB.pages) * 1024 * 1024);
  const buildId = etagOf(built);

  const shopSettings = () => cachedShopSettings(app.db);

  /**
   * What the public API answers: a catalogue read straight from the catalogue cache the API answers from
   * (decision 072), anything else through the API itself, so pages and API never disagree.
   */
  async function apiJson(url: string): Promise<unknown> {
    const direct = readCatalogAnswer(app, url);
    if (direct) {
      // As the API: an answer that failed (a 500 there) is left out of the page, and the browser asks again.
      const json = await direct.catch((error: unknown) => {
        app.log.error({ err: error }, 'page data read failed');
        return undefined;
      });
      return json === null ? null : json === undefined ? undefined : JSON.parse(json);
    }
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode === 200) return response.json();
    // Written into the page as null: the page shows "not found" at once instead of asking again.
    return response.statusCode === 404 ? null : undefined;
  }

  /** Without the render module only the answers the page's tags need, as before server rendering. */
  function tagNeeds(page: PageKind): PageDataNeed[] {
    if (page.kind === 'product')
      return [{ key: `product:${page.id.trim()}`, path: `/api/products/${encodeURIComponent(page.id.trim())}` }];
    if (page.kind === 'home') return [{ key: 'featured', path: '/api/products/featured' }];
    return [];
  }

  async function pageData(page: PageKind, url: string, drawn: boolean) {
    const settings = await shopSettings();
    const initialData: Record<string, unknown> = { settings };
    const needs = drawn && renderer ? renderer.dataNeeds(url) : tagNeeds(page);
    await Promise.all(
      needs.map(async (need) => {
        const value = await apiJson(need.path);
        if (value !== undefined) initialData[need.key] = value;
      }),
    );
    const product =
      page.kind === 'product' ? ((initialData[`product:${page.id.trim()}`] as Product | undefined) ?? null) : undefined;
    return { settings, product, initialData };
  }

  type PreparedPage =
    | { status: number; robots: string; file: StaticFile }
    | {
        status: number;
        robots: string;
        document: { head: string; tail: string };
        etag: string;
        initialData: Record<string, unknown>;
      };

  /** Everything a page is sent from, but its drawing: its data, head, tail and ETag, or the shell's bytes. */
  async function preparePage(requestUrl: string): Promise<PreparedPage> {
    const url = new URL(requestUrl, 'http://local');
    const page = classifyPath(url.pathname);
    const drawn = renderer !== null && SERVER_DRAWN.has(page.kind);
    const { settings, product, initialData } = await pageData(page, requestUrl, drawn);
    const meta = pageMeta({ page, query: url.searchParams, settings, publicUrl: app.config.publicUrl, product });
    const parts = { meta, shopName: settings.shopName, modulePreloads: routePreloads(manifest, page), initialData };
    if (!drawn) {
      const html = Buffer.from(renderPage(template, parts));
      return {
        status: meta.status,
        robots: meta.robots,
        file: { body: html, contentType: 'text/html; charset=utf-8', etag: etagOf(html), ...compressSmall(html) },
      };
    }
    const document = pageDocument(drawnTemplate, { ...parts, chunksAfterPaint: true });
    // Everything the page is drawn from: the same inputs always draw the same page.
    const etag = `"${createHash('sha1').update(buildId).update(requestUrl).update(document.head).update(document.tail).digest('base64url').slice(0, 27)}"`;
    return { status: meta.status, robots: meta.robots, document, etag, initialData };
  }

  /**
   * Prepared pages by address, while the catalogue (its cache's version, bumped by every change any
   * instance makes) and the shop's settings are those they were made from: a popular page costs a lookup,
   * not an API call, a parse and a hash per visit. Bounded: addresses come from anyone.
   */
  const prepared = new Map<string, { version: string; settings: object; page: PreparedPage }>();
  async function preparedPage(requestUrl: string): Promise<PreparedPage> {
    const version = app.catalogCache.version;
    const settings = await shopSettings();
    const kept = prepared.get(requestUrl);
    if (kept && kept.version === version && kept.settings === settings) return kept.page;
    const page = await preparePage(requestUrl);
    prepared.delete(requestUrl);
    if (prepared.size >= PREPARED_PAGES) prepared.delete(prepared.keys().next().value as string);
    prepared.set(requestUrl, { version, settings, page });
    return page;
  }

  /** Only the pages that pay may load the card widget (decision 036): its origin, added to this page's policy. */
  function openPolicyWherePaying(request: FastifyRequest, reply: FastifyReply) {
    const page = classifyPath(new URL(request.url, 'http://local').pathname);
    if (page.kind !== 'private' || !PAYING_PAGES.includes(page.page)) return;
    const origin = cardWidgetOrigin(app.hasDecorator('payments') ? app.payments : undefined);
    const policy = reply.getHeader('content-security-policy');
    if (origin && typeof policy === 'string') reply.header('content-security-policy', policyOpenedTo(policy, origin));
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const page = await preparedPage(request.url);
    reply.code(page.status);
    // The meta tag is read only by crawlers that run the page; the header reaches every one that fetches it.
    if (page.robots !== 'index, follow') reply.header('x-robots-tag', page.robots);
    // The paying pages are drawn by the browser (the shell): a drawn page is not classified again.
    if ('file' in page) {
      openPolicyWherePaying(request, reply);
      return sendStaticFile(request, reply, page.file, NO_CACHE);
    }
    if (!renderer) throw new Error('a drawn page without the render module');
    const { etag } = page;
    reply
      .header('cache-control', NO_CACHE)
      .header('etag', etag)
      .header('vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const ifNoneMatch = request.headers['if-none-match'];
    if (
      typeof ifNoneMatch === 'string' &&
      ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
    ) {
      return withoutPageOnlyHeaders(reply).code(304).send();
    }
    const encoding = pageEncoding(request);
    const cacheKey = `${etag}:${encoding}`;
    const cached = drawnPages.get(cacheKey);
    if (cached) {
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(cached);
    }
    return sendDrawnPage(
      reply,
      renderer,
      { ...page.document, url: `${app.config.publicUrl}${request.url}`, data: page.initialData, cacheKey },
      encoding,
      drawnPages,
    );
  }

  app.get('/assets/*', (request, reply) => {
    const pathname = request.url.split('?')[0];
    const file = files.get(pathname);
    if (!file) return reply.callNotFound();
    if (isSubresourceFile(pathname)) withoutPageOnlyHeaders(reply);
    return sendStaticFile(request, reply, file, IMMUTABLE);
  });

  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(app.config.publicUrl)),
  );

  let sitemap: { version: string; xml: string } | undefined;
  app.get('/sitemap.xml', async (_request, reply) => {
    const version = app.catalogCache.version;
    if (sitemap?.version !== version) {
      sitemap = { version, xml: sitemapXml(app.config.publicUrl, await sitemapProducts(app.db)) };
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap.xml);
  });

  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0];
    // The API and uploaded images answer their own 404s (JSON), never the app's page.
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      pathname === '/uploads' ||
      pathname.startsWith('/uploads/')
    )
      return reply.callNotFound();
    const file = files.get(pathname);
    if (file) return sendStaticFile(request, reply, file, publicFileCacheControl(pathname));
    return sendPage(request, reply);
  });
}

export default fp(ssrPlugin, { name: 'ssr', dependencies: ['db', 'catalog-cache'] });
