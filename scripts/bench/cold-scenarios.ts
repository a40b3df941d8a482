/**
 * The cold scenarios (docs/decisions/013-search-index-in-memory-and-answers-by-product.md): what a
 * shopper population asks of a whole catalogue, so the catalogue cache mostly misses. Random product
 * details, keywords never seen before, orders spread over the catalogue, and a shopper mix of all of
 * these with list pages and filters.
 */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { CATEGORIES } from '../../src/shared/categories';
import { neverSeenKeywords, pick, readCatalogue, type CatalogueProduct } from './catalogue';
import { benchOrderBody, json, whenSteady } from './http';

export const COLD_SCENARIO_KEYS = ['detail-random', 'keyword-never-seen', 'orders-mixed', 'shopper-mix'];

/** The shopper mix's proportions, in percent (they add up to 100). */
const MIX = { list: 25, filters: 15, detail: 25, search: 25, order: 10 } as const;
type Kind = keyof typeof MIX;

const CUSTOMER_EMAIL = (i: number) => `bench-mix-${i}@coop-shop.example`;

export interface ColdScenario {
  key: string;
  name: string;
  opts: Omit<autocannon.Options, 'url'>;
  /** Called after the run: the note for the report (counts, the stock check). */
  after: () => Promise<string>;
}

/**
 * Reads the whole catalogue once (the `exclude`d product is the bench's own) and registers one customer
 * per connection, then builds the scenarios. Stock is compared with the orders written after each
 * scenario that orders, so an oversell (or an order that took nothing) shows in its note.
 */
export async function coldScenarios(
  base: string,
  adminToken: string,
  customers: number,
  exclude: string,
): Promise<ColdScenario[]> {
  const catalogue = (await readCatalogue(base)).filter((p) => p._id !== exclude);
  const stockBefore = new Map(catalogue.map((p) => [p._id, p.countInStock]));
  const inStock = catalogue.filter((p) => p.countInStock > 0);
  const tokens: string[] = [];
  for (let i = 0; i < customers; i++) {
    const body = await json(`${base}/api/users`, {
      method: 'POST',
      body: JSON.stringify({ name: `Bench Shopper ${i}`, email: CUSTOMER_EMAIL(i), password: 'bench-password-1' }),
    });
    tokens.push(body.token);
  }
  const keywords = neverSeenKeywords(catalogue);
  const listPages = Math.ceil(catalogue.length / 12);

  const detailPath = () => `/api/products/${pick(catalogue)._id}`;
  const searchPath = () => `/api/products?keyword=${encodeURIComponent(keywords.next())}&limit=12`;
  const orderRequest = (req: autocannon.Request) => {
    const lines = new Map<string, CatalogueProduct>();
    for (let n = 1 + Math.floor(Math.random() * 5); lines.size < n;) {
      const p = pick(inStock);
      lines.set(p._id, p);
    }
    const items = [...lines.values()].map((p) => ({
      product: p._id,
      price: p.price,
      quantity: 1 + Math.floor(Math.random() * 3),
    }));
    req.method = 'POST';
    req.path = '/api/orders';
    req.headers = {
      ...req.headers,
      'content-type': 'application/json',
      authorization: `Bearer ${pick(tokens)}`,
      'idempotency-key': randomUUID(),
    };
    req.body = JSON.stringify(benchOrderBody(items));
    return req;
  };
  const orderStatuses = new Map<string, number>();
  // A 409 is either stock that ran out meanwhile or a total the shop computes differently (a bench bug).
  const countOrderStatus = (status: number, body: string) => {
    const key =
      status === 409 ? `409 ${body.includes('"differs"') ? 'total differs' : 'out of stock'}` : String(status);
    orderStatuses.set(key, (orderStatuses.get(key) ?? 0) + 1);
  };
  const statusText = () => [...orderStatuses].map(([s, n]) => `${n} x ${s}`).join(', ');

  /** Every unit taken from stock since the catalogue was read must belong to an order written. */
  async function stockCheck(): Promise<string> {
    const auth = { authorization: `Bearer ${adminToken}` };
    const written = await whenSteady(
      async () => (await json(`${base}/api/orders?keyword=bench-mix&limit=1`, { headers: auth })).totalOrders as number,
      1_000,
    );
    let unitsOrdered = 0;
    for (const token of tokens) {
      for (let page = 1; ; page++) {
        const mine = await json(`${base}/api/orders/myorders?page=${page}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        for (const order of mine) for (const item of order.orderItems) unitsOrdered += item.quantity;
        if (mine.length < 100) break;
      }
    }
    const after = (await readCatalogue(base)).filter((p) => p._id !== exclude);
    const taken = after.reduce((sum, p) => sum + (stockBefore.get(p._id)! - p.countInStock), 0);
    const negative = after.filter((p) => p.countInStock < 0).length;
    const soldOut = after.filter((p) => p.countInStock === 0).length - (catalogue.length - inStock.length);
    return (
      `${written} orders written; ${unitsOrdered} units in them, ${taken} taken from stock (equal: ${unitsOrdered === taken}); ` +
      `products below zero: ${negative}; sold out during the bench: ${soldOut}`
    );
  }

  const mixCounts: Record<Kind, number> = { list: 0, filters: 0, detail: 0, search: 0, order: 0 };
  const mixNon2xx: Record<Kind, number> = { list: 0, filters: 0, detail: 0, search: 0, order: 0 };
  const mixKind = (): Kind => {
    let roll = Math.random() * 100;
    for (const kind of Object.keys(MIX) as Kind[]) if ((roll -= MIX[kind]) < 0) return kind;
    return 'list';
  };
  const filtersPath = () => {
    const min = Math.random() < 0.5 ? 20 + 10 * Math.floor(Math.random() * 10) : undefined;
    const max = Math.random() < 0.7 ? 150 + 50 * Math.floor(Math.random() * 10) : undefined;
    return `/api/products?category=${pick(CATEGORIES)}${min ? `&minPrice=${min}` : ''}${max ? `&maxPrice=${max}` : ''}&page=${1 + Math.floor(Math.random() * 3)}&limit=12`;
  };

  return [
    {
      key: 'detail-random',
      name: 'product detail, random product',
      opts: { requests: [{ setupRequest: (req) => ({ ...req, path: detailPath() }) }] },
      after: async () => `a product drawn at random from all ${catalogue.length} each request`,
    },
    {
      key: 'keyword-never-seen',
      name: 'product list, never-seen keyword',
      opts: {
        requests: [
          {
            setupRequest: (req) => ({ ...req, path: searchPath() }),
            onResponse: (status, body) => keywords.answered(status, body),
          },
        ],
      },
      after: async () =>
        `a stretch of 3-10 characters of a product's name or description, 12 a page; ${keywords.summary()}`,
    },
    {
      key: 'orders-mixed',
      name: 'order placement, 1-5 lines over the catalogue',
      opts: {
        requests: [{ setupRequest: orderRequest, onResponse: (status, body) => countOrderStatus(status, body) }],
      },
      after: async () =>
        `${customers} customers, 1-5 products of ${inStock.length} in stock, 1-3 of each; answers: ${statusText()}; ${await stockCheck()}`,
    },
    {
      key: 'shopper-mix',
      name: 'shopper mix',
      opts: {
        requests: [
          {
            setupRequest: (req, context) => {
              const kind = mixKind();
              (context as { kind?: Kind }).kind = kind;
              mixCounts[kind]++;
              if (kind === 'order') return orderRequest(req);
              const paths: Record<Exclude<Kind, 'order'>, () => string> = {
                list: () => `/api/products?page=${1 + Math.floor(Math.random() * listPages)}&limit=12`,
                filters: filtersPath,
                detail: detailPath,
                search: searchPath,
              };
              return { ...req, method: 'GET', path: paths[kind](), body: undefined };
            },
            onResponse: (status, body, context) => {
              const kind = (context as { kind: Kind }).kind;
              if (status < 200 || status > 299) mixNon2xx[kind]++;
              if (kind === 'search') keywords.answered(status, body);
              if (kind === 'order') countOrderStatus(status, body);
            },
          },
        ],
      },
      after: async () =>
        `${Object.entries(MIX)
          .map(([k, pct]) => `${pct}% ${k}`)
          .join(
            ', ',
          )} (list: any page of the whole catalogue; filters: a category, prices, page 1-3; search: never-seen keywords); ` +
        `sent ${Object.entries(mixCounts)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}; non-2xx ${Object.entries(mixNon2xx)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}; ` +
        `orders so far: ${statusText()}; ${await stockCheck()}`,
    },
  ];
}
