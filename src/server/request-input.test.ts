import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, orderBody } from './features/orders/test/fixtures';
import { createTestApp, createUser, type TestApp } from './test/test-app';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('request input rules for every route', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  describe('a JSON content type with an empty body', () => {
    it('is accepted where a route takes no body: delete a product, delete a user, mark an order delivered', async () => {
      const product = await insertProduct(t, { price: 10, countInStock: 5 });
      const other = await insertProduct(t, { price: 10, countInStock: 5 });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.auth,
        payload: orderBody([{ product: other.id, quantity: 1, price: 10 }]),
      });
      const victim = await createUser(t);
      for (const url of [`/api/products/${product.id}`, `/api/users/${victim.user.id}`]) {
        const res = await t.app.inject({
          method: 'DELETE',
          url,
          headers: { ...admin.auth, ...JSON_TYPE },
          payload: '',
        });
        expect(res.statusCode, url).toBe(200);
      }
      const delivered = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${placed.json()._id}/deliver`,
        headers: { ...admin.auth, ...JSON_TYPE },
        payload: '',
      });
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json().isDelivered).toBe(true);
    });

    it('is {} where every field is optional, and names the required fields where some are', async () => {
      const profile = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { ...customer.auth, ...JSON_TYPE },
        payload: '',
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().email).toBe(customer.email);
      const product = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { ...admin.auth, ...JSON_TYPE },
        payload: '',
      });
      expect(product.statusCode).toBe(400);
      expect(product.json().message).toBe('Please fill in all required fields');
    });

    it('still refuses a body that is not JSON, and one over 1 MB', async () => {
      const broken = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { ...customer.auth, ...JSON_TYPE },
        payload: '{"name":',
      });
      expect(broken.json()).toEqual({ message: 'The request body is not valid JSON' });
      const big = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { ...customer.auth, ...JSON_TYPE },
        payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      });
      expect(big.statusCode).toBe(413);
    });
  });

  describe('text the database cannot store as sent', () => {
    const bad = { nul: 'Mwa\u0000ba', 'lone surrogate': 'Mwa\ud800ba', 'lone low surrogate': '\udc00Mwaba' };

    it('answers 400 naming the keyword for a NUL in the public and admin searches', async () => {
      for (const [url, headers] of [
        ['/api/products?keyword=Mwa%00ba', {}],
        ['/api/users?keyword=Mwa%00ba', admin.auth],
        ['/api/orders?keyword=Mwa%00ba', admin.auth],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe(
          'keyword: text must not contain NUL characters or broken Unicode (an unpaired surrogate)',
        );
      }
    });

    it.each(Object.entries(bad))(
      'answers 400 naming the field for a %s in registration, profile and contact form',
      async (_label, value) => {
        const requests = [
          {
            method: 'POST',
            url: '/api/users',
            headers: {},
            payload: { name: value, email: 'nul@example.com', password: 'long enough secret' },
          },
          { method: 'PUT', url: '/api/users/profile', headers: customer.auth, payload: { name: value } },
          {
            method: 'POST',
            url: '/api/contact',
            headers: {},
            payload: { name: value, email: 'v@example.com', subject: 'Hi', message: 'A question' },
          },
        ] as const;
        for (const request of requests) {
          const res = await t.app.inject(request);
          expect(res.statusCode, request.url).toBe(400);
          expect(res.json().message, request.url).toBe(
            'name: text must not contain NUL characters or broken Unicode (an unpaired surrogate)',
          );
        }
        const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: customer.auth });
        expect(profile.json().name).not.toContain('Mwa');
      },
    );

    it('keeps whole characters outside the Basic Multilingual Plane (a pair of surrogates), e.g. an emoji', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: customer.auth,
        payload: { name: 'Mwaba 🌳' },
      });
      expect(res.statusCode).toBe(200);
      const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: customer.auth });
      expect(profile.json().name).toBe('Mwaba 🌳');
    });
  });

  describe('an address the router cannot take', () => {
    it('answers a too-long path segment 414 and an undecodable one 400, as {message} without echoing the address', async () => {
      const long = 'q'.repeat(300);
      const cases = [
        { url: `/api/products/${long}`, status: 414, echo: long },
        { url: `/api/order-links/${long}`, status: 414, echo: long },
        { url: `/api/products/${long}?keyword=oil`, status: 414, echo: long },
        { url: '/api/products/%E0%A4%Aqq', status: 400, echo: 'qq' },
        // A guess at the USSD secret sent by GET: no such route, and the guess is not said back.
        { url: '/api/ussd/a-guessed-secret-123', status: 404, echo: 'a-guessed-secret-123' },
      ];
      for (const c of cases) {
        const res = await t.app.inject({ method: 'GET', url: c.url });
        expect(res.statusCode, c.url).toBe(c.status);
        expect(res.headers['content-type'], c.url).toMatch(/^application\/json/);
        expect(Object.keys(res.json()), c.url).toEqual(['message']);
        expect(res.body, c.url).not.toContain(c.echo);
        if (c.status !== 404) expect(res.body, c.url).not.toContain('/api/');
      }
    });
  });
});
