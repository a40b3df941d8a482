import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productReviews, products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertOrderOf, insertProducts } from './test/fixtures';

/** POST /api/products/{id}/reviews: only buyers, once each, and the rating follows. */
describe('product reviews', () => {
  let t: TestApp;
  let productId = '';
  let checkedBuyer: Record<string, string>;
  const review = (
    id: string,
    headers: Record<string, string>,
    payload: object = { rating: 5, comment: 'Lovely oil, soaks in fast.' },
  ) => t.app.inject({ method: 'POST', url: `/api/products/${id}/reviews`, headers, payload });
  const buyer = async (status = 'Delivered') => {
    const u = await createUser(t, { name: `Buyer ${status}` });
    await insertOrderOf(t, u.user.id, productId, status);
    return u;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [{ id: productId }] = await insertProducts(t, [{ name: 'Mungongo Oil 100 ml', category: 'oil' }]);
    checkedBuyer = (await buyer('Processing')).auth;
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    const res = await review(productId, {});
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a customer who never ordered the product', async () => {
    const { auth, user } = await createUser(t);
    const [other] = await insertProducts(t, [{ name: 'Something else' }]);
    await insertOrderOf(t, user.id, other.id);
    const res = await review(productId, auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only customers who bought this product can review it' });
  });

  it('answers 403 when the only order of it was cancelled', async () => {
    const { auth } = await buyer('Cancelled');
    expect((await review(productId, auth)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown or malformed product', async () => {
    const auth = checkedBuyer;
    expect((await review('00000000-0000-4000-8000-000000000000', auth)).json()).toEqual({
      message: 'Product not found',
    });
    expect((await review('nope', auth)).statusCode).toBe(404);
  });

  it.each([
    [{ rating: 6, comment: 'Too good' }],
    [{ rating: 0, comment: 'Bad' }],
    [{ rating: 4.5, comment: 'Half' }],
    [{ rating: 4, comment: '   ' }],
    [{ rating: 4 }],
  ])('answers 400 for %j', async (payload) => {
    const res = await review(productId, checkedBuyer, payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('adds a buyer review once, updates rating and count, and shows it on the product page', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(before.json()).toMatchObject({ rating: 0, numReviews: 0, reviews: [] });

    const first = await buyer('Pending');
    const res = await review(productId, first.auth, { rating: 5, comment: '  Lovely oil, soaks in fast.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Review added',
      review: { name: 'Buyer Pending', rating: 5, comment: 'Lovely oil, soaks in fast.' },
    });

    const twice = await review(productId, first.auth, { rating: 1, comment: 'Changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'You have already reviewed this product' });

    for (const rating of [4, 4]) {
      const other = await buyer();
      expect((await review(productId, other.auth, { rating, comment: 'Good' })).statusCode).toBe(201);
    }

    const [row] = await t.app.db.select().from(products).where(eq(products.id, productId));
    expect(row).toMatchObject({ ratingTotal: 13, numReviews: 3 });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/products/${productId}`,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ rating: 4.3, numReviews: 3 });
    expect(after.json().reviews.map((r: { rating: number }) => r.rating)).toEqual([4, 4, 5]);
    const list = await t.app.inject({ method: 'GET', url: '/api/products?keyword=mungongo' });
    expect(list.json().products[0]).toMatchObject({ rating: 4.3, numReviews: 3 });
  });

  it('lets only one of two simultaneous reviews by the same customer in', async () => {
    const [fresh] = await insertProducts(t, [{ name: 'Baobab Balm' }]);
    const { auth, user } = await createUser(t);
    await insertOrderOf(t, user.id, fresh.id);
    const answers = await Promise.all([review(fresh.id, auth), review(fresh.id, auth)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const stored = await t.app.db.select().from(productReviews).where(eq(productReviews.productId, fresh.id));
    expect(stored).toHaveLength(1);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, fresh.id));
    expect(row).toMatchObject({ ratingTotal: 5, numReviews: 1 });
  });

  it('shows the newest 50 reviews on the product page, newest first, with their times', async () => {
    const [busy] = await insertProducts(t, [{ name: 'Much Reviewed Oil' }]);
    const times = Array.from(
      { length: 52 },
      (_, i) => new Date(Date.UTC(2026, 5, 1, 12, 0, 0, 0) - i * 60_000 - (i % 7)),
    );
    await t.app.db.insert(productReviews).values(
      [...times].reverse().map((createdAt, i) => ({
        productId: busy.id,
        name: `Reader ${i}`,
        rating: 1 + (i % 5),
        comment: `Review ${i}`,
        createdAt,
      })),
    );
    await t.app.catalogCache.invalidate('ratings', [busy.id]);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/products/${busy.id}` })).json().reviews as {
      createdAt: string;
      name: string;
    }[];
    expect(shown).toHaveLength(50);
    expect(shown.map((r) => r.createdAt)).toEqual(times.slice(0, 50).map((time) => time.toISOString()));
    expect(shown[0].name).toBe('Reader 51');
  });
});
