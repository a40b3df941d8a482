import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, toKwacha } from '../../../shared/money';
import { auditEvents, mailMessages, orders, paymentAttempts } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { fetchCsv } from '../reports/test/fixtures';
import { address, insertProduct } from './test/fixtures';
import { SAY_HOW_PAID } from './collected';

/** Pay on collection (decision 045), over HTTP: the option's switch, placing, collecting and paying once, the reports. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
const options: Record<'paying' | 'plain' | 'bus' | 'door', string> = { paying: '', plain: '', bus: '', door: '' };

const mazabuka = { ...address, city: 'Mazabuka', province: 'Southern' };
const pickup = {
  kind: 'pickup',
  provinces: ['Southern'],
  towns: ['Mazabuka'],
  fee: 15,
  estimate: '1-2 days',
  openingHours: 'Mon-Sat 08:00-17:00',
  directions: 'Behind the market',
};

const saveOption = (payload: object, id?: string) =>
  t.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/delivery-options/${id}` : '/api/delivery-options',
    headers: admin.auth,
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, name: 'Mutinta Admin' });
  customer = await createUser(t, { name: 'Chanda Mulenga' });
  const made = async (payload: object) => {
    const res = await saveOption(payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  options.paying = await made({ ...pickup, name: 'Mazabuka shop', payOnCollection: true });
  options.plain = await made({ ...pickup, name: 'Mazabuka church hall' });
  options.bus = await made({ ...pickup, kind: 'bus', name: 'Mazabuka bus station' });
  options.door = await made({ ...pickup, kind: 'door', name: 'Mazabuka door', openingHours: '', directions: '' });
});
afterAll(() => t.close());

async function place(option: string, paymentMethod = 'collection', fee = 1500) {
  const product = await insertProduct(t, { price: 100 });
  const totals = computeTotals([{ unitPriceNgwee: product.priceNgwee, quantity: 1 }], {
    delivery: { feeNgwee: fee, freeAboveNgwee: null },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.auth,
    payload: {
      orderItems: [{ product: product.id, quantity: 1 }],
      shippingAddress: mazabuka,
      paymentMethod,
      deliveryOption: option,
      totalAmount: toKwacha(totals.totalNgwee),
    },
  });
}

async function placed() {
  const res = await place(options.paying);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const keeperCollect = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/pickup/${id}/collect`, payload });
const adminCollect = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/collected`, headers: admin.auth, payload });
const rowOf = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0];
const auditOf = (id: string, action: string) =>
  t.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, action)));
const paidMails = async (id: string) =>
  (await t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'order-paid'))).filter((m) =>
    m.textBody.includes(id.slice(0, 8)),
  );

describe("the option's switch", () => {
  it('is off by default, on for a pickup point, refused for a door or bus option, and in the audit trail', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/delivery-options?province=Southern&town=Mazabuka',
    });
    const byName = Object.fromEntries(list.json().options.map((o: { name: string }) => [o.name, o]));
    expect(byName['Mazabuka shop'].payOnCollection).toBe(true);
    expect(byName['Mazabuka church hall'].payOnCollection).toBe(false);

    for (const kind of ['door', 'bus']) {
      const refused = await saveOption({ ...pickup, kind, name: `Not ${kind}`, payOnCollection: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/payOnCollection is only for a pickup point/);
    }
    expect((await saveOption({ ...pickup, name: 'x', payOnCollection: 'yes' })).statusCode).toBe(400);

    const on = await saveOption({ ...pickup, name: 'Mazabuka church hall', payOnCollection: true }, options.plain);
    expect(on.statusCode).toBe(200);
    const off = await saveOption({ ...pickup, name: 'Mazabuka church hall', payOnCollection: false }, options.plain);
    expect(off.json().payOnCollection).toBe(false);
    const trail = await auditOf(options.plain, 'delivery.updated');
    expect(trail.map((a) => a.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('pay on collection switched on'),
        expect.stringContaining('pay on collection switched off'),
      ]),
    );
    expect(trail.find((a) => a.summary.includes('switched on'))).toMatchObject({
      before: { payOnCollection: false },
      after: { payOnCollection: true },
    });
  });
});

describe('placing a pay-on-collection order', () => {
  it('places it unpaid with no payment attempt, and no prompt or transaction id can follow', async () => {
    const order = await placed();
    expect(order).toMatchObject({ paymentMethod: 'collection', isPaid: false, status: 'Pending' });
    expect(order.collection.code).toMatch(/^\d{6}$/);
    const attempts = await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order._id));
    expect(attempts).toHaveLength(0);

    const prompt = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/payments`,
      headers: customer.auth,
      payload: { phone: '0971234567' },
    });
    expect(prompt.statusCode).toBe(409);
    const reference = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/pay`,
      headers: customer.auth,
      payload: { paymentReference: 'MP123' },
    });
    expect(reference.statusCode).toBe(409);
    expect(await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order._id))).toHaveLength(0);

    const [confirmation] = (
      await t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'order-confirmation'))
    ).filter((m) => m.textBody.includes(order._id.slice(0, 8)));
    expect(confirmation?.textBody).toContain('cash or mobile money to the keeper');
  });

  it('refuses it for a pickup point that does not take it, a bus-station parcel and a door delivery (400)', async () => {
    const plain = await place(options.plain);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(
      'Mazabuka church hall does not take payment on collection. Please choose another way to pay.',
    );
    for (const option of [options.bus, options.door]) {
      const refused = await place(option);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^Pay on collection is only for a pickup point/);
    }
    // Without a named option the first offered is a door delivery here: refused too.
    const product = await insertProduct(t, { price: 100 });
    const unnamed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: {
        orderItems: [{ product: product.id, quantity: 1 }],
        shippingAddress: address,
        paymentMethod: 'collection',
        totalAmount: 191,
      },
    });
    expect(unnamed.statusCode).toBe(400);
  });
});

describe('collecting and paying', () => {
  it("the keeper's page shows what to take; the keeper must say how, then the order is paid once, with who and how", async () => {
    const order = await placed();
    const view = await t.app.inject({ method: 'GET', url: `/api/pickup/${order._id}` });
    expect(view.json()).toMatchObject({ toCollect: order.totalPrice, paid: false, collected: false });

    // Saying nothing of the money is refused before a try is counted, and changes nothing.
    for (let i = 0; i < 6; i += 1) {
      const refused = await keeperCollect(order._id, { code: order.collection.code });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(SAY_HOW_PAID);
    }
    expect((await keeperCollect(order._id, { code: order.collection.code, paidWith: 'cheque' })).statusCode).toBe(400);
    expect(await rowOf(order._id)).toMatchObject({ isPaid: false, collectedAt: null, status: 'Pending' });

    const done = await keeperCollect(order._id, { code: order.collection.code, name: 'Bupe', paidWith: 'cash' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ collected: true, paid: true, toCollect: null, status: 'Delivered' });

    const row = await rowOf(order._id);
    expect(row).toMatchObject({ isPaid: true, status: 'Delivered', markedPaidByName: 'pickup keeper Bupe' });
    expect(row.paidAt).toBeInstanceOf(Date);
    const owner = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth });
    expect(owner.json().paymentResult).toMatchObject({
      by: 'collection',
      paidWith: 'cash',
      provider: null,
      recordedBy: null,
      status: 'COMPLETED',
    });
    const [paidLine] = await auditOf(order._id, 'order.paid-on-collection');
    expect(paidLine).toMatchObject({ actorId: null, actorName: 'pickup keeper Bupe' });
    expect(paidLine.summary).toContain('in cash to pickup keeper Bupe');
    expect(await paidMails(order._id)).toHaveLength(1);
  });

  it('an admin marking it collected says how it was paid (mobile money), and is recorded as who took it', async () => {
    const order = await placed();
    expect((await adminCollect(order._id, {})).statusCode).toBe(400);
    const done = await adminCollect(order._id, { paidWith: 'mobileMoney' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isPaid: true, status: 'Delivered' });
    expect(done.json().paymentResult).toMatchObject({
      by: 'collection',
      paidWith: 'mobileMoney',
      recordedBy: admin.user.id,
    });
    const [paidLine] = await auditOf(order._id, 'order.paid-on-collection');
    expect(paidLine).toMatchObject({ actorId: admin.user.id, actorName: 'Mutinta Admin' });
    expect(paidLine.summary).toContain('in mobile money to Mutinta Admin');
  });

  it('an order already marked paid by hand is collected without a payment, and not paid twice', async () => {
    const order = await placed();
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/pay`,
      headers: admin.auth,
      payload: { note: 'Sent to the co-op number before collecting' },
    });
    expect(marked.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/pickup/${order._id}` })).json().toCollect).toBeNull();
    const done = await keeperCollect(order._id, { code: order.collection.code });
    expect(done.statusCode, done.body).toBe(200);
    expect(await auditOf(order._id, 'order.paid-on-collection')).toHaveLength(0);
    expect(await paidMails(order._id)).toHaveLength(1);
  });

  it('two marks at once (keeper and admin, in parallel): one 200, the order paid once, one e-mail, one audit line', async () => {
    const order = await placed();
    const results = await Promise.all([
      keeperCollect(order._id, { code: order.collection.code, paidWith: 'cash' }),
      adminCollect(order._id, { paidWith: 'mobileMoney' }),
      adminCollect(order._id, { paidWith: 'cash' }),
      keeperCollect(order._id, { code: order.collection.code, paidWith: 'mobileMoney' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await auditOf(order._id, 'order.paid-on-collection')).toHaveLength(1);
    expect(await auditOf(order._id, 'order.collected')).toHaveLength(1);
    expect(await paidMails(order._id)).toHaveLength(1);
    expect((await rowOf(order._id)).isPaid).toBe(true);
  });

  it('a cancelled pay-on-collection order cannot be collected or paid, and its stock is back', async () => {
    const order = await placed();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: admin.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/pickup/${order._id}` })).json().toCollect).toBeNull();
    expect((await keeperCollect(order._id, { code: order.collection.code, paidWith: 'cash' })).statusCode).toBe(409);
    expect((await rowOf(order._id)).isPaid).toBe(false);
  });
});

describe('the reports', () => {
  it('count pay on collection as its own method: monthly report, daily summary, orders export', async () => {
    const order = await placed();
    expect((await keeperCollect(order._id, { code: order.collection.code, paidWith: 'cash' })).statusCode).toBe(200);
    const row = await rowOf(order._id);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka' }).format(row.paidAt!);

    const monthly = await t.app.inject({
      method: 'GET',
      url: `/api/reports/monthly?month=${day.slice(0, 7)}`,
      headers: admin.auth,
    });
    const method = monthly.json().byPaymentMethod.find((m: { method: string }) => m.method === 'collection');
    expect(method.count).toBeGreaterThanOrEqual(1);
    expect(method.paidAmount).toBeGreaterThanOrEqual(order.totalPrice);

    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/payments/summary?from=${day}&to=${day}`,
      headers: admin.auth,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const line = summary.json().days.find((d: { provider: string }) => d.provider === 'collection');
    expect(line).toMatchObject({ day, refundedCount: 0 });
    expect(line.collectedNgwee).toBeGreaterThanOrEqual(row.totalNgwee);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/payments/summary.csv?from=${day}&to=${day}`,
      headers: admin.auth,
    });
    expect(csv.body).toContain(`${day},Pay on collection,`);

    const { records } = await fetchCsv(t, `/api/reports/orders.csv?from=${day}&to=${day}`, admin.auth);
    const exported = records.find((r) => r['Order ID'] === order._id);
    expect(exported?.['Payment method']).toBe('Pay on collection (cash)');
    expect(exported?.Paid).toBe('yes');
  });
});
