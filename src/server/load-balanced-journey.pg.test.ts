import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderReference } from '../shared/order-status';
import { createScratchDatabase } from './db/scratch-database';
import { orderBody } from './features/orders/test/fixtures';
import { png } from './features/uploads/test/images';
import { startLoadBalancer, type LoadBalancer } from './test/load-balancer';
import { startS3Peer } from './test/s3-peer';
import { cleanUpShops, startShop, tempFolder } from './test/shop-process';

/**
 * Two real shop processes on one PostgreSQL database and one S3 bucket, behind nginx (round robin), as a
 * co-op runs on several machines: a shopper and an admin go through the whole shop, and every request
 * lands on the other instance than the one before (npm run test:pg).
 */

const admin = { email: 'manager@coop-shop.example', password: 'admin-password-1234' };
const customer = {
  name: 'Chanda Mwale',
  email: `chanda.${randomBytes(3).toString('hex')}@example.com`,
  password: 'mwale-password-1234',
};

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let storage: Awaited<ReturnType<typeof startS3Peer>>;
let balancer: LoadBalancer;
let instances: string[];

beforeAll(async () => {
  database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_balanced');
  storage = await startS3Peer();
  // What must match on every machine (docs/operations/several-machines.md); the data folders do not.
  const shared = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: 'loopback',
    SEED_DEMO: 'false',
    ...storage.env,
  };
  // One after the other: the first creates the tables before the second looks at them.
  const first = await startShop({ ...shared, DATA_DIR: tempFolder('coop-balanced-a-') });
  const second = await startShop({ ...shared, DATA_DIR: tempFolder('coop-balanced-b-') });
  instances = [first, second].map((shop) => `127.0.0.1:${shop.port}`);
  balancer = await startLoadBalancer(instances);
}, 180_000);

afterAll(async () => {
  await balancer?.close();
  await cleanUpShops();
  await storage?.close();
  await database?.drop();
});

/** Every request of the journey, in order, with the instance nginx sent it to (its X-Upstream header). */
const served: { step: string; upstream: string }[] = [];

async function call(
  step: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${balancer.url}${url}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  served.push({ step, upstream: response.headers.get('x-upstream') ?? '(none)' });
  return response;
}

async function json(
  step: string,
  method: string,
  url: string,
  expected: number,
  options: Parameters<typeof call>[3] = {},
) {
  const response = await call(step, method, url, options);
  const text = await response.text();
  expect(response.status, `${step}: ${method} ${url} answered ${text}`).toBe(expected);
  // The answers' shapes are asserted right where they are used.
  return JSON.parse(text);
}

describe('a shopper and an admin through nginx in front of two instances on PostgreSQL', () => {
  it('registers, uploads an image, browses, orders, pays by reference and is marked paid, alternating instances at every request', async () => {
    const registered = await json('register', 'POST', '/api/users', 201, { json: customer });
    expect(registered).toMatchObject({ email: customer.email, isAdmin: false });
    const shopper = registered.token as string;

    const signedIn = await json('admin login', 'POST', '/api/users/login', 200, { json: admin });
    expect(signedIn.isAdmin).toBe(true);
    const manager = signedIn.token as string;

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await png(640, 480))], { type: 'image/png' }), 'honey-balm.png');
    const uploaded = await json('upload image', 'POST', '/api/upload', 201, { token: manager, body: form });
    const imageUrl = uploaded.imageUrl as string;

    const name = `Mukwa honey balm ${randomBytes(2).toString('hex')}`;
    const product = await json('create product', 'POST', '/api/products', 201, {
      token: manager,
      json: {
        name,
        price: 85.5,
        category: 'skincare',
        countInStock: 12,
        description: 'Beeswax and honey from the Mwinilunga forest.',
        images: [imageUrl],
      },
    });
    expect(product.images).toEqual([imageUrl]);

    // The image from both instances in turn, so one of them is not the instance that stored it.
    const copies: Buffer[] = [];
    for (const step of ['image', 'image again']) {
      const response = await call(step, 'GET', imageUrl);
      expect(response.status, `${step}: GET ${imageUrl}`).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/webp/);
      copies.push(Buffer.from(await response.arrayBuffer()));
    }
    expect(copies[0].length).toBeGreaterThan(100);
    expect(copies[1].equals(copies[0])).toBe(true);
    const uploadedOn = served.find((s) => s.step === 'upload image')!.upstream;
    expect(served.filter((s) => s.step.startsWith('image')).map((s) => s.upstream)).toContain(
      instances.find((i) => i !== uploadedOn),
    );

    const listing = await json('browse', 'GET', '/api/products', 200);
    expect(listing.products.map((p: { _id: string }) => p._id)).toContain(product._id);
    const detail = await json('product page', 'GET', `/api/products/${product._id}`, 200);
    expect(detail).toMatchObject({ name, price: 85.5, mainImage: imageUrl, countInStock: 12 });
    const found = await json('search', 'GET', `/api/products?keyword=${encodeURIComponent('honey balm')}`, 200);
    expect(found.products.map((p: { _id: string }) => p._id)).toContain(product._id);

    const body = orderBody([{ product: product._id, name, price: 85.5, quantity: 2 }], { paymentMethod: 'mtn' });
    const order = await json('place order', 'POST', '/api/orders', 201, {
      token: shopper,
      headers: { 'idempotency-key': randomBytes(8).toString('hex') },
      json: body,
    });
    expect(order).toMatchObject({ isPaid: false, totalPrice: body.totalAmount, paymentMethod: 'mtn' });
    const stock = await json('stock after order', 'GET', `/api/products/${product._id}`, 200);
    expect(stock.countInStock).toBe(10);

    // Paid by MTN MoMo to the co-op's number quoting the order reference; the shopper enters the transaction id.
    const transactionId = `MP${Date.now()}`;
    const referenced = await json('pay by reference', 'PUT', `/api/orders/${order._id}/pay`, 200, {
      token: shopper,
      json: { paymentReference: transactionId },
    });
    expect(referenced).toMatchObject({ isPaid: false, paymentReference: transactionId });

    const awaiting = await json(
      'admin finds the order',
      'GET',
      `/api/orders?keyword=${encodeURIComponent(customer.email)}`,
      200,
      { token: manager },
    );
    expect(awaiting.orders).toEqual([
      expect.objectContaining({ _id: order._id, isPaid: false, paymentReference: transactionId }),
    ]);

    const marked = await json('mark paid', 'PUT', `/api/orders/${order._id}/pay`, 200, {
      token: manager,
      json: { note: `MTN statement shows ${transactionId} with reference ${orderReference(order._id)}` },
    });
    expect(marked).toMatchObject({ isPaid: true, paymentReference: transactionId });

    const seen = await json('customer sees it paid', 'GET', `/api/orders/${order._id}`, 200, { token: shopper });
    expect(seen).toMatchObject({ isPaid: true, paymentReference: transactionId });
    expect(seen.paidAt).toEqual(expect.any(String));
    const mine = await json('my orders', 'GET', '/api/orders/myorders', 200, { token: shopper });
    expect(mine).toEqual([expect.objectContaining({ _id: order._id, isPaid: true })]);

    // Every request went to one of the two instances, never twice in a row to the same one.
    expect(new Set(served.map((s) => s.upstream))).toEqual(new Set(instances));
    const repeats = served.filter((s, i) => i > 0 && s.upstream === served[i - 1].upstream);
    expect(repeats, served.map((s) => `${s.step} -> ${s.upstream}`).join('\n')).toEqual([]);
  }, 120_000);
});
