import type { FastifyInstance } from 'fastify';
import { toNgwee } from '../../../shared/money';
import { productListQuerySchema } from '../../../shared/schemas/products';
import { catalogAnswer } from './cached-answer';
import * as products from './service';

/** Cache key of a list query after validation, so `?page=1` and `?page=01&keyword=OIL` share one entry. */
export function listKey(query: products.ProductListQuery): string {
  const price = (kwacha: number | undefined) => (kwacha === undefined ? null : toNgwee(kwacha));
  return JSON.stringify([
    'list',
    query.keyword?.toLowerCase() ?? null,
    query.category ?? null,
    price(query.minPrice),
    price(query.maxPrice),
    query.page,
    query.limit,
  ]);
}

export const productKey = (id: string) => `product:${id.toLowerCase()}`;

/** Anything the request-input rules or the route's schema would refuse is left to the API itself. */
const UNUSUAL = /\0|[\uD800-\uDFFF]|%(?![0-9A-Fa-f]{2})/;

function read(app: FastifyInstance, key: string, compute: () => Promise<unknown>): Promise<string | null> {
  return catalogAnswer(app.catalogCache, key, compute).then((answer) => answer?.json ?? null);
}

/**
 * The JSON text a public catalogue read answers (GET /api/products, /featured, /:id), straight from the
 * catalogue cache the routes answer from, without a round trip through the app (decision 072): null
 * where the API answers 404. Undefined for any other address, or one the API would refuse (a 400): the
 * caller then asks the API itself. The same cache entries and keys as the routes, so a page and the API
 * never disagree.
 */
export function readCatalogAnswer(app: FastifyInstance, apiPath: string): Promise<string | null> | undefined {
  if (UNUSUAL.test(apiPath)) return undefined;
  const [pathname, search = ''] = apiPath.split('?', 2);
  if (pathname === '/api/products/featured' && search === '')
    return read(app, 'featured', () => products.featuredProducts(app.db));
  const detail = /^\/api\/products\/([^/?]+)$/.exec(pathname);
  if (detail && search === '') {
    let id: string;
    try {
      id = decodeURIComponent(detail[1]).toLowerCase();
    } catch {
      return undefined;
    }
    if (id === 'featured' || id === 'low-stock' || UNUSUAL.test(id)) return undefined;
    return read(app, productKey(id), () => products.productDetail(app.db, id));
  }
  if (pathname !== '/api/products') return undefined;
  const params = new URLSearchParams(search);
  const query = new Map<string, string>();
  for (const [name, value] of params) {
    if (query.has(name) || UNUSUAL.test(value) || UNUSUAL.test(name)) return undefined;
    query.set(name, value);
  }
  const parsed = productListQuerySchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) return undefined;
  return read(app, listKey(parsed.data), () => products.listProducts(app.db, parsed.data, app.catalogCache));
}
