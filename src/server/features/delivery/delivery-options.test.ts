import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, toKwacha, toNgwee, type DeliveryRule } from '../../../shared/money';
import { auditEvents, deliveryOptions } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { address, insertProduct } from '../orders/test/fixtures';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  customer = await createUser(t);
});
afterAll(() => t.close());

const offered = (query: string) => t.app.inject({ method: 'GET', url: `/api/delivery-options?${query}` });
const create = (payload: unknown, headers: Record<string, string> | undefined = admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/delivery-options', headers, payload: payload as object });
const replace = (id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/delivery-options/${id}`, headers: admin.auth, payload: payload as object });
const placeOrder = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload: payload as object });

const pickup = {
  name: 'Choma market pickup',
  kind: 'pickup',
  provinces: ['Southern'],
  towns: ['Choma'],
  fee: 20,
  freeAbove: 200,
  estimate: '1-2 days',
  openingHours: 'Mon-Sat 08:00-17:00',
  directions: 'Stall 14, behind the bus station',
};

/** An order body whose figures are worked out by the shared rule for this option's rule. */
function bodyFor(product: { id: string; priceNgwee: number }, quantity: number, rule: DeliveryRule, extra = {}) {
  const totals = computeTotals([{ unitPriceNgwee: product.priceNgwee, quantity }], { delivery: rule });
  return {
    orderItems: [{ product: product.id, quantity }],
    shippingAddress: { ...address, city: 'Choma', province: 'Southern' },
    paymentMethod: 'mtn',
    taxAmount: toKwacha(totals.taxNgwee),
    shippingAmount: toKwacha(totals.shippingNgwee),
    totalAmount: toKwacha(totals.totalNgwee),
    ...extra,
  };
}

describe('the seeded list', () => {
  it("is the spec's one rule: Standard delivery everywhere, K75, free above K500", async () => {
    const res = await offered('province=Western&town=Mongu');
    expect(res.statusCode).toBe(200);
    expect(res.json().options).toEqual([
      expect.objectContaining({ name: 'Standard delivery', kind: 'door', fee: 75, freeAbove: 500 }),
    ]);
  });

  it('prices an order that names no option by it, and the order keeps its name', async () => {
    const soap = await insertProduct(t, { price: 100 });
    const res = await placeOrder(bodyFor(soap, 2, { feeNgwee: 7500, freeAboveNgwee: 50000 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      shippingAmount: 75,
      totalAmount: 307,
      delivery: { name: 'Standard delivery', kind: 'door', option: expect.any(String) },
    });
  });
});

describe('admin writes', () => {
  it('answers 401 without a token and 403 for a customer', async () => {
    expect((await create(pickup, {})).statusCode).toBe(401);
    expect((await create(pickup, customer.auth)).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/delivery-options/all', headers: customer.auth });
    expect(list.statusCode).toBe(403);
  });

  it.each([
    ['a negative fee', { fee: -1 }, 'fee cannot be negative'],
    ['a negative free-above', { freeAbove: -5 }, 'freeAbove cannot be negative'],
    ['a fee below the ngwee', { fee: 20.005 }, 'fee has at most two decimals (ngwee)'],
    ['an empty name', { name: '   ' }, 'name is required'],
    ['a huge name', { name: 'x'.repeat(5000) }, 'name is too long (at most 80 characters)'],
    ['a NUL byte', { name: 'Choma\u0000' }, ''],
    ['an unknown kind', { kind: 'drone' }, 'kind must be one of door, pickup, bus'],
    ['an unknown province', { provinces: ['Atlantis'] }, 'each province must be one of'],
    ['too many towns', { towns: Array.from({ length: 201 }, (_, i) => `Town ${i}`) }, 'at most 200 towns'],
    ['a fee as text', { fee: '20' }, 'fee must be a number of kwacha'],
    ['a huge fee', { fee: 1e12 }, 'fee is at most'],
  ])('refuses %s with a 400 that says why, storing nothing', async (_, change, words) => {
    const before = (await t.app.db.select().from(deliveryOptions)).length;
    const res = await create({ ...pickup, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(words);
    expect((await t.app.db.select().from(deliveryOptions)).length).toBe(before);
  });

  it('refuses an empty body with a JSON content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/delivery-options',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps each town once however it was typed, and records the addition in the audit trail', async () => {
    const res = await create({ ...pickup, towns: ['Choma', ' choma ', 'CHOMA', 'Kalomo  Town', 'kalomo town'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().towns).toEqual(['Choma', 'Kalomo Town']);
    const lines = await t.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, res.json()._id));
    expect(lines.map((l) => l.summary)).toEqual([
      expect.stringMatching(/^Delivery option Choma market pickup added: fee K\s?20\.00, free above K\s?200\.00$/),
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await replace('00000000-0000-4000-8000-000000000000', pickup)).statusCode).toBe(404);
    expect((await replace('not-an-id', pickup)).statusCode).toBe(404);
  });
});

describe('what checkout offers, and what an order may choose', () => {
  let pickupId: string;
  let busId: string;
  let lusakaId: string;
  beforeAll(async () => {
    pickupId = (await create({ ...pickup, name: 'Choma pickup' })).json()._id;
    // Overlapping towns: the bus parcel serves the whole province, Choma too; both are offered.
    busId = (await create({ ...pickup, name: 'Bus parcel', kind: 'bus', towns: [], fee: 40, freeAbove: null })).json()
      ._id;
    lusakaId = (await create({ ...pickup, name: 'Lusaka door', kind: 'door', provinces: ['Lusaka'], towns: [] })).json()
      ._id;
  });

  it('offers only the options that serve the town, cheapest first for the cart, towns in any case', async () => {
    const names = async (query: string) =>
      ((await offered(query)).json().options as { name: string }[]).map((o) => o.name);
    expect(await names('province=Southern&town=%20choma%20')).toEqual([
      'Choma market pickup',
      'Choma pickup',
      'Bus parcel',
      'Standard delivery',
    ]);
    expect(await names('province=Southern&town=Monze')).toEqual(['Bus parcel', 'Standard delivery']);
    // Above K500 the standard delivery is free and comes first; the bus parcel is never free.
    expect((await names('province=Southern&town=Monze&subtotal=600'))[0]).toBe('Standard delivery');
    expect(await names('province=Lusaka&town=Lusaka')).toEqual(['Lusaka door', 'Standard delivery']);
  });

  it('refuses a query without a province or with a NUL', async () => {
    expect((await offered('town=Choma')).statusCode).toBe(400);
    expect((await offered('province=Southern%00&town=Choma')).statusCode).toBe(400);
  });

  it("prices the order by the chosen option's rule and keeps a snapshot of it", async () => {
    const oil = await insertProduct(t, { price: 150 });
    const rule = { feeNgwee: 2000, freeAboveNgwee: 20000 };
    const cheap = await placeOrder(bodyFor(oil, 1, rule, { deliveryOption: pickupId }));
    expect(cheap.statusCode).toBe(201);
    expect(cheap.json()).toMatchObject({
      shippingAmount: 20,
      totalAmount: 194,
      delivery: {
        option: pickupId,
        name: 'Choma pickup',
        kind: 'pickup',
        estimate: '1-2 days',
        openingHours: 'Mon-Sat 08:00-17:00',
        directions: 'Stall 14, behind the bus station',
      },
    });
    // K300 is strictly above the K200 free-above: no fee.
    const free = await placeOrder(bodyFor(oil, 2, rule, { deliveryOption: pickupId }));
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ shippingAmount: 0, totalAmount: 348 });
  });

  it("answers 409 naming the shipping when the client priced another option's fee", async () => {
    const oil = await insertProduct(t, { price: 150, countInStock: 3 });
    // The client still shows the standard K75, but chose the bus parcel (K40).
    const res = await placeOrder(bodyFor(oil, 1, { feeNgwee: 7500, freeAboveNgwee: 50000 }, { deliveryOption: busId }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/shipping for this order is K\s?40\.00, not K\s?75\.00/);
    expect(res.json()).toMatchObject({ differs: ['shipping', 'total'], shippingAmount: 40 });
  });

  it('refuses an option that does not serve the address, is off, or does not exist, with a 400', async () => {
    const oil = await insertProduct(t, { price: 150 });
    const rule = { feeNgwee: 2000, freeAboveNgwee: 20000 };
    const elsewhere = await placeOrder(bodyFor(oil, 1, rule, { deliveryOption: lusakaId }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(
      'Lusaka door does not deliver to Choma, Southern. Please choose another delivery option.',
    );

    const off = await replace(pickupId, { ...pickup, name: 'Choma pickup', active: false });
    expect(off.statusCode).toBe(200);
    const whenOff = await placeOrder(bodyFor(oil, 1, rule, { deliveryOption: pickupId }));
    expect(whenOff.statusCode).toBe(400);
    expect(whenOff.json().message).toBe('Choma pickup is no longer offered. Please choose another delivery option.');
    expect(
      ((await offered('province=Southern&town=Choma')).json().options as { _id: string }[]).map((o) => o._id),
    ).not.toContain(pickupId);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'nonsense', 'x'.repeat(64)]) {
      const unknown = await placeOrder(bodyFor(oil, 1, rule, { deliveryOption: id }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('That delivery option is no longer offered. Please choose another.');
    }
    const [stock] = await t.app.db.select().from(deliveryOptions).where(eq(deliveryOptions.id, pickupId));
    expect(stock.active).toBe(false);
  });

  it('an edit is in the audit trail with the fee said with its values', async () => {
    const res = await replace(busId, {
      ...pickup,
      name: 'Bus parcel',
      kind: 'bus',
      towns: [],
      fee: 45,
      freeAbove: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fee: 45, freeAbove: null, towns: [] });
    const [line] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'delivery.updated'))
      .orderBy(auditEvents.at);
    expect(line).toBeDefined();
    const all = await t.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, busId));
    expect(all.map((l) => l.summary)).toContainEqual(expect.stringMatching(/fee K\s?40\.00 → K\s?45\.00/));
    expect(toNgwee(res.json().fee)).toBe(4500);
  });

  it('lists every option, off ones too, for the admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/delivery-options/all', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json().options as { name: string; active: boolean }[];
    expect(list.find((o) => o.name === 'Choma pickup')?.active).toBe(false);
    expect(list.map((o) => o.name)).toContain('Standard delivery');
  });
});
