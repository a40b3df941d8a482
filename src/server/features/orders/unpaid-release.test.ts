import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailMessages, orders, paymentAttempts, smsMessages } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertOrder, insertProduct, orderBody, stockOf } from './test/fixtures';
import { ageOrder, collectionOrderBody, DAY, HOLD_RULES, HOUR, payOnCollectionPoint } from './test/unpaid';
import { releaseUnpaidOrders } from './unpaid-release';

/**
 * The shop releases orders left unpaid past their hold (decision 056): 48 hours for mobile money and cards,
 * 7 days for pay on collection, time moved on the database's clock. PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set; two instances at once: unpaid-release.pg.test.ts.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ unpaidOrders: HOLD_RULES });
  admin = await createUser(t, { isAdmin: true, name: 'Mutinta Admin' });
  customer = await createUser(t, { name: 'Chanda Mulenga' });
});
afterAll(() => t.close());

async function placeMtn(product: { id: string }, quantity = 1): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.auth,
    payload: orderBody([{ product: product.id, quantity, price: 40 }], { paymentMethod: 'mtn' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

const rowOf = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const textsOf = (id: string) => t.app.db.select().from(smsMessages).where(eq(smsMessages.orderId, id));
const cancellationsOf = (id: string) =>
  t.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'order.cancelled')));

/** A payment attempt of the order as payments writes one (test data: no provider is asked). */
async function attempt(orderId: string, change: Partial<typeof paymentAttempts.$inferInsert>) {
  await t.app.db.insert(paymentAttempts).values({
    orderId,
    provider: 'mtn',
    reference: randomUUID(),
    phone: '+260961234567',
    amountNgwee: 4640,
    currency: 'ZMW',
    state: 'pending',
    nextPollAt: new Date(Date.now() + DAY),
    expiresAt: new Date(Date.now() + DAY),
    ...change,
  });
}

describe('an order left unpaid', () => {
  it('is kept for 48 hours, then cancelled by the shop: stock back once, the shop in the audit, a text saying why', async () => {
    const product = await insertProduct(t, { name: 'Mungongo oil 30 ml', price: 40, countInStock: 10 });
    const id = await placeMtn(product, 3);
    expect(await stockOf(t, product.id)).toBe(7);

    await ageOrder(t, id, 47 * HOUR);
    expect(await releaseUnpaidOrders(t.app)).toBe(0);
    expect((await rowOf(id)).status).toBe('Pending');

    await ageOrder(t, id, 2 * HOUR);
    expect(await releaseUnpaidOrders(t.app)).toBe(1);
    const released = await rowOf(id);
    expect(released).toMatchObject({ status: 'Cancelled', isPaid: false, unpaidHoldUntil: null });
    expect(await stockOf(t, product.id)).toBe(10);
    // After the commit the catalogue forgets what it answered: the shop sells the units again at once.
    const shown = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(shown.json().countInStock).toBe(10);

    const [line] = await cancellationsOf(id);
    expect(line).toMatchObject({ actorId: null, actorName: 'Shop (unpaid order released)' });
    expect(line!.summary).toMatch(/Pending → Cancelled; stock returned: Mungongo oil 30 ml × 3$/);
    const texts = await textsOf(id);
    expect(texts.map((m) => m.kind).sort()).toEqual(['order-placed', 'order-released']);
    const text = texts.find((m) => m.kind === 'order-released')!;
    expect(text.toNumber).toBe('+260971234567');
    // The longest wording that fits with the shop's name: the demo name leaves room for the shortest.
    expect(text.body).toMatch(/Order #\w{8} not paid in time: cancelled, do not pay\. http/);
    const mail = await t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'order-cancelled'));
    expect(mail.filter((m) => m.subject.includes(id.slice(0, 8)))).toHaveLength(1);

    // Read again, nothing more happens: no second return of stock, no second text.
    expect(await releaseUnpaidOrders(t.app)).toBe(0);
    expect(await stockOf(t, product.id)).toBe(10);
    expect(await cancellationsOf(id)).toHaveLength(1);
    expect(await textsOf(id)).toHaveLength(2);
  });

  it('is kept while its payment may still come: a live prompt, one ended a moment ago, a transaction id to check', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 10 });
    const live = await placeMtn(product);
    await attempt(live, { state: 'pending' });
    const justEnded = await placeMtn(product);
    await attempt(justEnded, { state: 'expired', endedAt: new Date(), lateReadsUntil: new Date(Date.now() + DAY) });
    const told = await placeMtn(product);
    const reference = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${told}/pay`,
      headers: customer.auth,
      payload: { paymentReference: 'MP240101.1234.A56789' },
    });
    expect(reference.statusCode, reference.body).toBe(200);
    const paid = await placeMtn(product);
    await t.app.inject({ method: 'PUT', url: `/api/orders/${paid}/pay`, headers: admin.auth, payload: {} });
    for (const id of [live, justEnded, told, paid]) await ageOrder(t, id, 49 * HOUR);

    expect(await releaseUnpaidOrders(t.app)).toBe(0);
    for (const id of [live, justEnded, told, paid]) expect((await rowOf(id)).status).toBe('Pending');

    // Once the ended prompt's own lifetime has passed too (PAYMENT_EXPIRY_MINUTES, 5), that order goes.
    await t.app.db
      .update(paymentAttempts)
      .set({ endedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(paymentAttempts.orderId, justEnded));
    expect(await releaseUnpaidOrders(t.app)).toBe(1);
    expect((await rowOf(justEnded)).status).toBe('Cancelled');
    expect(await stockOf(t, product.id)).toBe(7);
  });

  it('is left to people once an admin has it in hand, and orders placed before holds existed stay as they were', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 10 });
    const inHand = await placeMtn(product);
    for (const status of ['Processing', 'Pending'])
      await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${inHand}/status`,
        headers: admin.auth,
        payload: { status },
      });
    await ageOrder(t, inHand, 49 * HOUR);
    const before = await insertOrder(t, { user: customer.user, total: 40, createdAt: new Date(Date.now() - 90 * DAY) });
    expect(await releaseUnpaidOrders(t.app)).toBe(0);
    expect((await rowOf(inHand)).status).toBe('Pending');
    expect((await rowOf(before.id)).status).toBe('Pending');
  });
});

describe('a pay-on-collection order', () => {
  it('is kept through its 7-day collection window, then released with words for a held order', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 10 });
    const option = await payOnCollectionPoint(t, admin.auth);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: collectionOrderBody(product, option, 2),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id;

    await ageOrder(t, id, 49 * HOUR);
    expect(await releaseUnpaidOrders(t.app)).toBe(0);
    await ageOrder(t, id, 7 * DAY - HOUR - 49 * HOUR);
    expect(await releaseUnpaidOrders(t.app)).toBe(0);
    await ageOrder(t, id, 2 * HOUR);
    expect(await releaseUnpaidOrders(t.app)).toBe(1);
    expect((await rowOf(id)).status).toBe('Cancelled');
    expect(await stockOf(t, product.id)).toBe(10);
    const [text] = (await textsOf(id)).filter((m) => m.kind === 'order-released');
    expect(text!.body).toMatch(/Order #\w{8} (was held for|cancelled after) 7 days/);
  });
});

describe('two sweeps at once', () => {
  it('release each order once', async () => {
    const product = await insertProduct(t, { price: 40, countInStock: 20 });
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push(await placeMtn(product, 2));
    for (const id of ids) await ageOrder(t, id, 49 * HOUR);
    const counts = await Promise.all([releaseUnpaidOrders(t.app), releaseUnpaidOrders(t.app)]);
    expect(counts[0] + counts[1]).toBe(6);
    expect(await stockOf(t, product.id)).toBe(20);
    for (const id of ids) {
      expect((await rowOf(id)).status).toBe('Cancelled');
      expect(await cancellationsOf(id)).toHaveLength(1);
      expect((await textsOf(id)).filter((m) => m.kind === 'order-released')).toHaveLength(1);
    }
  });
});
