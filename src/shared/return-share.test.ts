import { describe, expect, it } from 'vitest';
import { computeTotals } from './money';
import { saleLines } from './fiscal-invoice';
import {
  exchangeDifferenceNgwee,
  lineCharges,
  replacementFigures,
  replacementTotalNgwee,
  returnShare,
  unitsShare,
  type ShareOrderFigures,
} from './return-share';

/** An order as the server stores it: its figures from the one money module. */
function orderOf(
  lines: { price: number; qty: number }[],
  discountNgwee = 0,
): ShareOrderFigures & { totalNgwee: number } {
  const priced = lines.map((l) => ({ unitPriceNgwee: l.price, quantity: l.qty }));
  const totals = computeTotals(priced, { discount: { amountNgwee: discountNgwee, freeDelivery: false } });
  return {
    lines: lines.map((l, i) => ({ id: `line-${i}`, unitPriceNgwee: l.price, quantity: l.qty })),
    discountNgwee: totals.discountNgwee,
    taxNgwee: totals.taxNgwee,
    shippingNgwee: totals.shippingNgwee,
    totalNgwee: totals.totalNgwee,
  };
}

describe('a return share', () => {
  it('is the line less its part of the discount, with its VAT', () => {
    // K100 x2 and K50 x1, K25 off: the discount shared 20:5 by value, VAT 16% of what is left.
    const order = orderOf(
      [
        { price: 10_000, qty: 2 },
        { price: 5_000, qty: 1 },
      ],
      2_500,
    );
    expect(lineCharges(order)).toEqual([20_880, 5_220]);
    const share = returnShare({
      order,
      lines: [{ orderItemId: 'line-0', qty: 1 }],
      earlier: {},
      shopsFault: false,
      collectedNgwee: order.totalNgwee,
      refundedOrPendingNgwee: 0,
    });
    expect(share.lines).toEqual([{ orderItemId: 'line-0', shareNgwee: 10_440 }]);
    expect(share.amountNgwee).toBe(10_440);
    expect(share.deliveryNgwee).toBe(0);
  });

  it('matches the fiscal invoice line by line', () => {
    const order = orderOf(
      [
        { price: 3_333, qty: 3 },
        { price: 1_999, qty: 7 },
        { price: 12_345, qty: 1 },
      ],
      1_777,
    );
    const fiscal = saleLines(
      {
        ...order,
        lines: order.lines.map((l) => ({ ...l, productId: l.id, name: l.id })),
        itemsNgwee: 0,
        deliveryName: null,
      },
      'D',
    ).filter((l) => !l.delivery);
    expect(lineCharges(order)).toEqual(fiscal.map((l) => l.totalNgwee));
  });

  it('gives delivery back only when the whole order comes back for the shop', () => {
    const order = orderOf([{ price: 10_000, qty: 2 }]);
    expect(order.shippingNgwee).toBe(7_500);
    const all = (shopsFault: boolean) =>
      returnShare({
        order,
        lines: [{ orderItemId: 'line-0', qty: 2 }],
        earlier: {},
        shopsFault,
        collectedNgwee: order.totalNgwee,
        refundedOrPendingNgwee: 0,
      });
    expect(all(true).amountNgwee).toBe(order.totalNgwee);
    expect(all(false).amountNgwee).toBe(order.totalNgwee - 7_500);
    const lastUnit = returnShare({
      order,
      lines: [{ orderItemId: 'line-0', qty: 1 }],
      earlier: { 'line-0': 1 },
      shopsFault: true,
      collectedNgwee: order.totalNgwee,
      refundedOrPendingNgwee: 0,
    });
    expect(lastUnit.deliveryNgwee).toBe(7_500);
  });

  it('is never more than collected less refunded and in flight', () => {
    const order = orderOf([{ price: 10_000, qty: 2 }]);
    const share = returnShare({
      order,
      lines: [{ orderItemId: 'line-0', qty: 2 }],
      earlier: {},
      shopsFault: false,
      collectedNgwee: order.totalNgwee,
      refundedOrPendingNgwee: order.totalNgwee - 5_000,
    });
    expect(share.worthNgwee).toBe(23_200);
    expect(share.amountNgwee).toBe(5_000);
    const unpaid = returnShare({
      order,
      lines: [{ orderItemId: 'line-0', qty: 1 }],
      earlier: {},
      shopsFault: false,
      collectedNgwee: 0,
      refundedOrPendingNgwee: 0,
    });
    expect(unpaid.amountNgwee).toBe(0);
  });

  it('shares a line of odd ngwee so its units add up exactly', () => {
    expect([0, 1, 2].map((before) => unitsShare(100, 3, before, 1))).toEqual([33, 33, 34]);
    expect(unitsShare(100, 3, 0, 3)).toBe(100);
  });

  it('stores a replacement whose total is the balance, its figures never negative', () => {
    for (const [price, qty, credit] of [
      [10_000, 1, 5_000],
      [10_000, 2, 11_599],
      [999, 3, 3_476],
      [10_000, 1, 11_600],
      [10_000, 1, 20_000],
      [1, 1, 1],
    ]) {
      const { differenceNgwee, figures } = replacementFigures([{ unitPriceNgwee: price, quantity: qty }], credit);
      expect(differenceNgwee).toBe(replacementTotalNgwee([{ unitPriceNgwee: price, quantity: qty }]) - credit);
      expect(figures.totalNgwee).toBe(Math.max(0, differenceNgwee));
      expect(figures.itemsNgwee - figures.discountNgwee + figures.taxNgwee).toBe(figures.totalNgwee);
      expect(figures.discountNgwee).toBeGreaterThanOrEqual(0);
      expect(figures.discountNgwee).toBeLessThanOrEqual(figures.itemsNgwee);
      expect(figures.taxNgwee).toBeGreaterThanOrEqual(0);
    }
  });

  it('prices an exchange at today with VAT and says the difference both ways', () => {
    expect(replacementTotalNgwee([{ unitPriceNgwee: 10_000, quantity: 1 }])).toBe(11_600);
    expect(exchangeDifferenceNgwee(11_600, 10_000)).toBe(1_600);
    expect(exchangeDifferenceNgwee(5_000, 10_000)).toBe(-5_000);
  });
});

/** A small seeded generator, so a failure is the same failure next time. */
function random(seed: number) {
  let s = seed >>> 0;
  return (max: number) => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s % max;
  };
}

describe('returns over many random orders', () => {
  it('never sum to more than collected, and a whole return for the shop sums exactly to it', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed);
      const lines = Array.from({ length: 1 + next(5) }, () => ({ price: 1 + next(50_000), qty: 1 + next(6) }));
      const items = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
      const order = orderOf(lines, next(3) === 0 ? 0 : next(items + 1));
      const shopsFault = next(2) === 0;
      // Units come back in random returns of random sizes until every unit is back.
      const left = order.lines.map((l) => l.quantity);
      const before = order.lines.map(() => 0);
      let refunded = 0;
      while (left.some((n) => n > 0)) {
        const asked = order.lines
          .map((l, i) => ({ orderItemId: l.id, i, qty: left[i] === 0 ? 0 : next(left[i] + 1) }))
          .filter((l) => l.qty > 0);
        if (asked.length === 0) continue;
        const share = returnShare({
          order,
          lines: asked.map((a) => ({ orderItemId: a.orderItemId, qty: a.qty })),
          earlier: Object.fromEntries(order.lines.map((l, i) => [l.id, before[i]])),
          shopsFault,
          collectedNgwee: order.totalNgwee,
          refundedOrPendingNgwee: refunded,
        });
        expect(share.amountNgwee).toBeGreaterThanOrEqual(0);
        refunded += share.amountNgwee;
        expect(refunded).toBeLessThanOrEqual(order.totalNgwee);
        for (const a of asked) {
          left[a.i] -= a.qty;
          before[a.i] += a.qty;
        }
      }
      expect(refunded).toBe(shopsFault ? order.totalNgwee : order.totalNgwee - order.shippingNgwee);
    }
  });
});
