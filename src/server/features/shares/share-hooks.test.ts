import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRuns, payouts, products, refunds, shareEntries } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';
import { updateShopSettings } from '../settings';
import { memberBalances, orderShares, shareEntriesOfMember } from './balances';
import { syncOrderShares } from './order-shares';
import { entriesOf, insertMember, setMakers } from './test/fixtures';
import { shopRoutes, type ShopOption, type ShopProduct } from './test/shares-shop';

/**
 * When the shares ledger writes (docs/decisions/063-member-shares.md), through the shop's own routes: credits
 * once an order is paid and handed over, refunds' debits, and nothing more when events repeat or rules change.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let chanda: { id: string };
let bupe: { id: string };
let butter: ShopProduct;
let door: ShopOption;
let pickupPaysThere: ShopOption;
const shop = shopRoutes(() => t);

beforeAll(async () => {
  t = await createTestApp({ refundApproval: { kind: 'off' } });
  admin = await createUser(t, { isAdmin: true, name: 'Mutinta Admin' });
  customer = await createUser(t, { name: 'Natasha Customer' });
  chanda = await insertMember(t, 'Chanda');
  bupe = await insertMember(t, 'Bupe');
  // K100 a jar; makers at the shop's 70%: Chanda 1 part, Bupe 3.
  butter = await insertProduct(t, { name: 'Mukwa shea butter', price: 100 });
  await setMakers(t, butter.id, [
    { memberId: chanda.id, parts: 1 },
    { memberId: bupe.id, parts: 3 },
  ]);
  door = await shop.makeOption(admin, { name: 'Lusaka door', kind: 'door', fee: 75, freeAbove: 500 });
  pickupPaysThere = await shop.makeOption(admin, {
    name: 'Kabulonga market stall',
    kind: 'pickup',
    fee: 15,
    payOnCollection: true,
  });
}, 60_000);
afterAll(() => t?.close());

const place = (lines: { product: ShopProduct; quantity: number }[]) => shop.place(customer, lines, { option: door });
/** Two jars delivered to the door: items K200, VAT K32, delivery K75, total K307; K275 shared. */
const twoJars = () => place([{ product: butter, quantity: 2 }]);
const SHARED = 27_500;
const TWO_JAR_CREDITS = [
  ['sale', 'chanda', 3_500],
  ['sale', 'bupe', 10_500],
  ['sale', 'fund', 6_000],
  ['delivery', 'fund', 7_500],
];

async function sharesOf(orderId: string) {
  const entries = await entriesOf(t, orderId);
  const who = (memberId: string | null) =>
    memberId === chanda.id ? 'chanda' : memberId === bupe.id ? 'bupe' : memberId === null ? 'fund' : memberId;
  return {
    entries,
    credits: entries
      .filter((e) => e.kind !== 'refund')
      .map((e) => [e.kind, who(e.memberId), e.amountNgwee])
      .sort((a, b) => String(a).localeCompare(String(b))),
    total: entries.reduce((sum, e) => sum + e.amountNgwee, 0),
    /** What each share (line and party, or delivery) holds now. */
    held: entries.reduce((held, e) => {
      const share = `${e.orderItemId ?? 'delivery'}:${who(e.memberId)}`;
      held.set(share, (held.get(share) ?? 0) + e.amountNgwee);
      return held;
    }, new Map<string, number>()),
  };
}
const sorted = (credits: (string | number)[][]) => [...credits].sort((a, b) => String(a).localeCompare(String(b)));

/** sharedMoneyRefunded worked out here again: the refunded amount's part that is not VAT, half up. */
const netPart = (refundedNgwee: number, totalNgwee: number, taxNgwee: number) =>
  Math.floor((refundedNgwee * (totalNgwee - taxNgwee) * 2 + totalNgwee) / (totalNgwee * 2));

describe('credits', () => {
  it('are written when a paid order is delivered, not when it is only paid', async () => {
    const order = await twoJars();
    expect(order.totalAmount).toBe(307);
    await shop.payByHand(admin, order._id);
    expect((await sharesOf(order._id)).entries).toEqual([]);
    await shop.deliver(admin, order._id);
    const shares = await sharesOf(order._id);
    expect(shares.credits).toEqual(sorted(TWO_JAR_CREDITS));
    expect(shares.total).toBe(SHARED);
    const line = shares.entries.find((e) => e.memberId === bupe.id)!;
    expect(line).toMatchObject({
      key: `sale:${line.orderItemId}:${bupe.id}`,
      productName: 'Mukwa shea butter',
      quantity: 2,
    });
  });

  it('are written when a delivered order is paid', async () => {
    const order = await twoJars();
    await shop.deliver(admin, order._id);
    expect((await sharesOf(order._id)).entries).toEqual([]);
    await shop.payByHand(admin, order._id);
    expect((await sharesOf(order._id)).credits).toEqual(sorted(TWO_JAR_CREDITS));
  });

  it('are written when a pay-on-collection order is collected and paid to the keeper in one change', async () => {
    const order = await shop.place(customer, [{ product: butter, quantity: 1 }], {
      option: pickupPaysThere,
      paymentMethod: 'collection',
    });
    // K100 + K16 VAT + K15 at the stall: K115 shared.
    expect(order.totalAmount).toBe(131);
    const collected = await shop.keeperCollects(order._id, order.collection!.code!, 'cash');
    expect(collected).toMatchObject({ paid: true, collected: true, status: 'Delivered' });
    expect((await sharesOf(order._id)).credits).toEqual(
      sorted([
        ['sale', 'chanda', 1_750],
        ['sale', 'bupe', 5_250],
        ['sale', 'fund', 3_000],
        ['delivery', 'fund', 1_500],
      ]),
    );
  });

  it('are not written for an unpaid order handed over, a paid one not handed over, or a cancelled one', async () => {
    const unpaidDelivered = await twoJars();
    await shop.deliver(admin, unpaidDelivered._id);
    const paidShipped = await twoJars();
    await shop.payByHand(admin, paidShipped._id);
    await shop.setStatus(admin, paidShipped._id, 'Shipped');
    const paidCancelled = await twoJars();
    await shop.payByHand(admin, paidCancelled._id);
    await shop.setStatus(admin, paidCancelled._id, 'Cancelled');
    const unpaidCancelled = await twoJars();
    await shop.setStatus(admin, unpaidCancelled._id, 'Cancelled');
    for (const order of [unpaidDelivered, paidShipped, paidCancelled, unpaidCancelled])
      expect((await sharesOf(order._id)).entries).toEqual([]);
  });

  it("give a line all to the fund when its product has no makers, or is gone; a product's own percent wins", async () => {
    const plain = await insertProduct(t, { name: 'Baobab oil', price: 50 });
    const doomed = await insertProduct(t, { name: 'Gift set', price: 40 });
    await setMakers(t, doomed.id, [{ memberId: chanda.id, parts: 1 }]);
    const own = await insertProduct(t, { name: 'Honey', price: 10 });
    await setMakers(t, own.id, [{ memberId: chanda.id, parts: 1 }], 90);
    const order = await place([
      { product: plain, quantity: 1 },
      { product: doomed, quantity: 1 },
      { product: own, quantity: 1 },
    ]);
    await shop.payByHand(admin, order._id);
    await t.app.db.delete(products).where(eq(products.id, doomed.id));
    await shop.deliver(admin, order._id);
    const { entries } = await sharesOf(order._id);
    const byName = (name: string) =>
      entries
        .filter((e) => e.productName === name)
        .map((e) => [e.memberId === null ? 'fund' : 'chanda', e.amountNgwee]);
    expect(byName('Baobab oil')).toEqual([['fund', 5_000]]);
    expect(byName('Gift set')).toEqual([['fund', 4_000]]);
    expect(byName('Honey').sort()).toEqual([
      ['chanda', 900],
      ['fund', 100],
    ]);
  });
});

describe('refunds', () => {
  it('before handover are taken back when the order is credited', async () => {
    const order = await twoJars();
    await shop.payByHand(admin, order._id);
    await shop.askRefund(admin, order._id, 5_000);
    expect((await sharesOf(order._id)).entries).toEqual([]);
    await shop.deliver(admin, order._id);
    const shares = await sharesOf(order._id);
    expect(shares.credits).toEqual(sorted(TWO_JAR_CREDITS));
    expect(shares.total).toBe(SHARED - netPart(5_000, 30_700, 3_200));
  });

  it('after handover take back their net part from every share in proportion; the whole refunded leaves each at 0', async () => {
    const order = await twoJars();
    await shop.payByHand(admin, order._id);
    await shop.deliver(admin, order._id);
    const before = (await sharesOf(order._id)).held;
    const refund = await shop.askRefund(admin, order._id, 10_000);
    const after = await sharesOf(order._id);
    const taken = netPart(10_000, 30_700, 3_200);
    expect(after.total).toBe(SHARED - taken);
    const debits = after.entries.filter((e) => e.kind === 'refund');
    expect(debits).toHaveLength(4);
    for (const debit of debits) expect(debit).toMatchObject({ refundId: refund._id, quantity: 0, payoutId: null });
    for (const [share, held] of before) {
      const debit = held - after.held.get(share)!;
      expect(Math.abs(debit - (held * taken) / SHARED)).toBeLessThan(1);
    }

    await shop.askRefund(admin, order._id, 30_700 - 10_000);
    const end = await sharesOf(order._id);
    expect(end.total).toBe(0);
    expect([...end.held.values()]).toEqual([0, 0, 0, 0]);
    expect((await orderShares(t.app.db, order._id)).totalNgwee).toBe(0);
  });

  it('add up to the rule whatever order they ended in (a refund seen after one that ended later)', async () => {
    const order = await twoJars();
    await shop.payByHand(admin, order._id);
    await shop.deliver(admin, order._id);
    const first = await shop.askRefund(admin, order._id, 3);
    // Another refund of 3 ngwee whose transaction began first and committed second, as two admins can on PostgreSQL.
    await t.app.db.transaction(async (tx) => {
      await tx.insert(refunds).values({
        orderId: order._id,
        route: 'by-hand',
        reference: randomUUID(),
        amountNgwee: 3,
        currency: 'ZMW',
        reason: 'Lid missing',
        state: 'successful',
        requestedByName: 'Mutinta Admin',
        endedAt: new Date(Date.parse(first.endedAt!) - 60_000),
      });
      await syncOrderShares(tx, order._id);
    });
    // 3 + 3 ngwee refunded take back 5 of the shared money (6 x 275/307, rounded), not 3 + 3.
    expect((await sharesOf(order._id)).total).toBe(SHARED - netPart(6, 30_700, 3_200));
    expect(netPart(6, 30_700, 3_200)).toBe(5);
    await shop.askRefund(admin, order._id, 30_700 - 6);
    expect([...(await sharesOf(order._id)).held.values()]).toEqual([0, 0, 0, 0]);
  });

  it('after a payout land as her unpaid negative entry, carried into her next payout', async () => {
    const order = await twoJars();
    await shop.payByHand(admin, order._id);
    await shop.deliver(admin, order._id);
    // Chanda's entries so far were paid out (the payouts feature's rows, written here by hand).
    const [run] = await t.app.db
      .insert(payoutRuns)
      .values({ period: '2026-11', trigger: 'admin', state: 'approved' })
      .returning();
    const owedBefore = (await memberBalances(t.app.db)).find((b) => b.memberId === chanda.id)!.owedNgwee;
    const [payout] = await t.app.db
      .insert(payouts)
      .values({
        runId: run.id,
        memberId: chanda.id,
        mobile: '+260961234567',
        network: 'mtn',
        route: 'by-hand',
        reference: randomUUID(),
        amountNgwee: owedBefore,
        currency: 'ZMW',
        state: 'successful',
      })
      .returning();
    await t.app.db.update(shareEntries).set({ payoutId: payout.id }).where(eq(shareEntries.memberId, chanda.id));
    expect((await memberBalances(t.app.db)).find((b) => b.memberId === chanda.id)).toBeUndefined();

    await shop.askRefund(admin, order._id, 30_700);
    const debit = (await sharesOf(order._id)).entries.find((e) => e.kind === 'refund' && e.memberId === chanda.id)!;
    expect(debit).toMatchObject({ amountNgwee: -3_500, payoutId: null });
    expect((await memberBalances(t.app.db)).find((b) => b.memberId === chanda.id)).toEqual({
      memberId: chanda.id,
      owedNgwee: -3_500,
      entries: 1,
    });
  });
});

describe('repeats and rule changes', () => {
  it('add nothing: events raised again, a reopened order delivered again, the sync run again, a new rule', async () => {
    const order = await twoJars();
    await shop.payByHand(admin, order._id);
    await shop.deliver(admin, order._id);
    await shop.askRefund(admin, order._id, 4_321);
    const written = (await sharesOf(order._id)).entries.map((e) => e.id).sort();
    expect(written).toHaveLength(8);

    await updateShopSettings(t.app.db, { makersPercent: 20 });
    await setMakers(t, butter.id, [{ memberId: chanda.id, parts: 1 }], 95);
    try {
      await shop.setStatus(admin, order._id, 'Processing');
      await shop.deliver(admin, order._id);
      const json = await shop.deliver(admin, order._id);
      await t.app.orderEvents.transaction(t.app.db, async (tx, raise) => {
        await raise('order.paid', { order: json });
        await raise('order.status-changed', { order: json, from: 'Processing' });
        await raise('order.refunded', {
          order: json,
          refund: {
            refundId: randomUUID(),
            amountNgwee: 1,
            route: 'by-hand',
            phone: null,
            refundedNgwee: json.refundedNgwee,
            status: json.refundStatus,
          },
        });
        await syncOrderShares(tx, order._id);
        await syncOrderShares(tx, order._id);
      });
      expect((await sharesOf(order._id)).entries.map((e) => e.id).sort()).toEqual(written);

      // The new rule is for orders handed over after it: Chanda alone at 95%.
      const later = await twoJars();
      await shop.payByHand(admin, later._id);
      await shop.deliver(admin, later._id);
      expect((await sharesOf(later._id)).credits).toEqual(
        sorted([
          ['sale', 'chanda', 19_000],
          ['sale', 'fund', 1_000],
          ['delivery', 'fund', 7_500],
        ]),
      );
    } finally {
      await updateShopSettings(t.app.db, { makersPercent: 70 });
      await setMakers(
        t,
        butter.id,
        [
          { memberId: chanda.id, parts: 1 },
          { memberId: bupe.id, parts: 3 },
        ],
        null,
      );
    }
  });

  it('an order reopened from Delivered keeps its credits; money goes back only through refunds', async () => {
    const order = await twoJars();
    await shop.payByHand(admin, order._id);
    await shop.deliver(admin, order._id);
    await shop.setStatus(admin, order._id, 'Processing');
    await shop.setStatus(admin, order._id, 'Cancelled');
    expect((await sharesOf(order._id)).total).toBe(SHARED);
    await shop.askRefund(admin, order._id, 30_700);
    expect((await sharesOf(order._id)).total).toBe(0);
  });
});

describe('what other features read', () => {
  it("a member's entries newest first, up to a limit; an order's shares by party, the fund last", async () => {
    const member = await insertMember(t, 'Mwila');
    const soap = await insertProduct(t, { name: 'Moringa soap', price: 20 });
    await setMakers(t, soap.id, [{ memberId: member.id, parts: 1 }], 50);
    const first = await place([{ product: soap, quantity: 1 }]);
    const second = await place([{ product: soap, quantity: 3 }]);
    for (const order of [first, second]) {
      await shop.payByHand(admin, order._id);
      await shop.deliver(admin, order._id);
    }
    const entries = await shareEntriesOfMember(t.app.db, member.id, { limit: 1 });
    expect(entries).toEqual([
      expect.objectContaining({ orderId: second._id, kind: 'sale', quantity: 3, amountNgwee: 3_000, payoutId: null }),
    ]);
    expect(await shareEntriesOfMember(t.app.db, member.id)).toHaveLength(2);
    expect(await shareEntriesOfMember(t.app.db, 'not-an-id')).toEqual([]);
    expect((await memberBalances(t.app.db)).find((b) => b.memberId === member.id)).toEqual({
      memberId: member.id,
      owedNgwee: 4_000,
      entries: 2,
    });
    const shares = await orderShares(t.app.db, second._id);
    expect(shares.parties).toEqual([
      { memberId: member.id, memberName: expect.stringMatching(/^Mwila/), amountNgwee: 3_000 },
      { memberId: null, memberName: null, amountNgwee: 3_000 + 7_500 },
    ]);
    expect(shares.totalNgwee).toBe(13_500);
    expect(await orderShares(t.app.db, 'nope')).toEqual({ entries: [], parties: [], totalNgwee: 0 });
  });
});
