/**
 * What the service worker (sw.ts) keeps for offline use, and what it never touches. An allowlist: a
 * request matches one of the kinds below or the worker leaves it to the browser. Accounts, orders,
 * payments and the back office are never stored on a phone, nor any request that carries a session.
 */
import { matchAppPage, type AppPageName } from '../../shared/app-pages';
import { INITIAL_DATA_ELEMENT_ID } from '../../shared/initial-data';

const DAY = 24 * 60 * 60;

/**
 * Each runtime cache with its caps. The oldest entries go first when a cap is reached, and every cache
 * is emptied when the phone says its storage is full (purgeOnQuotaError), so the shop never crowds out
 * a shopper's photos. Images are 400/800 px WebP of 20-60 KB: 120 of them stay under about 5 MB.
 */
export const RUNTIME_CACHES = {
  pages: { cacheName: 'shop-pages', maxEntries: 30, maxAgeSeconds: 7 * DAY },
  catalogue: { cacheName: 'shop-catalogue', maxEntries: 60, maxAgeSeconds: 7 * DAY },
  settings: { cacheName: 'shop-settings', maxEntries: 1, maxAgeSeconds: 30 * DAY },
  images: { cacheName: 'shop-images', maxEntries: 120, maxAgeSeconds: 30 * DAY },
  /** Scripts and styles of the storefront opened beyond what the worker keeps at install (decision 071). */
  assets: { cacheName: 'shop-assets', maxEntries: 60, maxAgeSeconds: 30 * DAY },
} as const;

/**
 * How long a page or catalogue answer may take before the copy seen last is shown instead. The network
 * answer, when it comes, still refreshes the copy for next time. Short, as on 2G a page that has not
 * started after three seconds usually takes ten. A copy's prices may then be older than the shop's: an
 * order is priced by the server, which answers 409 with the new prices before anything is charged.
 */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** The precached page every navigation falls back to offline when its own copy is missing: the app, without data. */
export const APP_SHELL_URL = '/app-shell.html';

/**
 * - `page`: a storefront page, network first, then its copy, then the app shell.
 * - `shell-only`: a page whose HTML is never kept (account, checkout, sign-in, order links): network,
 *   then the app shell, which renders it from what the phone has (the cart is in localStorage).
 * - `catalogue`: the products the storefront reads, network first, then the copy.
 * - `settings`: the shop's identity, network first with no time limit (it carries the numbers to pay
 *   to: a slow line waits for the current ones), its copy only when there is no network at all.
 * - `image`: a product image, from the cache first (their addresses never change content).
 * - `null`: not the worker's business; the browser fetches it as if there were no worker.
 */
export type RequestKind = 'page' | 'shell-only' | 'catalogue' | 'settings' | 'image' | null;

/** The parts of a Request the rules read (a fetch event's Request has them all). */
export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  headers: { has(name: string): boolean };
}

/** Pages of the app's list (src/shared/app-pages.ts) that show the same to everyone and that a shopper may want again offline. */
const KEPT_PAGES = new Set<AppPageName>(['home', 'products', 'product', 'about', 'contact', 'cart']);

/** The catalogue reads of the storefront; not /api/products/low-stock, which is the back office's. */
const CATALOGUE_API = /^\/api\/products(\/featured|\/(?!low-stock$)[^/]+(\/related)?)?$/;

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function requestKind(request: RequestFacts, origin: string): RequestKind {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  // A request with a session's token reads something of that person: never written to a shared cache.
  if (request.headers.has('authorization')) return null;
  const { pathname } = url;
  if (request.mode === 'navigate') {
    // The back office is used online by the shop's staff: no copies, no shell, the browser's own page offline.
    if (under(pathname, '/admin') || under(pathname, '/api') || under(pathname, '/uploads')) return null;
    const page = matchAppPage(pathname);
    return page && KEPT_PAGES.has(page.name) ? 'page' : 'shell-only';
  }
  if (CATALOGUE_API.test(pathname)) return 'catalogue';
  if (pathname === SETTINGS_URL) return 'settings';
  if (pathname.startsWith('/uploads/')) return 'image';
  return null;
}

/**
 * A script, style or font of the build, fetched by a page: its name changes with its content, so a copy
 * never goes stale. The worker keeps those a shopper opens beyond its precache (decision 071), from the
 * cache first; not for the back office's pages (sw.ts asks which page fetched it).
 */
export function isBuildAsset(request: RequestFacts, origin: string): boolean {
  if (request.method !== 'GET' || request.headers.has('authorization')) return false;
  const url = new URL(request.url);
  return url.origin === origin && /^\/assets\/[^/]+\.(js|css|woff2)$/.test(url.pathname);
}

/** Whether a page's address is the back office's: what it fetches is never kept on the phone. */
export function isBackOfficePage(url: string): boolean {
  return under(new URL(url).pathname, '/admin');
}

/** Where the app reads the shop's settings; the worker keeps one copy of them (RUNTIME_CACHES.settings). */
export const SETTINGS_URL = '/api/settings';

const INITIAL_DATA = new RegExp(
  `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">([\\s\\S]*?)</script>`,
);

/**
 * The shop's settings written into a page the server sent (its name, contact details, payment numbers),
 * or null. A page drawn by the server carries them, so the app never asks /api/settings for them and
 * that answer was never kept: offline, a page drawn from the app shell then showed a made-up name and an
 * empty contact block. The worker keeps these as the settings' copy instead, costing no download.
 */
export function settingsOfPage(html: string): Record<string, unknown> | null {
  const found = INITIAL_DATA.exec(html);
  if (!found) return null;
  try {
    const data: unknown = JSON.parse(found[1]);
    const settings = data && typeof data === 'object' ? (data as { settings?: unknown }).settings : null;
    return settings && typeof settings === 'object' && typeof (settings as { shopName?: unknown }).shopName === 'string'
      ? (settings as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
