/**
 * The shop's service worker (built by vite-plugin-pwa's injectManifest into dist/web/sw.js). It keeps the
 * app shell and the storefront's scripts a first visit needs (precache, decision 071), the scripts of
 * other screens once opened, and copies of the pages, catalogue answers and product images a shopper has
 * seen (cache-rules.ts), so browsing and the cart go on without a connection. It never answers for the
 * back office, accounts, orders or payments, and never replays a request.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { splitPrecache } from '../../shared/precache-groups';
import {
  APP_SHELL_URL,
  isBackOfficePage,
  isBuildAsset,
  NETWORK_TIMEOUT_SECONDS,
  RUNTIME_CACHES,
  requestKind,
  SETTINGS_URL,
  settingsOfPage,
} from './cache-rules';
import { SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// A new worker waits until the page asks it to take over (src/web/app/service-worker.ts): until then the
// open page keeps the worker whose precache holds the scripts it was built with, and lazy screens load.
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});
// On the first visit, control the open page at once, so what it fetches from now on is kept for offline.
clientsClaim();

/**
 * A phone that saves data (its data saver on: the browser then sends `Save-Data: on` with every request
 * and says so here) downloads nothing ahead of the shopper. The page registers this worker only after the
 * first page is idle, and on such a phone only from the second page a shopper opens
 * (src/web/app/start-service-worker.ts).
 */
const savesData = (self.navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection?.saveData;

// The core (the entry, the app and its styles, which the page that registers this worker has loaded: taken
// from the HTTP cache, no download) and the app shell; then the screens a shopper is likely to open next.
const { core, later } = splitPrecache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
precacheAndRoute(savesData ? core : [...core, ...later]);

/** What of `later` the browser already has (the page's own screen): kept without a download. */
async function keepWhatIsHere() {
  const cache = await caches.open(RUNTIME_CACHES.assets.cacheName);
  await Promise.all(
    later.map(async (entry) => {
      const url = new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).href;
      try {
        const response = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' });
        if (response.ok) await cache.put(url, response);
      } catch {
        // Not in the HTTP cache: kept when a shopper opens it.
      }
    }),
  );
}
if (savesData) self.addEventListener('install', (event) => event.waitUntil(keepWhatIsHere()));

function capped(cache: keyof typeof RUNTIME_CACHES) {
  const { cacheName, maxEntries, maxAgeSeconds } = RUNTIME_CACHES[cache];
  return { cacheName, plugins: [new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true })] };
}

/** Each page kept also keeps the shop's settings written into it (cache-rules.ts: settingsOfPage). */
const settingsFromPages: WorkboxPlugin = {
  async cacheDidUpdate({ newResponse }) {
    const settings = settingsOfPage(await newResponse.text());
    if (!settings) return;
    const copy = new Response(JSON.stringify(settings), {
      headers: { 'content-type': 'application/json; charset=utf-8', date: new Date().toUTCString() },
    });
    await (
      await caches.open(RUNTIME_CACHES.settings.cacheName)
    ).put(new URL(SETTINGS_URL, self.location.origin).href, copy);
  },
};

const pagesCache = capped('pages');
const pages = new NetworkFirst({
  ...pagesCache,
  plugins: [...pagesCache.plugins, settingsFromPages],
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
});
const networkOnly = new NetworkOnly();
const origin = self.location.origin;

/**
 * The storefront pages open in this phone's tabs, kept as if they were opened now. On a first visit the
 * page came before this worker, so the home page a shopper landed on would be missing offline. The
 * browser's HTTP cache still has it: asking again costs a revalidation (the server answers 304 by ETag).
 */
async function keepOpenPages(event: ExtendableEvent) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows
    .map((client) => client.url)
    .filter((url) => requestKind({ method: 'GET', url, mode: 'navigate', headers: new Headers() }, origin) === 'page');
  await Promise.all(
    [...new Set(open)].map((url) =>
      pages.handle({ request: new Request(url, { credentials: 'same-origin' }), event }).catch(() => {
        // Offline again already: the page is kept the next time it is opened online.
      }),
    ),
  );
}

// Copies of pages name the scripts of the build they came from, which this worker's precache no longer
// holds: offline, such a copy would run the old build from whatever the HTTP cache still has, or open
// blank. A new worker drops them; offline, a page then opens as the app shell of this build, with the
// catalogue answers and images kept (their form does not change). The pages open now are kept again,
// from this build.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(RUNTIME_CACHES.pages.cacheName).then(() => keepOpenPages(event)));
});

registerRoute(
  ({ request }) => {
    const kind = requestKind(request, origin);
    return kind === 'page' || kind === 'shell-only';
  },
  async (options) => {
    const strategy = requestKind(options.request, origin) === 'page' ? pages : networkOnly;
    try {
      return await strategy.handle(options);
    } catch {
      // Offline with no copy of this page: the app renders it from what it has (cart, catalogue copies).
      return (await matchPrecache(APP_SHELL_URL)) ?? Response.error();
    }
  },
);

registerRoute(
  ({ request }) => requestKind(request, origin) === 'catalogue',
  new NetworkFirst({ ...capped('catalogue'), networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
);

registerRoute(({ request }) => requestKind(request, origin) === 'settings', new NetworkFirst(capped('settings')));

registerRoute(({ request }) => requestKind(request, origin) === 'image', new CacheFirst(capped('images')));

// The scripts and styles of a screen beyond the precache (checkout, account, sign-in; on a phone that
// saves data, the likely-next screens too), kept once opened so the screen opens again offline.
const assets = new CacheFirst(capped('assets'));
registerRoute(
  ({ request }) => isBuildAsset(request, origin),
  async (options) => {
    const { event, request } = options;
    const client = event instanceof FetchEvent && event.clientId ? await self.clients.get(event.clientId) : undefined;
    return client && isBackOfficePage(client.url) ? fetch(request) : assets.handle(options);
  },
);
