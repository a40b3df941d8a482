import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema';
import { resolveEndedAttempt } from './queries';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertOrder } from '../orders/test/fixtures';
import type { PaymentList, ReconciliationAttempt } from '../../../shared/schemas/payments';

/**
 * GET /api/payments, the back office's reconciliation list, on attempts written straight to the
 * database in every state the filters tell apart. No provider is configured, and every live attempt's
 * next poll is far away, so the poller leaves these rows as they are (a stuck attempt is one the poller
 * did not end: the shop was down, or the provider never answered).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const FAR = new Date(Date.now() + 24 * 3_600_000);

/** The rows of the story, by name, with the id of each attempt. */
const ids: Record<string, string> = {};
const orderIds: Record<string, string> = {};

async function attempt(
  name: string,
  order: { id: string; totalNgwee: number },
  values: Partial<typeof paymentAttempts.$inferInsert> & { createdAt: Date },
) {
  const [row] = await t.app.db
    .insert(paymentAttempts)
    .values({
      orderId: order.id,
      provider: 'mtn',
      reference: randomUUID(),
      phone: '+260961234567',
      amountNgwee: order.totalNgwee,
      currency: 'ZMW',
      state: 'pending',
      nextPollAt: FAR,
      expiresAt: new Date(values.createdAt.getTime() + 5 * 60_000),
      updatedAt: values.createdAt,
      ...values,
    })
    .returning();
  ids[name] = row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  customer = await createUser(t, { name: 'Mutinta Hichilema' });
  const buyer = { id: customer.user.id, name: 'Mutinta Hichilema', email: customer.email };
  const order = async (name: string, opts: { isPaid?: boolean; status?: string } = {}) => {
    const row = await insertOrder(t, { user: buyer, total: 150, ...opts });
    orderIds[name] = row.id;
    return row;
  };
  const fresh = await order('fresh');
  await attempt('fresh pending', fresh, { createdAt: minutesAgo(1) });
  const slow = await order('slow');
  // Not yet past its expiry (a long expiry setting), but pending for longer than the threshold.
  await attempt('pending 12 min', slow, { createdAt: minutesAgo(12), expiresAt: minutesAgo(-20) });
  const overdue = await order('overdue');
  await attempt('past expiry', overdue, { state: 'initiated', createdAt: minutesAgo(6) });
  const declined = await order('declined');
  await attempt('declined, unpaid', declined, {
    state: 'failed',
    failureReason: 'Declined by the payer',
    createdAt: minutesAgo(30),
    endedAt: minutesAgo(29),
  });
  const retried = await order('retried', { isPaid: true });
  await attempt('declined, paid later', retried, {
    state: 'failed',
    failureReason: 'Wrong PIN',
    createdAt: minutesAgo(40),
    endedAt: minutesAgo(39),
  });
  await attempt('paid retry', retried, {
    state: 'successful',
    providerTransactionId: '9000001',
    createdAt: minutesAgo(38),
    endedAt: minutesAgo(37),
  });
  const cancelled = await order('cancelled', { status: 'Cancelled' });
  await attempt('expired, cancelled', cancelled, {
    state: 'expired',
    failureReason: 'The payment was not approved in time',
    createdAt: minutesAgo(50),
    endedAt: minutesAgo(44),
  });
  const twice = await order('twice', { isPaid: true });
  await attempt('second payment', twice, {
    state: 'successful',
    flagged: true,
    flagNote: 'The order was already paid: this is a second payment',
    provider: 'airtel',
    phone: '+260971234567',
    providerTransactionId: 'AIR77001',
    createdAt: minutesAgo(60),
    endedAt: minutesAgo(59),
  });
}, 60_000);
afterAll(() => t?.close());

const list = async (query = '', auth = admin.auth) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/payments${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentList;
};
const namesOf = (rows: ReconciliationAttempt[]) =>
  rows.map((row) => Object.keys(ids).find((name) => ids[name] === row._id));

describe('GET /api/payments (reconciliation)', () => {
  it('answers a visitor 401 and a customer 403', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/payments' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toEqual(expect.any(String));
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/payments?filter=all', headers: customer.auth });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.body).not.toContain('Mutinta');
  });

  it('lists every attempt newest first with its order and customer, and counts each filter', async () => {
    const all = await list();
    expect(namesOf(all.payments)).toEqual([
      'fresh pending',
      'past expiry',
      'pending 12 min',
      'declined, unpaid',
      'paid retry',
      'declined, paid later',
      'expired, cancelled',
      'second payment',
    ]);
    expect(all).toMatchObject({
      page: 1,
      pages: 1,
      total: 8,
      counts: { all: 8, stuck: 2, failed: 3, flagged: 1, attention: 4, owed: 0 },
    });
    const declined = all.payments.find((row) => row._id === ids['declined, unpaid'])!;
    expect(declined).toMatchObject({
      provider: 'mtn',
      phone: '+260961234567',
      amount: 150,
      amountNgwee: 15_000,
      state: 'failed',
      failureReason: 'Declined by the payer',
      order: {
        _id: orderIds.declined,
        customerName: 'Mutinta Hichilema',
        customerEmail: customer.email,
        total: 150,
        status: 'Pending',
        isPaid: false,
      },
      stuck: false,
      needsAttention: true,
    });
    expect(declined.endedAt).toEqual(expect.any(String));
  });

  it.each([
    ['stuck', ['past expiry', 'pending 12 min']],
    ['failed', ['declined, unpaid', 'declined, paid later', 'expired, cancelled']],
    ['flagged', ['second payment']],
    // A failure matters while its order waits for money: not once a retry paid it, nor when it was cancelled.
    ['attention', ['past expiry', 'pending 12 min', 'declined, unpaid', 'second payment']],
  ])('filter=%s lists exactly those attempts', async (filter, expected) => {
    const found = await list(`?filter=${filter}`);
    expect(namesOf(found.payments)).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });

  it('shows a flagged attempt with its note, for an admin to settle by hand', async () => {
    const [flagged] = (await list('?filter=flagged')).payments;
    expect(flagged).toMatchObject({
      provider: 'airtel',
      state: 'successful',
      flagged: true,
      flagNote: 'The order was already paid: this is a second payment',
      providerTransactionId: 'AIR77001',
      order: { _id: orderIds.twice, isPaid: true },
      needsAttention: true,
    });
  });

  it('marks stuck rows, and a fresh pending attempt is not stuck', async () => {
    const all = (await list()).payments;
    const stuck = all.filter((row) => row.stuck).map((row) => row._id);
    expect(stuck.sort()).toEqual([ids['past expiry'], ids['pending 12 min']].sort());
  });

  it('pages newest first, and the counts follow the keyword', async () => {
    const first = await list('?limit=3');
    const second = await list('?limit=3&page=2');
    const third = await list('?limit=3&page=3');
    expect(first.pages).toBe(3);
    expect([...namesOf(first.payments), ...namesOf(second.payments), ...namesOf(third.payments)]).toEqual(
      namesOf((await list()).payments),
    );
    expect((await list('?limit=3&page=9')).payments).toEqual([]);

    const byOrder = await list(`?keyword=${orderIds.declined.slice(0, 8)}`);
    expect(namesOf(byOrder.payments)).toEqual(['declined, unpaid']);
    expect(byOrder.counts).toEqual({ all: 1, stuck: 0, failed: 1, flagged: 0, attention: 1, owed: 0 });
    // A phone in any Zambian form finds the attempts made from it.
    for (const phone of ['0971234567', '260971234567', '+260 97 123 4567', '097-123-4567', '97 123 45']) {
      expect(namesOf((await list(`?keyword=${encodeURIComponent(phone)}`)).payments)).toEqual(['second payment']);
    }
    expect(namesOf((await list('?keyword=air77001')).payments)).toEqual(['second payment']);
    expect((await list('?keyword=MUTINTA')).total).toBe(8);
    expect((await list(`?keyword=${encodeURIComponent(customer.email)}&filter=flagged`)).total).toBe(1);
    expect((await list('?keyword=nobody-like-this')).payments).toEqual([]);
    expect((await list('?keyword=100%25')).payments).toEqual([]);
  });

  it.each([
    ['filter=stale', /filter must be one of attention, owed, stuck, failed, flagged, all/],
    ['filter=ALL', /filter must be one of/],
    ['filter=all&filter=failed', /filter/],
    ['page=0', /page must be a whole number from 1/],
    ['page=-1', /page/],
    ['page=1e309', /page/],
    ['page=abc', /page/],
    ['limit=101', /limit must be a whole number from 1 to 100/],
    ['limit=0.5', /limit/],
    [`keyword=${'x'.repeat(101)}`, /keyword is too long/],
  ])('answers 400 with a message for %s', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payments?${query}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers hostile keywords without a 5xx', async () => {
    for (const keyword of ['%00', 'a%00b', '%ED%A0%80', '%27%20OR%201=1--', '%5C', '_', '%25%25', 'a%0Ab']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/payments?keyword=${keyword}`, headers: admin.auth });
      expect(res.statusCode, `${keyword}: ${res.body}`).toBeLessThan(500);
      expect(res.json()).toEqual(
        res.statusCode === 200
          ? expect.objectContaining({ payments: expect.any(Array) })
          : { message: expect.any(String) },
      );
    }
  });
});

/**
 * PUT /api/payments/{id}/resolve: an admin records that an attempt needing a person was dealt with.
 * Its own customer's orders, so the story above keeps its counts; the list is read by her name.
 */
describe('PUT /api/payments/{id}/resolve (an admin deals with an attempt)', () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  const hers = (filter: string) => list(`?keyword=Chanda%20Phiri&filter=${filter}`);
  const resolve = (
    name: string,
    payload: unknown = { note: 'Refunded K 5 by MTN reversal 1234' },
    auth: Record<string, string> | undefined = admin.auth,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/payments/${ids[name] ?? name}/resolve`,
      headers: auth,
      payload: payload as object,
    });

  beforeAll(async () => {
    owner = await createUser(t, { name: 'Chanda Phiri' });
    other = await createUser(t, { isAdmin: true, name: 'Second Admin' });
    const buyer = { id: owner.user.id, name: 'Chanda Phiri', email: owner.email };
    const order = (opts: { isPaid?: boolean } = {}) => insertOrder(t, { user: buyer, total: 80, ...opts });
    const paidTwice = await order({ isPaid: true });
    await attempt('C flagged', paidTwice, {
      state: 'successful',
      flagged: true,
      flagNote: 'The order was already paid: this is a second payment',
      createdAt: minutesAgo(20),
      endedAt: minutesAgo(19),
    });
    const givenUp = await order();
    await attempt('C failed', givenUp, {
      state: 'failed',
      failureReason: 'APPROVAL_REJECTED',
      createdAt: minutesAgo(18),
      endedAt: minutesAgo(17),
    });
    await attempt('C stuck', await order(), { createdAt: minutesAgo(16) });
    await attempt('C paid', await order({ isPaid: true }), {
      state: 'successful',
      providerTransactionId: '9000777',
      createdAt: minutesAgo(14),
      endedAt: minutesAgo(13),
    });
    await attempt('C race', await order(), {
      state: 'expired',
      failureReason: 'The payment was not approved in time',
      createdAt: minutesAgo(12),
      endedAt: minutesAgo(6),
    });
  }, 60_000);

  it('answers a visitor 401, a customer 403 (her own attempt too), and changes nothing', async () => {
    expect((await resolve('C flagged', undefined, {})).statusCode).toBe(401);
    const asOwner = await resolve('C flagged', undefined, owner.auth);
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json().message).toEqual(expect.any(String));
    expect((await hers('flagged')).total).toBe(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-an-id', '1%27%20or%201=1']) {
      const res = await resolve(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Payment not found');
    }
  });

  it.each([
    [{}, /note is required/],
    [{ note: '   ' }, /note is required/],
    [{ note: 42 }, /note/],
    [{ note: 'x'.repeat(501) }, /note must be at most 500 characters/],
  ])('answers 400 for the body %j and changes nothing', async (payload, message) => {
    const res = await resolve('C flagged', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await hers('flagged')).total).toBe(1);
  });

  it('answers 409 for a live attempt (the poller still owns it) and for a payment that paid its order', async () => {
    const live = await resolve('C stuck');
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toMatch(/still in progress/);
    const paid = await resolve('C paid');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/nothing to settle/);
    expect((await hers('stuck')).total).toBe(1);
  });

  it('the recording itself refuses a payment that paid its order, so one settled between the check and the write is not taken', async () => {
    const taken = await resolveEndedAttempt(t.app.db, ids['C paid'], {
      by: { id: admin.user.id, name: admin.user.name },
      note: 'Refunded',
    });
    expect(taken).toBeNull();
    const [row] = await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, ids['C paid']));
    expect(row.resolvedAt).toBeNull();
  });

  it('a resolved flagged attempt leaves flagged and attention, stays in all with who, when and the note, and cannot be resolved twice', async () => {
    const before = await hers('all');
    expect(before.counts).toEqual({ all: 5, stuck: 1, failed: 2, flagged: 1, attention: 4, owed: 0 });
    const res = await resolve('C flagged', { note: '  Refunded K 80 by Airtel reversal 5521  ' });
    expect(res.statusCode, res.body).toBe(200);
    const resolved = res.json() as ReconciliationAttempt;
    expect(resolved).toMatchObject({
      _id: ids['C flagged'],
      flagged: true,
      resolution: { by: { _id: admin.user.id, name: admin.user.name }, note: 'Refunded K 80 by Airtel reversal 5521' },
    });
    expect(Date.now() - Date.parse(resolved.resolution!.at)).toBeLessThan(60_000);

    const after = await hers('all');
    expect(after.counts).toEqual({ all: 5, stuck: 1, failed: 2, flagged: 0, attention: 3, owed: 0 });
    expect(namesOf((await hers('attention')).payments)).toEqual(['C race', 'C stuck', 'C failed']);
    const row = after.payments.find((p) => p._id === ids['C flagged'])!;
    expect(row).toMatchObject({ needsAttention: false, resolution: resolved.resolution });
    // Attempts nobody dealt with carry none.
    expect(after.payments.find((p) => p._id === ids['C failed'])!.resolution).toBeNull();

    const again = await resolve('C flagged', { note: 'Refunded again?' }, other.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This payment was already dealt with by ${admin.user.name}`);
    expect((await hers('all')).payments.find((p) => p._id === ids['C flagged'])!.resolution!.note).toBe(
      'Refunded K 80 by Airtel reversal 5521',
    );
  });

  it("a resolved failure of an unpaid order leaves attention but stays among the failures; the admin's order view shows it, the owner's does not", async () => {
    const res = await resolve('C failed', { note: 'Customer gave up on the order; cancelled by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(namesOf((await hers('attention')).payments)).toEqual(['C race', 'C stuck']);
    expect(namesOf((await hers('failed')).payments)).toEqual(['C race', 'C failed']);

    const orderId = res.json().orderId as string;
    const asAdmin = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/payments`, headers: admin.auth });
    expect(asAdmin.json()[0]).toMatchObject({
      resolution: { note: 'Customer gave up on the order; cancelled by phone', by: { name: admin.user.name } },
    });
    const asOwner = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/payments`, headers: owner.auth });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()[0]).toMatchObject({ _id: ids['C failed'], state: 'failed' });
    expect(asOwner.json()[0]).not.toHaveProperty('resolution');
    expect(asOwner.body).not.toContain('cancelled by phone');
  });

  it('two admins at once: one records it, the other is told it was already dealt with', async () => {
    const answers = await Promise.all([
      resolve('C race', { note: 'First admin' }),
      resolve('C race', { note: 'Second admin' }, other.auth),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as ReconciliationAttempt;
    const row = (await hers('all')).payments.find((p) => p._id === ids['C race'])!;
    expect(row.resolution).toEqual(winner.resolution);
  });
});
