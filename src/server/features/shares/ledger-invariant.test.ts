import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { freePort } from '../../../../scripts/local-server';
import { orders, paymentAttempts, products, refunds, shareEntries } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { insertCustomers } from '../orders/test/fixtures';
import { insertProducts } from '../products/test/fixtures';
import { simulatorProviders } from '../payments/test/simulator-providers';
import { syncOrderShares } from './order-shares';
import { insertMember, setMakers } from './test/fixtures';
import { shopRoutes, type ShopCode, type ShopOption, type ShopProduct } from './test/shares-shop';

/**
 * The ledger's invariant (issue 40, docs/decisions/063-member-shares.md): over many random orders driven
 * through the shop's own routes (placed with codes and delivery options, paid by hand, through the MTN and
 * Airtel simulators, twice, or to the pickup keeper, delivered or collected, reopened, cancelled, refunded in parts
 * before and after handover, by hand and through MTN), every ngwee collected net of VAT and refunds of an
 * order paid and handed over is in exactly one share, and nothing else is. The expected figures are worked
 * out here from what the test did, not read from the ledger's rule. SHARES_SEED replays a run.
 */

const SEED = Number(process.env.SHARES_SEED ?? 40_2026);
const ORDERS = 48;
const PHONES = { mtn: '+260961234567', airtel: '+260971234567' } as const;
/** Refunds above K200 need a second admin (REFUND_APPROVAL=200), so both ways a refund ends are run. */
const APPROVAL_ABOVE_NGWEE = 20_000;

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffled = <T>(list: readonly T[]) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return {
    next,
    int,
    shuffled,
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]) => list[int(0, list.length - 1)],
  };
}
const rng = generator(SEED);

/** What the test knows of an order from driving it, to check the ledger against. */
interface Model {
  id: string;
  totalNgwee: number;
  taxNgwee: number;
  shippingNgwee: number;
  /** Order line → product, as placed. */
  productOf: Map<string, string>;
  collectedNgwee: number;
  refundedNgwee: number;
  /** Seen paid and Delivered at some point (credits are earned once, and kept when it is reopened). */
  earned: boolean;
  /** The provider's collection, what it took and what went back through it. */
  attempt: { id: string; provider: 'mtn' | 'airtel'; amountNgwee: number; refundedNgwee: number } | null;
}

let t: TestApp;
let simulator: RunningSimulators;
let maker: Awaited<ReturnType<typeof createUser>>;
let checker: Awaited<ReturnType<typeof createUser>>;
let customers: Awaited<ReturnType<typeof insertCustomers>>;
let memberIds: string[];
let catalogue: ShopProduct[];
const makersOf = new Map<string, Set<string>>();
const options = {} as Record<'door' | 'pickup' | 'paysThere', ShopOption>;
let codes: ShopCode[];
const shop = shopRoutes(() => t);

beforeAll(async () => {
  simulator = await startSimulators();
  const port = await freePort();
  const callbackBase = `http://127.0.0.1:${port}/api/payments/callback`;
  t = await createTestApp({
    paymentProviders: simulatorProviders(simulator.url, callbackBase),
    refundApproval: { kind: 'above', aboveNgwee: APPROVAL_ABOVE_NGWEE },
    paymentTiming: {
      firstPollMs: 100,
      maxPollMs: 200,
      tickMs: 50,
      leaseMs: 5_000,
      callbackGapMs: 200,
      latePollMaxMs: 300,
    },
  });
  simulator.settle.airtelCallbackUrl = `${callbackBase}/airtel`;
  await t.app.listen({ host: '127.0.0.1', port });
  maker = await createUser(t, { isAdmin: true, name: 'Mutale Maker' });
  checker = await createUser(t, { isAdmin: true, name: 'Chanda Checker' });
  customers = await insertCustomers(t, 6);

  memberIds = [];
  for (let i = 0; i < 6; i++) memberIds.push((await insertMember(t, 'Member')).id);
  // Prices with odd ngwee, two categories; makers 0-3 with 1-7 parts; the product's own percent or the shop's.
  const rows = await insertProducts(
    t,
    Array.from({ length: 10 }, (_, i) => ({
      name: `Product ${i}`,
      priceNgwee: rng.pick([rng.int(1, 999), rng.int(1_000, 30_000), rng.int(30_001, 120_000)]),
      category: i % 3 === 0 ? 'oil' : 'butter',
      countInStock: 100_000,
    })),
  );
  catalogue = rows.map((row) => ({ id: row.id, priceNgwee: row.priceNgwee, category: row.category }));
  for (const product of catalogue) {
    const chosen = rng.shuffled(memberIds).slice(0, rng.int(0, 3));
    const percent = rng.chance(0.5) ? null : rng.pick([0, 100, rng.int(1, 99)]);
    await setMakers(
      t,
      product.id,
      chosen.map((memberId) => ({ memberId, parts: rng.int(1, 7) })),
      percent,
    );
    makersOf.set(product.id, new Set(chosen));
  }
  await saveMakersPercent(rng.int(50, 85));

  options.door = await shop.makeOption(maker, { name: 'Door', kind: 'door', fee: 25.37, freeAbove: 400 });
  options.pickup = await shop.makeOption(maker, { name: 'Market stall', kind: 'pickup', fee: 12.5 });
  options.paysThere = await shop.makeOption(maker, {
    name: 'Church hall',
    kind: 'pickup',
    fee: 9.99,
    payOnCollection: true,
  });
  const oil = catalogue.find((p) => p.category === 'oil')!;
  const none = { productIds: [], categories: [] };
  codes = [
    await shop.makeCode(maker, 'TENOFF', { kind: 'percent', value: 10, minSubtotalNgwee: 0 }, none),
    await shop.makeCode(maker, 'MINUS1337', { kind: 'fixed', value: 1_337, minSubtotalNgwee: 0 }, none),
    await shop.makeCode(
      maker,
      'OIL33',
      { kind: 'percent', value: 33, minSubtotalNgwee: 0 },
      { productIds: [], categories: ['oil'] },
    ),
    await shop.makeCode(maker, 'FREEDEL', { kind: 'freeDelivery', value: 0, minSubtotalNgwee: 0 }, none),
    await shop.makeCode(
      maker,
      'ONEFREE',
      { kind: 'percent', value: 100, minSubtotalNgwee: 0 },
      { productIds: [oil.id], categories: [] },
    ),
  ];
}, 60_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

async function saveMakersPercent(makersPercent: number) {
  const res = await shop.inject('PUT', '/api/settings', maker, { makersPercent });
  expect(res.statusCode, res.body).toBe(200);
}

const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0];

/** After each step: credits are earned the first time the order is paid and Delivered at once. */
async function look(model: Model) {
  const row = await orderRow(model.id);
  if (row.isPaid && row.status === 'Delivered') model.earned = true;
}

async function payByHand(model: Model) {
  await shop.payByHand(maker, model.id);
  model.collectedNgwee += model.totalNgwee;
}

/** The customer starts paying from her phone (her prompt waits at the simulator's provider). */
async function startPayment(model: Model, provider: 'mtn' | 'airtel', customer: (typeof customers)[number]) {
  const started = await shop.inject('POST', `/api/orders/${model.id}/payments`, customer, { phone: PHONES[provider] });
  expect(started.statusCode, started.body).toBe(201);
  const { reference } = started.json() as { reference: string };
  await until('the collection to reach the provider', async () => simulator.state.payments.has(reference), Boolean);
  return reference;
}

/** She approves the prompt; the shop reads the collection (callback or poll), paying the order or, if it was paid, flagging it. */
async function approvePayment(model: Model, provider: 'mtn' | 'airtel', reference: string) {
  const approved = await simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` });
  expect(approved.statusCode, approved.body).toBe(200);
  const attempt = await until(
    'the collection to be recorded',
    async () => (await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0],
    (a) => a?.state === 'successful' && a.collectedAt !== null,
  );
  await until(
    'the order to be paid',
    () => orderRow(model.id),
    (row) => row.isPaid,
  );
  model.collectedNgwee += attempt.amountNgwee;
  model.attempt = { id: attempt.id, provider, amountNgwee: attempt.amountNgwee, refundedNgwee: 0 };
}

/** A refund of a random part of what is left (sometimes all of it), by hand or back through MTN. */
async function refundSome(model: Model) {
  const left = model.collectedNgwee - model.refundedNgwee;
  if (left <= 0) return;
  const throughMtn = model.attempt?.provider === 'mtn' && rng.chance(0.5);
  const most = throughMtn ? Math.min(left, model.attempt!.amountNgwee - model.attempt!.refundedNgwee) : left;
  if (most <= 0) return;
  const amount = rng.chance(0.25) ? most : rng.chance(0.2) ? rng.int(1, Math.min(most, 99)) : rng.int(1, most);
  let refund = await shop.askRefund(maker, model.id, amount, throughMtn ? model.attempt!.id : null);
  if (refund.state === 'requested') refund = await shop.approveRefund(checker, refund._id);
  if (throughMtn) {
    await until(
      'the MTN refund to reach the shopper',
      async () => (await t.app.db.select().from(refunds).where(eq(refunds.id, refund._id)))[0],
      (row) => row.state === 'successful',
    );
    model.attempt!.refundedNgwee += amount;
  } else expect(refund.state).toBe('successful');
  model.refundedNgwee += amount;
}

async function refundsBetween(model: Model, most: number) {
  for (let n = rng.int(0, most); n > 0; n--) await refundSome(model);
  await look(model);
}

/** One random order, from placing to its last refund. */
async function runOrder(index: number) {
  const customer = customers[index % customers.length];
  const lines = rng
    .shuffled(catalogue)
    .slice(0, rng.int(1, 4))
    .map((product) => ({ product, quantity: rng.pick([1, 1, 2, 3, rng.int(4, 12)]) }));
  const place = rng.pick(['door', 'door', 'pickup', 'paysThere'] as const);
  const code = rng.chance(0.5) ? rng.pick(codes) : undefined;
  const paysThere = place === 'paysThere' && rng.chance(0.7);
  const method = paysThere ? 'collection' : rng.pick(['mtn', 'airtel'] as const);
  const placed = await shop.place(customer, lines, { option: options[place], paymentMethod: method, code });
  const model: Model = {
    id: placed._id,
    totalNgwee: Math.round(placed.totalAmount * 100),
    taxNgwee: Math.round(placed.taxAmount * 100),
    shippingNgwee: Math.round(placed.shippingAmount * 100),
    productOf: new Map(placed.orderItems.map((item) => [item._id, item.product!])),
    collectedNgwee: 0,
    refundedNgwee: 0,
    earned: false,
    attempt: null,
  };
  models.push(model);

  const fate = rng.pick(['handed over', 'handed over', 'handed over', 'handed over', 'kept', 'cancelled'] as const);
  const pay = async () => {
    const way = rng.pick(['by hand', 'by hand', 'provider', 'twice'] as const);
    if (method === 'collection' || way === 'by hand') await payByHand(model);
    else if (way === 'provider') await approvePayment(model, method, await startPayment(model, method, customer));
    else {
      // Paid twice: marked paid by hand while her prompt waited, then she approves it (a second payment, owed back).
      const reference = await startPayment(model, method, customer);
      await payByHand(model);
      await approvePayment(model, method, reference);
    }
    await look(model);
  };

  if (fate === 'cancelled') {
    if (rng.chance(0.5)) {
      await pay();
      await refundsBetween(model, 1);
    }
    await shop.setStatus(maker, model.id, 'Cancelled');
    await refundsBetween(model, 2);
    return;
  }
  if (paysThere) {
    if (fate === 'kept') return;
    await shop.keeperCollects(model.id, placed.collection!.code!, rng.pick(['cash', 'mobileMoney'] as const));
    model.collectedNgwee += model.totalNgwee;
  } else if (place === 'door' && rng.chance(0.25)) {
    // Handed over first, paid after (a door delivery paid on the doorstep, marked later).
    if (fate === 'kept') await shop.setStatus(maker, model.id, 'Shipped');
    else await shop.deliver(maker, model.id);
    await look(model);
    await pay();
  } else {
    await pay();
    await refundsBetween(model, 2);
    if (fate === 'kept') await shop.setStatus(maker, model.id, 'Shipped');
    else if (place === 'door') await shop.deliver(maker, model.id);
    else if (rng.chance(0.5)) await shop.keeperCollects(model.id, placed.collection!.code!);
    else
      await shop
        .inject('POST', `/api/orders/${model.id}/collected`, maker, {})
        .then((r) => expect(r.statusCode).toBe(200));
  }
  await look(model);
  if (model.earned && rng.chance(0.15)) {
    await shop.setStatus(maker, model.id, 'Processing');
    if (rng.chance(0.5)) await shop.deliver(maker, model.id);
  }
  await refundsBetween(model, 2);
}

const models: Model[] = [];

/** round-half-up(a x b / c) in exact integers. */
function mulDivHalfUp(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const whole = product / BigInt(c);
  return Number(whole + (2n * (product % BigInt(c)) >= BigInt(c) ? 1n : 0n));
}

/**
 * What an order's shares hold, worked out from the money the test moved: nothing until it is paid and handed
 * over; then its total less VAT, less the part of its refunds that was not VAT. A refund first sends back
 * anything collected beyond the total (it was in no share), and its VAT was the state's.
 */
function expectedShares(model: Model): number {
  if (!model.earned || model.totalNgwee === 0) return 0;
  const shared = model.totalNgwee - model.taxNgwee;
  const excess = Math.max(0, model.collectedNgwee - model.totalNgwee);
  const fromSale = Math.min(model.totalNgwee, Math.max(0, model.refundedNgwee - excess));
  return shared - mulDivHalfUp(fromSale, shared, model.totalNgwee);
}

describe('the shares ledger over random orders', () => {
  it('holds every ngwee collected net of VAT and refunds in exactly one share, never below 0', async () => {
    for (let i = 0; i < ORDERS; i++) {
      if (i === Math.floor(ORDERS / 2)) {
        // Rules change half way: orders handed over before keep their credits.
        await saveMakersPercent(rng.int(0, 100));
        await t.app.db.update(products).set({ makersPercent: 55 }).where(eq(products.id, catalogue[0].id));
      }
      if (i === Math.floor((ORDERS * 3) / 4)) {
        // A product leaves the shop: its lines handed over from now on are the fund's.
        const gone = catalogue.pop()!;
        await t.app.db.delete(products).where(eq(products.id, gone.id));
      }
      await runOrder(i);
    }
    const before = await t.app.db.select().from(shareEntries);
    // Running the sync again for every order adds nothing.
    for (const model of models) await t.app.db.transaction((tx) => syncOrderShares(tx, model.id));
    const entries = await t.app.db.select().from(shareEntries);
    expect(entries.length).toBe(before.length);

    const members = new Set(memberIds);
    let expectedAll = 0;
    for (const model of models) {
      const mine = entries.filter((e) => e.orderId === model.id);
      const expected = expectedShares(model);
      expectedAll += expected;
      const context = `order ${models.indexOf(model)} (seed ${SEED}): ${JSON.stringify({ ...model, productOf: undefined })}`;
      expect(
        mine.reduce((sum, e) => sum + e.amountNgwee, 0),
        context,
      ).toBe(expected);

      const credits = mine.filter((e) => e.kind !== 'refund');
      if (model.earned)
        expect(
          credits.reduce((s, e) => s + e.amountNgwee, 0),
          context,
        ).toBe(model.totalNgwee - model.taxNgwee);
      const delivery = credits.filter((e) => e.kind === 'delivery');
      expect(
        delivery.map((e) => [e.memberId, e.amountNgwee]),
        context,
      ).toEqual(model.earned && model.shippingNgwee > 0 ? [[null, model.shippingNgwee]] : []);
      // One credit per line and party; a member's only on a line whose product she makes.
      const sales = credits.filter((e) => e.kind === 'sale');
      expect(new Set(sales.map((e) => `${e.orderItemId}:${e.memberId}`)).size, context).toBe(sales.length);
      for (const sale of sales) {
        expect(sale.key).toBe(`sale:${sale.orderItemId}:${sale.memberId ?? 'fund'}`);
        expect(model.productOf.has(sale.orderItemId!), context).toBe(true);
        if (sale.memberId !== null)
          expect(makersOf.get(model.productOf.get(sale.orderItemId!)!)?.has(sale.memberId), context).toBe(true);
      }
      // Every entry is one party's (a member of the co-op, or the fund), and no share of the order is below 0.
      const held = new Map<string, number>();
      for (const entry of mine) {
        expect(entry.memberId === null || members.has(entry.memberId), context).toBe(true);
        expect(entry.amountNgwee, context).not.toBe(0);
        const share = `${entry.orderItemId ?? 'delivery'}:${entry.memberId ?? 'fund'}`;
        held.set(share, (held.get(share) ?? 0) + entry.amountNgwee);
      }
      for (const [share, ngwee] of held) expect(ngwee, `${share} of ${context}`).toBeGreaterThanOrEqual(0);
      if (model.earned && model.refundedNgwee >= model.collectedNgwee)
        expect(
          [...held.values()].every((ngwee) => ngwee === 0),
          context,
        ).toBe(true);
    }
    const [{ total }] = await t.app.db
      .select({ total: sql<number>`coalesce(sum(${shareEntries.amountNgwee}), 0)::int` })
      .from(shareEntries);
    expect(Number(total)).toBe(expectedAll);

    // The run covered what it is meant to (a seed that skipped a path would prove less).
    const earned = models.filter((m) => m.earned);
    expect(earned.length).toBeGreaterThan(ORDERS / 3);
    expect(earned.some((m) => m.attempt?.provider === 'mtn')).toBe(true);
    expect(earned.some((m) => m.refundedNgwee > 0 && m.refundedNgwee < m.collectedNgwee)).toBe(true);
    expect(earned.some((m) => m.refundedNgwee === m.collectedNgwee && m.collectedNgwee > 0)).toBe(true);
    expect(earned.some((m) => m.collectedNgwee > m.totalNgwee && m.refundedNgwee > 0)).toBe(true);
    expect(models.some((m) => !m.earned && m.collectedNgwee > 0)).toBe(true);
  }, 120_000);
});
