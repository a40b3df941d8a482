import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { products } from '../../db/schema';
import { EARLY_TAPS_SCRIPT } from '../../../shared/early-taps';
import { updateShopSettings } from '../settings';
import { APP_PAGES } from '../../../shared/app-pages';
import { escapeHtml } from './html';
import { createWebTestApp } from './test/web-app';

let app: App;
let close: () => Promise<void>;
let oilId: string;
let soldOutId: string;

const IMAGE = '/uploads/0123456789abcdef0123456789abcdef.webp';

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

function initialData(html: string): Record<string, any> {
  const match = /<script id="initial-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match![1]);
}

beforeAll(async () => {
  ({ app, close } = await createWebTestApp());
  const base = {
    category: 'oil',
    description: 'Cold-pressed mungongo oil from the forest.',
    brand: 'Forest Gold',
    images: [IMAGE],
    mainImage: IMAGE,
  };
  const [oil] = await app.db
    .insert(products)
    .values({
      ...base,
      name: 'Mungongo Oil 50 ml',
      priceNgwee: 13_000,
      sku: 'OIL-1',
      countInStock: 5,
      isFeatured: true,
    })
    .returning();
  const [soldOut] = await app.db
    .insert(products)
    .values({
      ...base,
      name: 'Baobab </script><script>alert(1)</script> Oil',
      priceNgwee: 9_950,
      sku: 'OIL-2',
      countInStock: 0,
    })
    .returning();
  oilId = oil.id;
  soldOutId = soldOut.id;
  await app.catalogCache.invalidate('products');
});

afterAll(async () => {
  await close?.();
});

describe('pages', () => {
  it('serves the home page with its own title, tags, preloads and embedded data', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toMatch(/<title>.+ \| Empowering Women, Preserving Nature<\/title>/);
    expect(html).not.toContain('Dev title');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    // The app the entry starts after the first paint, then the page's own chunks.
    const hinted = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
    expect(hinted).toEqual([
      '/assets/main-abc.js',
      '/assets/vendor-abc.js',
      '/assets/home-page-abc.js',
      '/assets/product-grid-abc.js',
    ]);
    // Already loaded by index.html: not hinted twice.
    expect(html.match(/runtime-abc\.js/g)).toHaveLength(1);
    // The stylesheet comes before every script and hint, so nothing queues ahead of it.
    expect(html.indexOf('index-abc.css')).toBeLessThan(html.indexOf('modulepreload'));
    expect(html.indexOf('index-abc.css')).toBeLessThan(html.indexOf('<script'));
    const data = initialData(html);
    expect(typeof data.settings.shopName).toBe('string');
    expect(data.featured.map((p: { _id: string }) => p._id)).toEqual([oilId]);
    expect(jsonLd(html)[0]['@type']).toBe('Organization');
  });

  it('serves settings saved a moment ago, not its earlier copy (payment numbers must be current)', async () => {
    await app.inject({ method: 'GET', url: '/' });
    await updateShopSettings(app.db, { airtelMoneyNumber: '+260 97 000 0001' });
    const first = initialData((await app.inject({ method: 'GET', url: '/checkout/success' })).body);
    expect(first.settings.airtelMoneyNumber).toBe('+260 97 000 0001');
    await updateShopSettings(app.db, { airtelMoneyNumber: '+260 97 000 0002' });
    const second = initialData((await app.inject({ method: 'GET', url: '/checkout/success' })).body);
    expect(second.settings.airtelMoneyNumber).toBe('+260 97 000 0002');
  });

  it('serves a product as it is after a change to the catalogue, not the page prepared before it', async () => {
    const before = await app.inject({ method: 'GET', url: `/products/${oilId}` });
    expect(initialData(before.body)[`product:${oilId}`].countInStock).toBe(5);
    await app.db.update(products).set({ countInStock: 4 }).where(eq(products.id, oilId));
    // As an order does: only the answers showing this product go.
    await app.catalogCache.invalidate('stock', [oilId]);
    const after = await app.inject({ method: 'GET', url: `/products/${oilId}` });
    expect(initialData(after.body)[`product:${oilId}`].countInStock).toBe(4);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await app.db.update(products).set({ countInStock: 5 }).where(eq(products.id, oilId));
    await app.catalogCache.invalidate('stock', [oilId]);
  });

  it('describes a product for link previews and search engines', async () => {
    const res = await app.inject({ method: 'GET', url: `/products/${oilId}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Mungongo Oil 50 ml | ');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/uploads/0123456789abcdef0123456789abcdef-800.webp" />',
    );
    expect(html).toContain('<meta property="product:price:amount" content="130.00" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/products/${oilId}" />`);
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/uploads\/0123456789abcdef0123456789abcdef-800\.webp" imagesrcset="[^"]+400w[^"]+800w" imagesizes="[^"]+" fetchpriority="high" \/>/,
    );
    const [product] = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Mungongo Oil 50 ml',
      image: ['https://shop.example/uploads/0123456789abcdef0123456789abcdef-800.webp'],
      offers: { price: '130.00', priceCurrency: 'ZMW', availability: 'https://schema.org/InStock' },
    });
    expect(initialData(html)[`product:${oilId}`].name).toBe('Mungongo Oil 50 ml');
  });

  it('escapes product text so it can never become markup, and marks sold-out products', async () => {
    const res = await app.inject({ method: 'GET', url: `/products/${soldOutId}` });
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(jsonLd(html)[0].offers.availability).toBe('https://schema.org/OutOfStock');
    expect(jsonLd(html)[0].name).toBe('Baobab </script><script>alert(1)</script> Oil');
  });

  it('answers 404 (still the app, not indexed) for an unknown product or path', async () => {
    for (const url of ['/products/not-a-real-id', '/products/00000000-0000-4000-8000-000000000000', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps odd listing addresses working and canonicalises categories', async () => {
    const odd = await app.inject({ method: 'GET', url: '/products?page=abc&category=nope' });
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toContain('<link rel="canonical" href="https://shop.example/products" />');
    const skincare = await app.inject({ method: 'GET', url: '/products?category=skincare&page=2' });
    expect(skincare.body).toContain('<title>Skincare Products | ');
    expect(skincare.body).toContain('<link rel="canonical" href="https://shop.example/products?category=skincare" />');
  });

  it('answers every page of the app with 200 and its title, and only unknown paths with 404', async () => {
    const shopName = escapeHtml(
      initialData((await app.inject({ method: 'GET', url: '/about' })).body).settings.shopName as string,
    );
    const orderId = '0b6e0c1a-2f6b-4b8e-9a50-2d1a3c4b5e6f';
    const pages: [string, string][] = [
      ['/products', 'Our Products'],
      [`/products/${oilId}`, 'Mungongo Oil 50 ml'],
      ['/about', 'About Us'],
      ['/contact', 'Contact Us'],
      ['/login', 'Login'],
      ['/register', 'Create an Account'],
      ['/cart', 'Shopping Cart'],
      ['/checkout', 'Checkout'],
      [`/checkout/success?orderId=${orderId}`, 'Order received'],
      ['/account', 'My Account'],
      // The link of every confirmation e-mail, and the list it belongs to.
      ['/account/orders', 'My Orders'],
      [`/account/orders/${orderId}`, 'Order #0b6e0c1a'],
      ['/account/orders/', 'My Orders'],
      ['/o/some-signed-token', 'Your Order'],
      ['/admin', 'Admin'],
      ['/admin/orders/to-ship', 'Admin'],
      ['/admin/settings', 'Admin'],
    ];
    for (const [url, title] of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${title} | ${shopName}</title>`);
      expect(res.body, url).toContain('<div id="root">');
    }
    // Every page of the app's own list answers, with a sample address for each param.
    for (const [name, page] of Object.entries(APP_PAGES)) {
      const url = `/${page.path.replace(':id', oilId).replace(/:\w+/g, 'x').replace('*', 'orders')}`;
      expect((await app.inject({ method: 'GET', url })).statusCode, `${name}: ${url}`).toBe(200);
    }
    for (const url of [
      '/account/orders/x/y',
      '/accounts',
      '/checkout/other',
      '/o',
      '/administrator',
      '/no/such/page',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(`<title>Page not found | ${shopName}</title>`);
    }
  });

  it('keeps private screens out of search results', async () => {
    for (const url of [
      '/cart',
      '/login',
      '/register',
      '/checkout',
      '/admin',
      '/admin/orders',
      '/account',
      '/account/orders',
      '/o/some-token',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it('compresses pages for browsers that accept it and answers HEAD', async () => {
    const br = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const head = await app.inject({ method: 'HEAD', url: '/contact' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('allows by its hash the one inline script of a drawn page (src/shared/early-taps.ts), and no other', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe('files', () => {
  it('serves hashed assets for a year, compressed, with ETag revalidation', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['content-encoding']).toBe('gzip');
    const again = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('sends scripts and 304s without the headers only a page acts on, and a page with them (issue 43)', async () => {
    const script = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(script.statusCode).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'origin-agent-cluster',
    ])
      expect(script.headers[name], name).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-site');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A 304 confirms the copy the browser has, which keeps its own headers.
    const unchanged = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['content-security-policy']).toBeUndefined();
    expect(unchanged.headers.etag).toBe(page.headers.etag);
  });

  it('serves top-level public files with a short cache and 404s unknown assets as JSON', async () => {
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('message');
  });

  it('never answers the API or uploads with the app page', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const upload = await app.inject({ method: 'GET', url: '/uploads/ffffffffffffffffffffffffffffffff.webp' });
    expect(upload.statusCode).toBe(404);
    expect(upload.headers['content-type']).not.toContain('text/html');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('publishes robots.txt that keeps private screens out', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    for (const path of ['/admin', '/checkout', '/cart', '/login']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('lists public pages, categories and every product in sitemap.xml, fresh after a catalogue change', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>https://shop.example/products?category=gift-sets</loc>');
    expect(res.body).toContain(`<loc>https://shop.example/products/${oilId}</loc>`);
    expect(res.body).not.toContain('/admin');
    const [added] = await app.db
      .insert(products)
      .values({
        name: 'Marula Oil',
        priceNgwee: 10_000,
        category: 'oil',
        sku: 'OIL-3',
        images: [IMAGE],
        mainImage: IMAGE,
      })
      .returning();
    await app.catalogCache.invalidate('products');
    const after = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(after.body).toContain(`/products/${added.id}</loc>`);
  });
});
