import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { writeFakeBuild } from '../ssr/test/web-app';
import { signOrderLink } from './order-link';
import { insertProduct, placeOrderAs } from './test/fixtures';

describe("the server's log, while an order link is opened", () => {
  const lines: string[] = [];
  const logStream = { write: (line: string) => void lines.push(line) };
  let t: TestApp;
  let distDir: string;
  let customer: Awaited<ReturnType<typeof createUser>>;
  let orderId: string;

  beforeAll(async () => {
    // The pages too (a fake build): /o/<token> is the address an SMS carries.
    distDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-web-dist-'));
    writeFakeBuild(distDir);
    process.env.WEB_DIST_DIR = distDir;
    t = await createTestApp({ logLevel: 'info' }, { logStream });
    customer = await createUser(t);
    const product = await insertProduct(t, { price: 130 });
    orderId = await placeOrderAs(t, customer.auth, [{ product: product.id, quantity: 1, price: 130 }]);
  });
  afterAll(async () => {
    await t?.close();
    delete process.env.WEB_DIST_DIR;
    rmSync(distDir, { recursive: true, force: true });
  });

  it('never holds the token, a sign-in code, a key in the query, a bearer token or a cookie', async () => {
    const token = signOrderLink(orderId, t.config.jwtSecret);
    const cookie = `session=${'c'.repeat(40)}`;
    const page = await t.app.inject({ method: 'GET', url: `/o/${token}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: `/api/order-links/${token}`, headers: customer.auth });
    expect(api.statusCode, api.body).toBe(200);
    const tampered = `${token.slice(0, -2)}AA`;
    expect((await t.app.inject({ method: 'GET', url: `/api/order-links/${tampered}` })).statusCode).toBe(404);
    const query = await t.app.inject({
      method: 'GET',
      url: `/api/products?keyword=oil&token=${token}&code=482913&apiKey=k-${token}&client_secret=s3cr3t-value`,
    });
    expect(query.statusCode).toBe(200);

    const log = lines.join('');
    // The requests were logged, by address, with their keys replaced.
    expect(log).toContain('"url":"/o/[redacted]"');
    expect(log).toContain('"url":"/api/order-links/[redacted]"');
    expect(log).toContain(
      '"url":"/api/products?keyword=oil&token=[redacted]&code=[redacted]&apiKey=[redacted]&client_secret=[redacted]"',
    );
    for (const secret of [
      token,
      tampered,
      token.slice(0, 20),
      '482913',
      's3cr3t-value',
      customer.token,
      'c'.repeat(40),
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
