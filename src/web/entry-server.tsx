import { createHash } from 'node:crypto';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from './lib/router';
import type { PageDataNeed, PageRenderer } from '../shared/page-render';
import { App } from './app/app';
import { productListDataKey, productListPath } from './features/catalog/api';
import { listingApiParams, parseListingQuery } from './features/catalog/listing/listing-query';
import { PageDataContext, pageDataOf } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';
import { FRAGMENT_MARK, ServerFragmentsContext, type ServerFragments } from './lib/server-fragments';

/** A page that takes longer than this to draw is sent as the empty shell the browser draws itself. */
const RENDER_TIMEOUT_MS = 5_000;

function dataNeeds(url: string): PageDataNeed[] {
  const { pathname, searchParams } = new URL(url, 'http://local');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return [{ key: 'featured', path: '/api/products/featured' }];
  if (path === '/products') {
    const params = listingApiParams(parseListingQuery(searchParams));
    return [{ key: productListDataKey(params), path: `/api${productListPath(params)}` }];
  }
  const product = /^\/products\/([^/]+)$/.exec(path);
  if (product) {
    let id = product[1];
    try {
      id = decodeURIComponent(id);
    } catch {
      // Drawn as the page for a product that does not exist.
    }
    id = id.trim();
    return id ? [{ key: `product:${id}`, path: `/api/products/${encodeURIComponent(id)}` }] : [];
  }
  return [];
}

/** Fragments drawn alike on many pages may depend on no more than these, and on their id. */
function fragmentScope(data: Record<string, unknown>): string | undefined {
  if (typeof data.settings !== 'object' || data.settings === null) return undefined;
  return `${new Date().getFullYear()} ${JSON.stringify(data.settings)}`;
}

/**
 * The memory the kept fragments' text may take (PAGE_FRAGMENTS_MB): a product's part of its page is
 * about 12,000 characters, a card 1,500, the header and footer 9,000. The least recently used go first:
 * the header and footer are used on every page. Bounded because the data they are drawn from changes,
 * and addresses come from anyone.
 */
let keptBytes = 24_000_000;
/** Each fragment's book-keeping, counted with its key and its text. */
const FRAGMENT_OVERHEAD = 100;
/** V8 holds a string in a byte a character while every one is Latin-1, else in two (a product's "›"). */
const bytesOf = (text: string) => (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;
const cost = (key: string, html: string) => bytesOf(key) + bytesOf(html) + FRAGMENT_OVERHEAD;

/** Fragments by key, most recently used last, within a bound of bytes. */
class KeptFragments {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): string | undefined {
    const html = this.entries.get(key);
    if (html !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, html);
    }
    return html;
  }

  set(key: string, html: string): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= cost(key, old);
    }
    this.entries.set(key, html);
    this.bytes += cost(key, html);
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= cost(oldest, value);
    }
  }

  get size() {
    return { fragments: this.entries.size, bytes: this.bytes };
  }
}

/**
 * The fragments drawn for the shop's settings of the moment (and the year, which the footer writes);
 * forgotten as soon as a page is drawn with other settings, so a changed name or address shows at once.
 */
let kept: { scope: string; drawn: KeptFragments } | undefined;

/** An id names everything a fragment is drawn from, a product's data too: long ones are kept by their hash. */
const LONG_ID = 2_000;
const keyOf = (id: string) => (id.length < LONG_ID ? id : `#${createHash('sha1').update(id).digest('base64url')}`);

const MARKED = new RegExp(`<!--${FRAGMENT_MARK}(\\d+)-->([\\s\\S]*?)<!--/${FRAGMENT_MARK}\\1-->`, 'g');

/** A piece cut out of a page may be kept as a view of the whole page: kept, it would keep the page. */
const ownCopy = (piece: string) => Buffer.from(piece, 'utf8').toString('utf8');

/** The page without the fragments' marks, each marked fragment kept (under the id its mark stands for). */
function keepFragments(html: string, ids: string[], into: KeptFragments): string {
  if (ids.length === 0) return html;
  return html.replace(MARKED, (_, mark: string, drawn: string) => {
    into.set(keyOf(ids[Number(mark)]), ownCopy(drawn));
    return drawn;
  });
}

/** Forgets every kept fragment: the next pages are drawn whole (tests, scripts/measure-page-render.ts). */
export function forgetFragments() {
  kept = undefined;
}

/** What the kept fragments hold (for scripts/measure-page-render.ts). */
export function keptFragmentsSize() {
  return kept?.drawn.size ?? { fragments: 0, bytes: 0 };
}

function render(url: string, data: Record<string, unknown>, onError: (error: unknown) => void): Promise<string | null> {
  const queryClient = createQueryClient();
  const scope = fragmentScope(data);
  if (scope !== undefined && kept?.scope !== scope) kept = { scope, drawn: new KeptFragments(keptBytes) };
  const drawnFragments = scope === undefined ? undefined : kept!.drawn;
  const marked: string[] = [];
  const fragments: ServerFragments | undefined = drawnFragments && {
    drawn: (id) => drawnFragments.get(keyOf(id)),
    mark: (id) => String(marked.push(id) - 1),
  };
  const address = new URL(url, 'http://local');
  const location = `${address.pathname}${address.search}`;
  const Router = ({ children }: { children: React.ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  );
  const page = (
    <PageDataContext value={pageDataOf(data, address.origin)}>
      <ServerFragmentsContext value={fragments}>
        <App queryClient={queryClient} router={Router} />
      </ServerFragmentsContext>
    </PageDataContext>
  );
  // The whole page before the first byte of it: crawlers, link previews and phones without JavaScript
  // get every product, never a loading placeholder. The data is already here, so this waits only for the
  // page's code (lazy screens), which is loaded once per process.
  const drawn = Promise.resolve()
    .then(() => renderToStringAsync(page as unknown as VNode))
    .then((html) => (drawnFragments ? keepFragments(html, marked, drawnFragments) : html))
    .catch((error: unknown) => {
      onError(error);
      return null;
    })
    // Each query would otherwise keep this page's data (and the client) for its gcTime, ten minutes.
    .finally(() => queryClient.clear());
  let timer: NodeJS.Timeout | undefined;
  const tooLong = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
  });
  return Promise.race([drawn, tooLong]).finally(() => clearTimeout(timer));
}

/** Each screen's code is a lazy chunk (app/routes.tsx): loaded at start, not on a shopper's time. */
async function prepare(limits: { keptBytes?: number } = {}): Promise<void> {
  keptBytes = limits.keptBytes ?? keptBytes;
  for (const screen of ['/', '/products', '/products/0', '/about', '/contact', '/not-a-page']) {
    await render(`http://local${screen}`, {}, () => undefined);
  }
}

export const renderer: PageRenderer = { dataNeeds, render, prepare };
