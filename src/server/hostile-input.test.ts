import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, insertProduct, orderBody } from './features/orders/test/fixtures';
import { orderLinkUrl } from './features/orders';
import { putSetParts, putVariants } from './features/products/test/variant-fixtures';
import { documentedOperations, unclassifiedOrMissing, type DocumentedOperation } from './test/api-operations';
import { createTestApp, createUser, type TestApp } from './test/test-app';

/**
 * Sends hostile values in path, query and body to every operation of the OpenAPI document, as a visitor,
 * a customer and an admin, and fails on any 5xx, any error that is not JSON, or a JSON error without a
 * string `message`.
 */

const BIG = 900_000; // a string just under the 1 MB body limit
const DEEP = 10_000;

/** Raw JSON fragments put in place of one field (or as the whole body). */
const HOSTILE_JSON: Record<string, string> = {
  nul: JSON.stringify('a\u0000b'),
  'lone surrogate': '"a\\ud800b"',
  'lone low surrogate': '"\\udfff"',
  'big string': JSON.stringify('x'.repeat(BIG)),
  'huge number': '1e308',
  'negative number': '-1',
  fraction: '0.5',
  'empty string': '""',
  null: 'null',
  true: 'true',
  'empty array': '[]',
  'array of strings': '["a","b"]',
  object: '{"a":"b"}',
  'deep array': '['.repeat(DEEP) + ']'.repeat(DEEP),
  'deep object': '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
};

const HOSTILE_BODIES: Record<string, { type: string; payload: string }> = {
  'empty JSON body': { type: 'application/json', payload: '' },
  'blank JSON body': { type: 'application/json', payload: '  \n' },
  'broken JSON': { type: 'application/json', payload: '{"a":' },
  'proto poisoning': { type: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  'constructor poisoning': { type: 'application/json', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  'over 1 MB': { type: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
  'form body': { type: 'application/x-www-form-urlencoded', payload: 'a=b' },
  'broken multipart': {
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="image"\r\n\r\nx',
  },
  ...Object.fromEntries(
    Object.entries(HOSTILE_JSON).map(([k, v]) => [`whole body ${k}`, { type: 'application/json', payload: v }]),
  ),
};

/** Percent-encoded values for one path segment. */
const HOSTILE_PATH = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  'x'.repeat(3000),
  '..%2F..%2Fdata',
  '%25',
  '-1',
  '1e309',
  'null',
  '%20',
];

/** Percent-encoded query values; `&same` repeats the parameter (an array where a scalar goes). */
const HOSTILE_QUERY = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  'x'.repeat(100_000),
  '1e309',
  '-1',
  'NaN',
  '',
  '&same',
  '0x10',
  '%27%20OR%201=1--',
];

interface Actor {
  label: string;
  headers: Record<string, string>;
}

let addressCounter = 0;
/** A fresh client address per request, so the per-address throttles (login, registration, contact) never hide a route. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

const orderEditBody = (productId: string) => ({
  lines: [{ productId, qty: 2 }],
  delivery: {
    deliveryOption: '00000000-0000-4000-8000-000000000075',
    shippingAddress: {
      address: '12 Kabulonga Road',
      city: 'Lusaka',
      province: 'Lusaka',
      zipCode: '10101',
      phoneNumber: '0971234567',
    },
  },
  note: 'Asked by phone',
});

describe('hostile input on every route of the OpenAPI document', () => {
  let t: TestApp;
  let operations: DocumentedOperation[];
  let actors: Actor[];
  let ids: {
    user: string;
    product: string;
    order: string;
    member: string;
    sized: string;
    set: string;
    ret: string;
    token: string;
  };
  /** A body that passes validation, per operation, so a hostile field reaches as far as it can. */
  let validBodies: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t, { isAdmin: true });
    const customer = await createUser(t);
    const target = await createUser(t, { name: 'Target of admin edits' });
    const product = await insertProduct(t, { name: 'Hostile test oil', price: 50, countInStock: 1_000_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity: 1, price: 50 }]),
    });
    expect(placed.statusCode).toBe(201);
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: admin.auth,
      payload: { name: 'Hostile Test Maker', mobile: '0977100000' },
    });
    expect(member.statusCode).toBe(201);
    // Sizes and gift sets (decision 067) get products of their own, so their writes move no other route's product.
    const sized = await insertProduct(t, { name: 'Hostile sized oil', price: 50, countInStock: 0 });
    const sizes = {
      options: ['Size'],
      variants: [
        { options: ['100 ml'], sku: 'HOSTILE-100', size: '100 ml', price: 50, countInStock: 1_000, isDefault: true },
        { options: ['250 ml'], sku: 'HOSTILE-250', size: '250 ml', price: 90, countInStock: 1_000 },
      ],
    };
    const [small, large] = (await putVariants(t, admin.auth, sized.id, sizes)).variants!;
    const set = await insertProduct(t, { name: 'Hostile gift set', price: 120, countInStock: 0 });
    const parts = {
      parts: [
        { product: sized.id, variant: small!._id, quantity: 2 },
        { product: sized.id, variant: large!._id, quantity: 1 },
      ],
    };
    await putSetParts(t, admin.auth, set.id, parts);
    // A return of the order (decision 069): paid and delivered, then one unit asked back, for /api/returns/{id}.
    const orderId = placed.json()._id;
    const orderItemId = placed.json().orderItems[0]._id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay`,
      headers: admin.auth,
      payload: { note: 'Cash' },
    });
    await t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/deliver`, headers: admin.auth });
    const returnBody = { lines: [{ orderItemId, qty: 1 }], reason: 'damaged', outcome: 'refund' };
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns`,
      headers: customer.auth,
      payload: returnBody,
    });
    expect(asked.statusCode).toBe(201);
    ids = {
      user: target.user.id,
      product: product.id,
      order: placed.json()._id,
      member: member.json()._id,
      sized: sized.id,
      set: set.id,
      ret: asked.json().id,
      token: orderLinkUrl('http://x', orderId, t.config.jwtSecret).split('/o/')[1],
    };
    actors = [
      { label: 'visitor', headers: {} },
      { label: 'customer', headers: customer.auth },
      { label: 'admin', headers: admin.auth },
    ];
    validBodies = {
      'POST /api/users/login': { email: customer.email, password: customer.password },
      'POST /api/users': {
        name: 'New Person',
        email: 'new.person@example.com',
        password: 'long enough secret',
        phone: '0977000000',
      },
      'PUT /api/users/profile': { firstName: 'Test', lastName: 'Person', phone: '0977000001' },
      'POST /api/users/phone/code': { phone: '0977000002' },
      'POST /api/users/phone/verify': { phone: '0977000002', code: '123456', name: 'New Person' },
      'POST /api/users/profile/mobile/code': { phone: '0967000003' },
      'PUT /api/users/profile/mobile': { phone: '0967000003', code: '123456' },
      'PUT /api/users/{id}': { name: 'Target renamed', isAdmin: false },
      'POST /api/products': {
        name: 'Made by hostile test',
        price: 12,
        category: 'Skincare',
        description: 'd',
        countInStock: 3,
        ingredients: 'i',
      },
      'PUT /api/products/{id}': {
        name: 'Hostile test oil',
        price: 50,
        category: 'Skincare',
        description: 'd',
        countInStock: 1_000_000,
        ingredients: 'i',
      },
      'POST /api/products/{id}/reviews': { rating: 5, comment: 'Lovely' },
      'POST /api/orders': orderBody([{ product: product.id, quantity: 1, price: 50 }]),
      'PUT /api/orders/{id}/pay': { paymentReference: 'MP12345' },
      'PUT /api/orders/{id}/status': { status: 'Processing' },
      'POST /api/orders/{id}/collected': { code: '123456' },
      'POST /api/pickup/{id}/collect': { code: '123456', name: 'Bupe' },
      'POST /api/orders/{id}/payments': { phone: '0971234567' },
      'PUT /api/payments/{id}/resolve': { note: 'Refunded by hand' },
      'POST /api/payments/statements': {
        provider: 'mtn',
        csv: 'Transaction ID,Amount,Date\nHOSTILE-1,10.00,2026-11-27\n',
      },
      'PUT /api/payments/statements/notes': { provider: 'mtn', key: 'HOSTILE-1', note: 'Checked by hand' },
      'POST /api/orders/{id}/refunds': { amountNgwee: 100, reason: 'Returned item', attemptId: null },
      'POST /api/orders/{id}/returns': returnBody,
      'POST /api/order-links/{token}/returns': returnBody,
      'PUT /api/returns/{id}/accept': { note: 'Looks right' },
      'PUT /api/returns/{id}/refuse': { reason: 'The seal was broken' },
      'PUT /api/returns/{id}/receive': { lines: [{ lineId: asked.json().lines[0].id, restock: 1, writeOff: 0 }] },
      // The whole order as it is to be (decision 070), with a delivery choice so its fields are walked too.
      'POST /api/orders/{id}/edit/preview': orderEditBody(product.id),
      'POST /api/orders/{id}/edit': orderEditBody(product.id),
      'PUT /api/refunds/{id}/cancel': { note: 'Asked twice' },
      'POST /api/payouts/runs': { period: '2026-11' },
      'PUT /api/payouts/runs/{id}/cancel': { note: 'Wrong month' },
      'PUT /api/payouts/{id}/sent-by-hand': { note: 'Sent from the co-op phone' },
      'PUT /api/payouts/{id}/resolve': { note: 'Dealt with by phone' },
      'POST /api/email/bulk': { recipients: ['someone@example.com'], subject: 'Hello', message: 'Body' },
      'POST /api/contact': { name: 'Visitor', email: 'visitor@example.com', subject: 'Hi', message: 'A question' },
      'PUT /api/settings': { shopName: 'Hostile test shop', phone: '0977000002' },
      'POST /api/delivery-options': {
        name: 'Hostile pickup',
        kind: 'pickup',
        provinces: ['Southern'],
        towns: ['Choma'],
        fee: 20,
        freeAbove: 200,
      },
      'PUT /api/delivery-options/{id}': {
        name: 'Hostile pickup',
        kind: 'pickup',
        provinces: ['Southern'],
        towns: ['Choma'],
        fee: 20,
        freeAbove: 200,
      },
      'POST /api/products/import': { csv: 'SKU,Stock\nHOSTILE-NONE,3\n', dryRun: true },
      'POST /api/discounts': { code: 'HOSTILE10', kind: 'percent', value: 10 },
      'PUT /api/discounts/{id}': { code: 'HOSTILE20', kind: 'fixed', value: 20, isActive: false },
      'POST /api/discounts/check': { code: 'HOSTILE10', orderItems: [{ product: product.id, quantity: 1 }] },
      'PUT /api/ussd/translations/{language}': { texts: { shop: 'Kuula' } },
      'POST /api/members': { name: 'Hostile Member', role: 'Weaver', mobile: '0977100001', active: true },
      'PATCH /api/members/{id}': { name: 'Hostile Test Maker', role: 'Dyer', active: true },
      'POST /api/members/{id}/wallet': { mobile: '0967100002' },
      'PUT /api/products/{id}/makers': { makersPercent: 60, makers: [{ memberId: ids.member, parts: 2 }] },
      // The sizes and the set as they are: each hostile field is sent on a write that would change nothing.
      'PUT /api/products/{id}/variants': {
        options: sizes.options,
        variants: [
          { _id: small!._id, ...sizes.variants[0], image: '' },
          { _id: large!._id, ...sizes.variants[1], image: '' },
        ],
      },
      'PUT /api/products/{id}/set-parts': parts,
      'POST /api/products/{id}/merge': { products: [randomUUID()] },
    };
    operations = await documentedOperations(t.app);
  });
  afterAll(() => t.close());

  it('knows every operation it walks', () => {
    expect(unclassifiedOrMissing(operations)).toEqual({ unclassified: [], missing: [] });
    const withBody = operations.filter((op) => op.bodyProperties !== null).map((op) => op.key);
    expect(withBody.filter((key) => !validBodies[key])).toEqual([]);
  });

  /** A path with real ids, except for deletions, which get an id nobody has so nothing the walk needs goes away. */
  function realPath(op: DocumentedOperation): string {
    const id =
      op.method === 'DELETE'
        ? randomUUID()
        : op.path.startsWith('/api/users')
          ? ids.user
          : op.path.startsWith('/api/orders')
            ? ids.order
            : op.path.startsWith('/api/members')
              ? ids.member
              : op.path.startsWith('/api/returns')
                ? ids.ret
                : op.path.endsWith('/variants')
                  ? ids.sized
                  : op.path.endsWith('/set-parts')
                    ? ids.set
                    : ids.product;
    return op.path
      .replace('{id}', id)
      .replace('{token}', ids.token)
      .replace('{filename}', `${'a'.repeat(32)}.webp`)
      .replace('{*}', 'some/page');
  }

  /** Every leaf of a valid body as a path of keys, plus documented top-level fields it leaves out. */
  function fieldPaths(body: Record<string, unknown>, documented: string[]): string[][] {
    const paths: string[][] = documented.filter((k) => !(k in body)).map((k) => [k]);
    const walk = (value: unknown, path: string[]) => {
      if (value !== null && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      } else paths.push(path);
    };
    walk(body, []);
    return paths;
  }

  /** The valid body as JSON with the field at `path` replaced by a raw JSON fragment. */
  function withField(body: Record<string, unknown>, path: string[], fragment: string): string {
    const marker = `__HOSTILE_${randomUUID()}__`;
    const copy = structuredClone(body) as Record<string, unknown>;
    let node = copy as Record<string, unknown>;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path[path.length - 1]] = marker;
    return JSON.stringify(copy).replace(JSON.stringify(marker), fragment);
  }

  it('answers every request below 500, and every error as JSON with a message', { timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    let sent = 0;
    const send = async (
      actor: Actor,
      op: DocumentedOperation,
      what: string,
      url: string,
      body?: { type: string; payload: string },
    ) => {
      sent += 1;
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: { ...actor.headers, ...(body ? { 'content-type': body.type } : {}) },
        ...(body ? { payload: body.payload } : {}),
        remoteAddress: freshAddress(),
      });
      const where = `${actor.label} ${op.key} ${what}`;
      if (res.statusCode >= 500) {
        wrong.push(`${where}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      } else if (res.statusCode >= 400) {
        let message: unknown;
        try {
          message = (res.json() as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        // The web app's own pages answer a browser with its HTML 404 page; every API error is JSON.
        const htmlPage = !op.path.startsWith('/api/') && String(res.headers['content-type']).startsWith('text/html');
        if (
          !htmlPage &&
          (!String(res.headers['content-type']).startsWith('application/json') || typeof message !== 'string')
        ) {
          wrong.push(`${where}: ${res.statusCode} not a JSON {message}: ${res.body.slice(0, 120)}`);
        }
      }
    };

    for (const actor of actors) {
      for (const op of operations) {
        const valid = validBodies[op.key];
        const validBody = valid ? { type: 'application/json', payload: JSON.stringify(valid) } : undefined;
        // Path: each parameter hostile in turn.
        for (const param of op.parameters.filter((p) => p.in === 'path')) {
          for (const value of HOSTILE_PATH) {
            const url = realPath({ ...op, path: op.path.replace(`{${param.name}}`, value) });
            await send(actor, op, `path ${param.name}=${value.slice(0, 20)}`, url, validBody);
          }
        }
        // Query: each parameter hostile in turn.
        for (const param of op.parameters.filter((p) => p.in === 'query')) {
          for (const value of HOSTILE_QUERY) {
            const query = value === '&same' ? `${param.name}=1&${param.name}=2` : `${param.name}=${value}`;
            await send(actor, op, `query ${query.slice(0, 30)}`, `${realPath(op)}?${query}`);
          }
        }
        if (op.method === 'GET') continue;
        // Whole bodies.
        for (const [label, body] of Object.entries(HOSTILE_BODIES))
          await send(actor, op, `body ${label}`, realPath(op), body);
        // One field of a valid body at a time.
        if (valid) {
          for (const path of fieldPaths(valid, op.bodyProperties ?? [])) {
            for (const [label, fragment] of Object.entries(HOSTILE_JSON)) {
              await send(actor, op, `field ${path.join('.')}=${label}`, realPath(op), {
                type: 'application/json',
                payload: withField(valid, path, fragment),
              });
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
  });
});
