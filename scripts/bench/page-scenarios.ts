/**
 * The page scenarios: what a shopper's phone fetches first when it opens a page, the HTML
 * document (its scripts, styles and pictures are hashed files cached for a year). Sent the way a browser
 * sends a first visit: Accept text/html, Accept-Encoding gzip, deflate, br (the server compresses each
 * page as it answers, so that cost is counted) and no If-None-Match (a 304 would measure the cache, not
 * the page). Cached: the same page again and again; cold: an address never asked for before in the run
 * (as keyword-never-seen), so no page comes from the server's page caches and the catalogue cache misses
 * at first (then holds the data until a product changes, as for detail-random).
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type autocannon from 'autocannon';
import { CATEGORIES, type Category } from '../../src/shared/categories';
import { pick, type CatalogueProduct } from './catalogue';
import { json } from './http';

export const PAGE_SCENARIO_KEYS = [
  'page-home',
  'page-list',
  'page-list-filters',
  'page-product',
  'page-list-cold',
  'page-product-cold',
];

/** What Chrome on an Android phone sends for a page it has not seen before. */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

/** The storefront's listing page size (src/web/features/catalog/listing/listing-query.ts). */
const LISTING_PAGE_SIZE = 12;

export interface ListingAddress {
  category?: Category;
  minPrice?: number;
  maxPrice?: number;
  page?: number;
}

/** A listing page's address as the storefront writes it: category, prices, then page (only when above 1). */
export function listingPath(address: ListingAddress): string {
  const params = new URLSearchParams();
  if (address.category) params.set('category', address.category);
  if (address.minPrice !== undefined) params.set('minPrice', String(address.minPrice));
  if (address.maxPrice !== undefined) params.set('maxPrice', String(address.maxPrice));
  if (address.page !== undefined && address.page > 1) params.set('page', String(address.page));
  const search = params.toString();
  return search ? `/products?${search}` : '/products';
}

/** The category with the most listing pages, so that its page 2 exists; undefined when none has two. */
export function busiestCategory(pagesByCategory: ReadonlyMap<Category, number>): Category | undefined {
  let best: Category | undefined;
  for (const [category, pages] of pagesByCategory)
    if (pages >= 2 && (best === undefined || pages > pagesByCategory.get(best)!)) best = category;
  return best;
}

/** What one GET of a page answered, its body as sent and decompressed. */
export interface PageProbe {
  path: string;
  status: number;
  contentType: string;
  encoding: string;
  sentBytes: number;
  html: string;
}

/** One page fetched with the browser's headers, without fetch()'s own decompression, so the bytes sent are seen. */
export function probePage(base: string, path: string): Promise<PageProbe> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: BROWSER_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const sent = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[encoding];
        try {
          resolve({
            path,
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            encoding,
            sentBytes: sent.length,
            html: (decode ? decode(sent) : sent).toString('utf8'),
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Why a probe is not a page of the storefront, or undefined when it is one. */
export function notAPage(probe: PageProbe): string | undefined {
  if (probe.status !== 200) return `answered ${probe.status} ${probe.contentType}`;
  if (!probe.contentType.startsWith('text/html')) return `answered ${probe.contentType}, not text/html`;
  if (!/<html[\s>]/i.test(probe.html)) return 'answered text/html that is not an HTML document';
  return undefined;
}

/** The note of a page scenario: what one answer weighs, and whether the server wrote the page itself. */
export function describePage(probe: PageProbe): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const htmlBytes = Buffer.byteLength(probe.html);
  // Until the storefront renders on the server the root element comes empty and a script fills it.
  const rendered = /<div id="root">\s*<\/div>/.test(probe.html)
    ? 'root element empty (the page is drawn by scripts)'
    : 'root element holds the page';
  return `${probe.path}: ${kb(htmlBytes)} of HTML, ${kb(probe.sentBytes)} sent (${probe.encoding}); ${rendered}`;
}

export interface PageScenario {
  key: string;
  name: string;
  opts: Omit<autocannon.Options, 'url'>;
  /** A path the scenario asks for, fetched once before the run to check it is a page and for the note. */
  probePath: string;
  note: string;
  /** After the run: what the cold scenarios asked for (how many addresses, whether any came twice). */
  after?: () => string;
}

/** Marks an address as new once its draw runs out, the way a campaign link carries its own tag. */
const CAMPAIGN_TAG = 'utm_content';

/**
 * Addresses never asked for twice in a run: `draw` picks one as a shopper would, a repeat is drawn
 * again, and when the draws keep repeating (the catalogue has fewer pages than the run asks for) the
 * address gets a tag of its own, so it is still a page the server has not drawn (its data, though, is
 * in the catalogue cache by then). Its summary says how many needed the tag.
 */
export function uniqueAddresses(draw: () => string, attempts = 200) {
  const seen = new Set<string>();
  let tagged = 0;
  return {
    next(): string {
      let address = draw();
      for (let attempt = 1; seen.has(address) && attempt < attempts; attempt++) address = draw();
      if (seen.has(address)) {
        tagged++;
        address = `${address}${address.includes('?') ? '&' : '?'}${CAMPAIGN_TAG}=${tagged}`;
      }
      seen.add(address);
      return address;
    },
    summary: () =>
      `${seen.size} distinct addresses, none asked for twice` +
      (tagged > 0 ? ` (${tagged} drawn again under a tag of their own, ?${CAMPAIGN_TAG}=N)` : ''),
  };
}

/** Every product once in a random order, then again (tagged by uniqueAddresses) when the run asks for more. */
export function shuffledDeck<T>(items: readonly T[]): () => T {
  let deck: T[] = [];
  return () => {
    if (deck.length === 0) {
      deck = [...items];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
    }
    return deck.pop()!;
  };
}

/**
 * The page scenarios for a shop at `base` whose products are `catalogue`. Reads how many listing pages
 * each category has, to pick a real category with a page 2 and to draw cold listing pages that exist.
 */
export async function pageScenarios(base: string, catalogue: readonly CatalogueProduct[]): Promise<PageScenario[]> {
  const pagesByCategory = new Map<Category, number>();
  for (const category of CATEGORIES) {
    const body = await json<{ pages: number }>(`${base}/api/products?category=${category}&limit=${LISTING_PAGE_SIZE}`);
    pagesByCategory.set(category, body.pages);
  }
  const category = busiestCategory(pagesByCategory);
  if (!category) throw new Error('page-list-filters: no category has two listing pages; seed more products (--sizes)');
  const allPages = Math.max(1, Math.ceil(catalogue.length / LISTING_PAGE_SIZE));
  const product = catalogue[0];
  const get = (path: string): PageScenario['opts'] => ({
    headers: BROWSER_HEADERS,
    requests: [{ method: 'GET', path }],
  });
  const rotating = (nextPath: () => string): PageScenario['opts'] => ({
    headers: BROWSER_HEADERS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });

  const coldListing = (): string => {
    const inCategory = Math.random() < 0.5 ? pick(CATEGORIES) : undefined;
    // Half of them narrowed by price, as the slider does (steps of 5): the first three pages then, as shoppers rarely go further.
    if (Math.random() < 0.5) {
      const minPrice = 5 * Math.floor(Math.random() * 20);
      const maxPrice = minPrice + 50 + 5 * Math.floor(Math.random() * 50);
      return listingPath({
        category: inCategory,
        minPrice,
        maxPrice: maxPrice < 400 ? maxPrice : undefined,
        page: 1 + Math.floor(Math.random() * 3),
      });
    }
    const pages = inCategory ? pagesByCategory.get(inCategory)! : allPages;
    return listingPath({ category: inCategory, page: 1 + Math.floor(Math.random() * Math.max(1, pages)) });
  };
  const listings = uniqueAddresses(coldListing);
  const nextProduct = shuffledDeck(catalogue);
  const products = uniqueAddresses(() => `/products/${nextProduct()._id}`);

  return [
    { key: 'page-home', name: 'page: home (/)', opts: get('/'), probePath: '/', note: '' },
    { key: 'page-list', name: 'page: listing (/products)', opts: get('/products'), probePath: '/products', note: '' },
    {
      key: 'page-list-filters',
      name: `page: listing, ${category}, page 2`,
      opts: get(listingPath({ category, page: 2 })),
      probePath: listingPath({ category, page: 2 }),
      note: '',
    },
    {
      key: 'page-product',
      name: 'page: one product',
      opts: get(`/products/${product._id}`),
      probePath: `/products/${product._id}`,
      note: '',
    },
    {
      key: 'page-list-cold',
      name: 'page: listing, random page and filters',
      opts: rotating(() => listings.next()),
      probePath: listings.next(),
      note: `one category half the time; half the time narrowed by price (then page 1-3), else any page that exists (${allPages} in all), never the same address twice; `,
      after: () => listings.summary(),
    },
    {
      key: 'page-product-cold',
      name: 'page: random product',
      opts: rotating(() => products.next()),
      probePath: products.next(),
      note: `each of all ${catalogue.length} products once, in a random order; `,
      after: () => products.summary(),
    },
  ];
}
