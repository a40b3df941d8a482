import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, orders, smsMessages } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { address, insertCustomers, insertProduct, orderBody } from '../orders/test/fixtures';

/** Texts about orders per number and day (decision 057), over HTTP, with the default limit. */

const PER_DAY = 10; // ORDER_TEXTS_PER_NUMBER_PER_DAY's default
const FLOODED = '0971234599';
const FLOODED_E164 = '+260971234599';
const SHOP_PHONE = '+260955000111';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  productId = (await insertProduct(t, { price: 100, countInStock: 10_000 })).id;
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin.auth,
    payload: { orderSmsNumber: '095 500 0111' },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(() => t.close());

const place = (auth: Record<string, string>, phoneNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: orderBody([{ product: productId, quantity: 1, price: 100 }], {
      shippingAddress: { ...address, phoneNumber },
    }),
  });

const textsTo = (to: string) => t.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, to));
const heldBack = (rows: (typeof smsMessages.$inferSelect)[]) =>
  rows.filter((r) => r.lastError?.startsWith('Held back'));

describe('order texts to one number', () => {
  it(`stop at ${PER_DAY} a day across accounts, in a burst of orders; every order is placed, every held text audited`, async () => {
    const shoppers = await insertCustomers(t, 5, 'Flooder');
    const burst = PER_DAY + 15;
    const placed = await Promise.all(
      Array.from({ length: burst }, (_, i) => place(shoppers[i % shoppers.length].auth, FLOODED)),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(burst).fill(201));
    const orderIds = placed.map((r) => r.json()._id as string);
    await t.app.sms.idle();

    const rows = await textsTo(FLOODED_E164);
    const held = heldBack(rows);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(PER_DAY);
    expect(held).toHaveLength(burst - PER_DAY);
    for (const row of held) {
      expect(row).toMatchObject({ status: 'failed', kind: 'order-placed', attempts: 0 });
      expect(row.lastError).toBe(
        `Held back: ${PER_DAY} order texts to this number in 24 hours (ORDER_TEXTS_PER_NUMBER_PER_DAY)`,
      );
    }
    // Each order has its text, sent or held back: none lost, none twice.
    expect(rows.map((r) => r.orderId).sort()).toEqual([...orderIds].sort());
    const stored = await t.app.db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(stored.map((o) => o.status)).toEqual(Array(burst).fill('Pending'));

    const audit = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.text-held-back'));
    expect(audit.map((a) => a.subjectId).sort()).toEqual(held.map((r) => r.orderId).sort());
    expect(audit[0]).toMatchObject({ actorId: null, actorName: 'Shop (text limit)', subjectType: 'order' });
    expect(audit[0].summary).toMatch(
      new RegExp(`^Text \\(order-placed\\) for order \\w+ to \\${FLOODED_E164} not sent: ${PER_DAY} order texts`),
    );
    // The admins read it in the trail like any other line.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=order.text-held-back&limit=100',
      headers: admin.auth,
    });
    expect(listed.json().total).toBe(burst - PER_DAY);

    // The co-op's own number for new orders is not counted: it heard of every one.
    const notices = (await textsTo(SHOP_PHONE)).filter((r) => orderIds.includes(r.orderId!));
    expect(notices.map((r) => r.status)).toEqual(Array(burst).fill('sent'));
  });

  it("counts every order text (a payment's too), and leaves other numbers and sign-in codes alone", async () => {
    const [shopper] = await insertCustomers(t, 1, 'Next');
    const order = await place(shopper.auth, FLOODED);
    expect(order.statusCode).toBe(201);
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.json()._id}/pay`,
      headers: admin.auth,
      payload: { note: 'Seen on the statement' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const other = await place(shopper.auth, '0961234598');
    expect(other.statusCode).toBe(201);
    const code = await t.app.inject({ method: 'POST', url: '/api/users/phone/code', payload: { phone: FLOODED } });
    expect(code.statusCode, code.body).toBe(200);
    await t.app.sms.idle();

    const about = await t.app.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.toNumber, FLOODED_E164), eq(smsMessages.orderId, order.json()._id)));
    expect(about.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['order-paid', 'failed'],
      ['order-placed', 'failed'],
    ]);
    expect((await textsTo('+260961234598')).map((r) => r.status)).toEqual(['sent']);
    // Sign-in codes have limits of their own (decision 023) and are not order texts.
    const codes = (await textsTo(FLOODED_E164)).filter((r) => r.kind !== 'order-placed' && r.kind !== 'order-paid');
    expect(codes).toHaveLength(1);
    expect(codes[0].status).toBe('sent');
  });
});

describe('with ORDER_TEXTS_PER_NUMBER_PER_DAY=0', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ orderTextsPerNumberPerDay: 0 });
  });
  afterAll(() => open?.close());

  it('texts every order', async () => {
    const [shopper] = await insertCustomers(open, 1, 'Open');
    const product = await insertProduct(open, { price: 100 });
    for (let i = 0; i < PER_DAY + 2; i += 1) {
      const res = await open.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.auth,
        payload: orderBody([{ product: product.id, quantity: 1, price: 100 }]),
      });
      expect(res.statusCode).toBe(201);
    }
    await open.app.sms.idle();
    const rows = await open.app.db.select().from(smsMessages);
    expect(rows.map((r) => r.status)).toEqual(Array(PER_DAY + 2).fill('sent'));
  });
});
