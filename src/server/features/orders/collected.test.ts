import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, toKwacha } from '../../../shared/money';
import { auditEvents, mailMessages, orders } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { address, insertProduct } from './test/fixtures';
import { KEEPER_TRIES, NOT_PAID_YET } from './collected';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let pickupId: string;

const choma = { ...address, city: 'Choma', province: 'Southern' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, name: 'Mutinta Admin' });
  customer = await createUser(t, { name: 'Chanda Mulenga' });
  other = await createUser(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/delivery-options',
    headers: admin.auth,
    payload: {
      name: 'Choma market pickup',
      kind: 'pickup',
      provinces: ['Southern'],
      towns: ['Choma'],
      fee: 20,
      estimate: '1-2 days',
      openingHours: 'Mon-Sat 08:00-17:00',
      directions: 'Stall 14',
    },
  });
  expect(created.statusCode).toBe(201);
  pickupId = created.json()._id ?? created.json().id;
});
afterAll(() => t.close());

async function placePickupOrder(option: string | null = pickupId, paymentMethod = 'mtn') {
  const deliveryOption = option ?? undefined;
  const product = await insertProduct(t, { price: 100 });
  const totals = computeTotals([{ unitPriceNgwee: product.priceNgwee, quantity: 1 }], {
    delivery: { feeNgwee: deliveryOption ? 2000 : 7500, freeAboveNgwee: deliveryOption ? null : 50000 },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.auth,
    payload: {
      orderItems: [{ product: product.id, quantity: 1 }],
      shippingAddress: deliveryOption ? choma : address,
      paymentMethod,
      deliveryOption,
      totalAmount: toKwacha(totals.totalNgwee),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The admin checked the money arrived (PUT /pay): the order may now be handed over. */
async function payByHand(id: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/pay`,
    headers: admin.auth,
    payload: { note: 'Seen on the MTN statement' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function placePaidPickupOrder() {
  const order = await placePickupOrder();
  await payByHand(order._id);
  return order;
}

const keeperCollect = (id: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/pickup/${id}/collect`, payload: payload as object });
const adminCollect = (id: string, payload: unknown = {}, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/collected`, headers, payload: payload as object });

describe('the collection code', () => {
  it('is six digits on a pickup order, shown to its owner only, and in the confirmation e-mail', async () => {
    const order = await placePickupOrder();
    expect(order.collection).toEqual({ code: expect.stringMatching(/^\d{6}$/), collectedAt: null, collectedBy: null });
    const code = order.collection.code;

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth });
    expect(mine.json().collection.code).toBe(code);
    const asAdmin = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().collection).toEqual({ collectedAt: null, collectedBy: null });
    const stranger = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: other.auth });
    expect(stranger.statusCode).toBe(404);
    const keeperView = await t.app.inject({ method: 'GET', url: `/api/pickup/${order._id}` });
    expect(keeperView.json()).toEqual({
      _id: order._id,
      reference: expect.any(String),
      place: 'Choma market pickup',
      status: 'Pending',
      collected: false,
      toCollect: null,
      paid: false,
    });
    expect(keeperView.body).not.toContain(code);

    const mails = await t.app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, customer.user.email));
    const confirmation = mails.find((mail) => mail.textBody.includes(order._id.slice(0, 8)));
    expect(confirmation?.textBody).toContain(`Collection code: ${code}`);
    const shopNotices = (await t.app.db.select().from(mailMessages)).filter((m) => m.toAddress !== customer.user.email);
    for (const notice of shopNotices) expect(notice.textBody).not.toContain(`Collection code: ${code}`);
  });

  it('is absent on a door delivery, which cannot be collected', async () => {
    const order = await placePickupOrder(null);
    expect(order.collection).toBeNull();
    expect((await adminCollect(order._id)).statusCode).toBe(400);
    expect((await keeperCollect(order._id, { code: '123456' })).statusCode).toBe(400);
  });
});

describe("the keeper's link", () => {
  it('refuses a wrong code, collects with the right one, then answers 409', async () => {
    const order = await placePaidPickupOrder();
    const code: string = order.collection.code;
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await keeperCollect(order._id, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/not this order's collection code/);
    expect((await keeperCollect(order._id, {})).statusCode).toBe(400);

    const done = await keeperCollect(order._id, { code: `${code.slice(0, 3)} ${code.slice(3)}`, name: 'Bupe' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'Delivered', collected: true });

    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'Delivered', isDelivered: true, collectedByName: 'pickup keeper Bupe' });
    expect(row.collectedAt).toBeInstanceOf(Date);
    const audit = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, order._id), eq(auditEvents.action, 'order.collected')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, actorName: 'pickup keeper Bupe' });
    expect(audit[0].summary).toContain('code checked');

    const again = await keeperCollect(order._id, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already collected/);
    const owner = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth });
    expect(owner.json().collection).toMatchObject({
      collectedBy: 'pickup keeper Bupe',
      collectedAt: expect.any(String),
    });
  });

  it(`limits tries per order to ${KEEPER_TRIES} an hour, then even the right code waits`, async () => {
    const order = await placePaidPickupOrder();
    const code: string = order.collection.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < KEEPER_TRIES; i += 1)
      expect((await keeperCollect(order._id, { code: wrong })).statusCode).toBe(400);
    const limited = await keeperCollect(order._id, { code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many wrong codes/);
    // Another order's tries are its own, and an admin can still hand the parcel over.
    const next = await placePaidPickupOrder();
    expect((await keeperCollect(next._id, { code: next.collection.code })).statusCode).toBe(200);
    expect((await adminCollect(order._id, { code })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown order and 400 for hostile bodies', async () => {
    expect((await keeperCollect('00000000-0000-4000-8000-000000000000', { code: '123456' })).statusCode).toBe(404);
    const order = await placePickupOrder();
    for (const body of [{ code: 123456 }, { code: 'x'.repeat(5000) }, { code: '12\u000034' }, { code: '1', extra: 1 }])
      expect((await keeperCollect(order._id, body)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await keeperCollect(order._id, { code: '12\u000034' })).statusCode).toBeLessThan(500);
  });
});

describe('the back office', () => {
  it('is admin only, checks a code when given, and confirms without one as the admin', async () => {
    const order = await placePaidPickupOrder();
    expect((await adminCollect(order._id, {}, customer.auth)).statusCode).toBe(403);
    expect((await adminCollect(order._id, {}, {})).statusCode).toBe(401);
    const wrong = order.collection.code === '000000' ? '111111' : '000000';
    expect((await adminCollect(order._id, { code: wrong })).statusCode).toBe(400);
    const done = await adminCollect(order._id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'Delivered', collection: { collectedBy: 'Mutinta Admin' } });
    expect(done.json().collection.code).toBeUndefined();
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, order._id), eq(auditEvents.action, 'order.collected')));
    expect(audit).toMatchObject({ actorId: admin.user.id, actorName: 'Mutinta Admin' });
    expect(audit.summary).toContain('without the code');
    expect((await adminCollect(order._id)).statusCode).toBe(409);
  });

  it('refuses a cancelled order', async () => {
    const order = await placePickupOrder();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: admin.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await keeperCollect(order._id, { code: order.collection.code })).statusCode).toBe(409);
    expect((await adminCollect(order._id)).statusCode).toBe(409);
  });

  it('gives one 200 and one 409 for two marks at once, and one Delivered change', async () => {
    const order = await placePaidPickupOrder();
    const results = await Promise.all([
      adminCollect(order._id),
      keeperCollect(order._id, { code: order.collection.code }),
      adminCollect(order._id, { code: order.collection.code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const audit = await t.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, order._id));
    expect(audit.filter((a) => a.action === 'order.collected')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'order.delivered')).toHaveLength(1);
  });
});

describe('an order paid before collection (MTN, Airtel, card) and not paid yet', () => {
  it("is refused (409) on the keeper's link and the admin's, whatever the body says, without taking a try", async () => {
    for (const method of ['mtn', 'airtel', 'creditCard']) {
      const order = await placePickupOrder(pickupId, method);
      const code: string = order.collection.code;
      const view = await t.app.inject({ method: 'GET', url: `/api/pickup/${order._id}` });
      expect(view.json()).toMatchObject({ paid: false, toCollect: null, collected: false });

      // More refusals than the tries an hour: none of them is a try, since no code was compared.
      for (let i = 0; i <= KEEPER_TRIES; i += 1) {
        const refused = await keeperCollect(order._id, { code, name: 'Bupe' });
        expect(refused.statusCode, method).toBe(409);
        expect(refused.json()).toEqual({ message: NOT_PAID_YET });
      }
      // Saying the keeper took cash does not make an order paid by its provider collectable.
      expect((await keeperCollect(order._id, { code, paidWith: 'cash' })).statusCode).toBe(409);
      for (const body of [{ code }, {}, { paidWith: 'mobileMoney' }]) {
        const refused = await adminCollect(order._id, body);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(NOT_PAID_YET);
      }
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row).toMatchObject({ status: 'Pending', isPaid: false, collectedAt: null, isDelivered: false });
      const collected = await t.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, order._id), eq(auditEvents.action, 'order.collected')));
      expect(collected).toHaveLength(0);

      // Once the money arrived, the same keeper hands it over with the right code at the first try.
      await payByHand(order._id);
      expect((await t.app.inject({ method: 'GET', url: `/api/pickup/${order._id}` })).json()).toMatchObject({
        paid: true,
        toCollect: null,
      });
      const done = await keeperCollect(order._id, { code, name: 'Bupe' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ collected: true, paid: true, status: 'Delivered' });
    }
  });
});
