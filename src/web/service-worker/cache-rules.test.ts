import { describe, expect, it } from 'vitest';
import { isBackOfficePage, isBuildAsset, requestKind, settingsOfPage, type RequestFacts } from './cache-rules';

const ORIGIN = 'https://shop.example';

function facts(
  path: string,
  init: { method?: string; mode?: string; headers?: Record<string, string> } = {},
): RequestFacts {
  return {
    url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    headers: new Headers(init.headers),
  };
}

const navigation = (path: string) => requestKind(facts(path, { mode: 'navigate' }), ORIGIN);
const fetched = (path: string, init?: Parameters<typeof facts>[1]) => requestKind(facts(path, init), ORIGIN);

describe('what the service worker keeps', () => {
  it('keeps storefront pages, with their query, for offline browsing', () => {
    for (const path of [
      '/',
      '/products',
      '/products?category=oil&page=2',
      '/products/6f1c0d5e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
      '/about',
      '/contact',
      '/cart',
    ]) {
      expect(navigation(path), path).toBe('page');
    }
  });

  it('never keeps the HTML of personal pages, but falls back to the app shell for them offline', () => {
    for (const path of [
      '/checkout',
      '/checkout/success?orderId=1',
      '/account',
      '/account/orders/1',
      '/login',
      '/register',
      '/o/abc',
      '/no-such-page',
    ]) {
      expect(navigation(path), path).toBe('shell-only');
    }
  });

  it('leaves the back office to the browser', () => {
    for (const path of ['/admin', '/admin/orders', '/admin/products/1/edit']) expect(navigation(path), path).toBeNull();
    expect(navigation('/administrators')).toBe('shell-only');
  });

  it('keeps the catalogue reads of the storefront', () => {
    for (const path of [
      '/api/products',
      '/api/products?keyword=oil&page=2',
      '/api/products/featured',
      '/api/products/abc',
      '/api/products/abc/related',
    ]) {
      expect(fetched(path), path).toBe('catalogue');
    }
    expect(fetched('/api/settings')).toBe('settings');
  });

  it('keeps product images, cache first', () => {
    expect(fetched('/uploads/0123456789abcdef0123456789abcdef-400.webp')).toBe('image');
  });

  it('never keeps accounts, orders, payments, the back office, or anything sent with a session', () => {
    const never = [
      '/api/users/profile',
      '/api/users',
      '/api/orders',
      '/api/orders/myorders',
      '/api/orders/1/payments',
      '/api/payments/methods',
      '/api/admin/backups',
      '/api/products/low-stock',
      '/api/products/abc/reviews',
      '/api/order-links/abc',
      '/api/health',
    ];
    for (const path of never) expect(fetched(path), path).toBeNull();
    expect(fetched('/api/products', { headers: { authorization: 'Bearer token' } })).toBeNull();
    expect(fetched('/uploads/a.webp', { headers: { Authorization: 'Bearer token' } })).toBeNull();
  });

  it('never touches a request that changes something, nor another site', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD']) {
      expect(fetched('/api/products', { method }), method).toBeNull();
      expect(requestKind(facts('/', { method, mode: 'navigate' }), ORIGIN), method).toBeNull();
    }
    expect(fetched('https://cdn.example/uploads/a.webp')).toBeNull();
    expect(requestKind(facts('https://other.example/', { mode: 'navigate' }), ORIGIN)).toBeNull();
  });

  it('leaves scripts and styles to the precache (hashed files of this build)', () => {
    expect(fetched('/assets/index-abc.js')).toBeNull();
    expect(fetched('/favicon.svg')).toBeNull();
  });
});

describe('the scripts and styles kept beyond the precache (decision 071)', () => {
  it("keeps the build's scripts, styles and fonts fetched from this site, and nothing else", () => {
    for (const path of ['/assets/checkout-page-a1B2.js', '/assets/index-x.css', '/assets/font-a.woff2'])
      expect(isBuildAsset(facts(path), ORIGIN), path).toBe(true);
    for (const path of ['/assets/', '/assets/a/b.js', '/assets/logo.svg', '/sw.js', '/uploads/a.webp', '/api/products'])
      expect(isBuildAsset(facts(path), ORIGIN), path).toBe(false);
    expect(isBuildAsset(facts('https://cdn.example/assets/a.js'), ORIGIN)).toBe(false);
    expect(isBuildAsset(facts('/assets/a.js', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isBuildAsset(facts('/assets/a.js', { headers: { authorization: 'Bearer token' } }), ORIGIN)).toBe(false);
  });

  it("tells the back office's pages from the storefront's", () => {
    expect(isBackOfficePage(`${ORIGIN}/admin`)).toBe(true);
    expect(isBackOfficePage(`${ORIGIN}/admin/orders?page=2`)).toBe(true);
    expect(isBackOfficePage(`${ORIGIN}/administration`)).toBe(false);
    expect(isBackOfficePage(`${ORIGIN}/checkout`)).toBe(false);
  });
});

describe('the settings kept with a page', () => {
  const page = (data: string) =>
    `<html><body><div id="root"></div><script id="initial-data" type="application/json">${data}</script></body></html>`;

  it('reads the shop settings written into a page the server sent', () => {
    const settings = {
      shopName: 'Forest Gold </script> Co-op',
      phone: '+260 97 000 0000',
      email: 'hello@coop.example',
    };
    // As the server writes it: '<' escaped, so no text can close the element early.
    const written = JSON.stringify({ settings, featured: [] }).replace(/</g, '\\u003c');
    expect(settingsOfPage(page(written))).toEqual(settings);
  });

  it('reads nothing from the app shell, a page without settings or broken data', () => {
    expect(settingsOfPage('<html><body><div id="root"></div></body></html>')).toBeNull();
    expect(settingsOfPage(page('{"featured":[]}'))).toBeNull();
    expect(settingsOfPage(page('{"settings":{"shopName":'))).toBeNull();
  });
});
