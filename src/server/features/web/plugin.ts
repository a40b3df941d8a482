import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Product, ProductSummary } from '../../../shared/schemas/products';
import { projectRoot } from '../../lib/project-root';
import { cachedShopSettings } from '../settings/service';
import { renderPage } from './html';
import { classifyPath, pageMeta, type PageKind } from './page-meta';
import { sitemapProducts } from './queries';
import { routePreloads, type ViteManifest } from './route-chunks';
import { robotsTxt, sitemapXml } from './seo-files';
import { compressSmall, etagOf, loadStaticFiles, publicFileCacheControl, sendStaticFile, type StaticFile } from './static-files';

export interface WebPluginOptions {
  /** The built web app; default <project>/dist/web. */
  distDir?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages carry prices and stock: always revalidated (cheaply, by ETag). */
const NO_CACHE = 'no-cache';

/**
 * Serves the built storefront: hashed assets cached for a year, every client route as index.html
 * with its own title, description, canonical URL, Open Graph/Twitter tags and JSON-LD, so a link
 * shared on WhatsApp shows the product's picture and price without running any script.
 */
async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  // WEB_DIST_DIR lets tests (and unusual deployments) point at another build.
  const distDir = options.distDir ?? process.env.WEB_DIST_DIR ?? path.join(projectRoot(), 'dist', 'web');
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run \`npm run build:web\`; pages are not served`);
    return;
  }
  const template = await readFile(indexFile, 'utf8');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest: ViteManifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : {};
  const files = await loadStaticFiles(distDir);

  const shopSettings = () => cachedShopSettings(app.db);

  /** Through the public API (and its catalogue cache), so pages and API never disagree. */
  async function apiJson<T>(url: string): Promise<T | null> {
    const response = await app.inject({ method: 'GET', url });
    return response.statusCode === 200 ? (response.json() as T) : null;
  }

  async function pageData(page: PageKind) {
    const settings = await shopSettings();
    const initialData: Record<string, unknown> = { settings };
    let product: Product | null | undefined;
    if (page.kind === 'product') {
      product = await apiJson<Product>(`/api/products/${encodeURIComponent(page.id)}`);
      if (product) initialData[`product:${page.id}`] = product;
    } else if (page.kind === 'home') {
      const featured = await apiJson<ProductSummary[]>('/api/products/featured');
      if (featured) initialData.featured = featured;
    }
    return { settings, product, initialData };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://local');
    const page = classifyPath(url.pathname);
    const { settings, product, initialData } = await pageData(page);
    const meta = pageMeta({ page, query: url.searchParams, settings, publicUrl: app.config.publicUrl, product });
    const html = Buffer.from(
      renderPage(template, { meta, shopName: settings.shopName, modulePreloads: routePreloads(manifest, page), initialData }),
    );
    const file: StaticFile = { body: html, contentType: 'text/html; charset=utf-8', etag: etagOf(html), ...compressSmall(html) };
    reply.code(meta.status);
    // The meta tag is read only by crawlers that run the page; the header reaches every one that fetches it.
    if (meta.robots !== 'index, follow') reply.header('x-robots-tag', meta.robots);
    return sendStaticFile(request, reply, file, NO_CACHE);
  }

  app.get('/assets/*', (request, reply) => {
    const file = files.get(request.url.split('?')[0]);
    if (!file) return reply.callNotFound();
    return sendStaticFile(request, reply, file, IMMUTABLE);
  });

  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(app.config.publicUrl)),
  );

  let sitemap: { version: string; xml: string } | undefined;
  app.get('/sitemap.xml', async (_request, reply) => {
    const version = app.catalogCache.version;
    if (sitemap?.version !== version) {
      sitemap = { version, xml: sitemapXml(app.config.publicUrl, await sitemapProducts(app.db)) };
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap.xml);
  });

  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0];
    // The API and uploaded images answer their own 404s (JSON), never the app's page.
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/uploads' || pathname.startsWith('/uploads/')) return reply.callNotFound();
    const file = files.get(pathname);
    if (file) return sendStaticFile(request, reply, file, publicFileCacheControl(pathname));
    return sendPage(request, reply);
  });
}

export default fp(webPlugin, { name: 'web', dependencies: ['db', 'catalog-cache'] });
