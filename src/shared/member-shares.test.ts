import { describe, expect, it } from 'vitest';
import {
  orderShareCredits,
  refundShareDebits,
  shareOfKey,
  sharedMoneyRefunded,
  splitByWeights,
  takeFromShares,
  type ShareBalance,
  type ShareOrder,
} from './member-shares';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('splitByWeights', () => {
  it('adds up exactly and gives the remainder to the largest fractions', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitByWeights(10, [3, 7])).toEqual([3, 7]);
    expect(splitByWeights(5, [0, 0])).toEqual([5, 0]);
    expect(splitByWeights(5, [])).toEqual([]);
  });

  it('never gives a part above its weight when the total is within the weights', () => {
    for (let n = 0; n < 500; n++) {
      const weights = Array.from({ length: 1 + (n % 5) }, (_, i) => ((n * 7919 + i * 104729) % 997) + (i % 2));
      const total = (n * 31) % (sum(weights) + 1);
      const parts = splitByWeights(total, weights);
      expect(sum(parts)).toBe(total);
      parts.forEach((part, i) => expect(part).toBeLessThanOrEqual(weights[i]));
    }
  });
});

const order: ShareOrder = {
  id: 'o1',
  discountNgwee: 1_000,
  shippingNgwee: 7_500,
  lines: [
    {
      orderItemId: 'i1',
      productName: 'Mukwa shea butter',
      quantity: 3,
      lineNgwee: 30_000,
      makersPercent: 70,
      makers: [
        { memberId: 'm1', parts: 1 },
        { memberId: 'm2', parts: 1 },
      ],
    },
    { orderItemId: 'i2', productName: 'Baobab oil', quantity: 1, lineNgwee: 10_000, makersPercent: 70, makers: [] },
  ],
};

describe('orderShareCredits', () => {
  it('splits each line after its part of the discount, and gives delivery to the fund', () => {
    const credits = orderShareCredits(order);
    // The discount of K10 splits 750 / 250 over K300 and K100.
    expect(credits.map((c) => [c.key, c.amountNgwee])).toEqual([
      ['sale:i1:m1', 10_238],
      ['sale:i1:m2', 10_237],
      ['sale:i1:fund', 8_775],
      ['sale:i2:fund', 9_750],
      ['delivery:o1', 7_500],
    ]);
    expect(sum(credits.map((c) => c.amountNgwee))).toBe(40_000 - 1_000 + 7_500);
  });

  it('leaves shares of 0 out: a maker at 0% earns nothing, the fund everything', () => {
    const credits = orderShareCredits({ ...order, lines: [{ ...order.lines[0], makersPercent: 0 }], shippingNgwee: 0 });
    expect(credits.map((c) => c.key)).toEqual(['sale:i1:fund']);
  });
});

describe('refunds take back the net part from every share', () => {
  const money = { totalNgwee: 11_600 + 7_500, taxNgwee: 1_600, excessNgwee: 0 };

  it('takes back exactly all of it when refunds add up to the total', () => {
    const parts = [3_333, 5_000, money.totalNgwee - 8_333];
    let refunded = 0;
    let total = 0;
    for (const part of parts) {
      total += sharedMoneyRefunded(money, refunded + part) - sharedMoneyRefunded(money, refunded);
      refunded += part;
    }
    expect(total).toBe(money.totalNgwee - money.taxNgwee);
  });

  it('sends an excess back first, from no share', () => {
    expect(sharedMoneyRefunded({ ...money, excessNgwee: 2_000 }, 2_000)).toBe(0);
    expect(sharedMoneyRefunded({ ...money, excessNgwee: 2_000 }, 2_000 + money.totalNgwee)).toBe(17_500);
  });

  it('debits in proportion to what each share holds, never below 0', () => {
    const shares: ShareBalance[] = [
      { share: 'i1:m1', orderItemId: 'i1', memberId: 'm1', productName: 'x', heldNgwee: 7_000 },
      { share: 'i1:fund', orderItemId: 'i1', memberId: null, productName: 'x', heldNgwee: 3_000 },
      { share: 'delivery:o1', orderItemId: null, memberId: null, productName: '', heldNgwee: 7_500 },
    ];
    const debits = refundShareDebits('r1', shares, money, 0, money.totalNgwee);
    expect(debits.map((d) => [d.key, d.amountNgwee])).toEqual([
      ['refund:r1:i1:m1', -7_000],
      ['refund:r1:i1:fund', -3_000],
      ['refund:r1:delivery:o1', -7_500],
    ]);
    const half = refundShareDebits('r2', shares, money, 0, 5_000);
    expect(sum(half.map((d) => d.amountNgwee))).toBe(-sharedMoneyRefunded(money, 5_000));
  });

  it('takes what it is asked from the shares by what each holds, never more than they hold nor less than 0', () => {
    const shares: ShareBalance[] = [
      { share: 'i1:m1', orderItemId: 'i1', memberId: 'm1', productName: 'x', heldNgwee: 1 },
      { share: 'i1:fund', orderItemId: 'i1', memberId: null, productName: 'x', heldNgwee: 2 },
    ];
    expect(takeFromShares('r1', shares, 2).map((d) => d.amountNgwee)).toEqual([-1, -1]);
    expect(takeFromShares('r1', shares, 99).map((d) => d.amountNgwee)).toEqual([-1, -2]);
    expect(takeFromShares('r1', shares, -5)).toEqual([]);
    expect(takeFromShares('r1', [{ ...shares[0], heldNgwee: 0 }], 5)).toEqual([]);
  });

  it('names the share of a credit as its debits do', () => {
    expect(shareOfKey('sale:i1:m1')).toBe('i1:m1');
    expect(shareOfKey('delivery:o1')).toBe('delivery:o1');
  });
});
