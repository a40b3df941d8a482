import { describe, expect, it } from 'vitest';
import { discountEffect, eligibleLine, type DiscountLine, type DiscountTerms } from './discounts';
import { computeTotals, type DeliveryRule } from './money';

const line = (unitPriceNgwee: number, quantity = 1, eligible = true): DiscountLine => ({
  unitPriceNgwee,
  quantity,
  eligible,
});

/** The order's figures as the server and the cart both work them out: the rule, then computeTotals. */
function totalsWith(terms: DiscountTerms, lines: DiscountLine[], delivery?: DeliveryRule) {
  const outcome = discountEffect(terms, lines);
  if (!outcome.ok) throw new Error(outcome.reason);
  return computeTotals(lines, { delivery, discount: outcome.effect });
}

describe('discountEffect', () => {
  it('takes a percent of the eligible lines, rounded half up to the ngwee', () => {
    // 10% of K12.345 is not possible in ngwee: 10% of 1235 ngwee = 123.5 -> 124.
    expect(discountEffect({ kind: 'percent', value: 10, minSubtotalNgwee: 0 }, [line(1235)])).toEqual({
      ok: true,
      effect: { amountNgwee: 124, freeDelivery: false },
    });
    expect(discountEffect({ kind: 'percent', value: 10, minSubtotalNgwee: 0 }, [line(1234)])).toMatchObject({
      effect: { amountNgwee: 123 },
    });
    expect(discountEffect({ kind: 'percent', value: 100, minSubtotalNgwee: 0 }, [line(999, 3)])).toMatchObject({
      effect: { amountNgwee: 2997 },
    });
  });

  it('never takes a fixed amount beyond the eligible lines', () => {
    const terms: DiscountTerms = { kind: 'fixed', value: 5_000, minSubtotalNgwee: 0 };
    expect(discountEffect(terms, [line(3_000), line(10_000, 1, false)])).toMatchObject({
      effect: { amountNgwee: 3_000 },
    });
    expect(discountEffect(terms, [line(30_000)])).toMatchObject({ effect: { amountNgwee: 5_000 } });
  });

  it('only counts the lines the code covers', () => {
    const terms: DiscountTerms = { kind: 'percent', value: 50, minSubtotalNgwee: 0 };
    expect(discountEffect(terms, [line(10_000, 2, true), line(40_000, 1, false)])).toMatchObject({
      effect: { amountNgwee: 10_000 },
    });
    expect(discountEffect(terms, [line(10_000, 1, false)])).toEqual({ ok: false, reason: 'notApplicable' });
  });

  it('judges the minimum on all the items before the discount, at least the amount', () => {
    const terms: DiscountTerms = { kind: 'fixed', value: 1_000, minSubtotalNgwee: 20_000 };
    expect(discountEffect(terms, [line(19_999)])).toEqual({ ok: false, reason: 'below' });
    expect(discountEffect(terms, [line(20_000)]).ok).toBe(true);
    // An item the code does not cover still counts towards the minimum.
    expect(discountEffect(terms, [line(5_000), line(15_000, 1, false)]).ok).toBe(true);
  });

  it('free delivery takes nothing off the items', () => {
    expect(discountEffect({ kind: 'freeDelivery', value: 0, minSubtotalNgwee: 0 }, [line(100)])).toEqual({
      ok: true,
      effect: { amountNgwee: 0, freeDelivery: true },
    });
  });
});

describe('eligibleLine', () => {
  it('covers every line when the code names nothing, else the named products and categories in any case', () => {
    const open = { productIds: [], categories: [] };
    expect(eligibleLine(open, { productId: 'a', category: 'oil' })).toBe(true);
    const limited = { productIds: ['p1'], categories: ['Skin care'] };
    expect(eligibleLine(limited, { productId: 'p1', category: 'nuts' })).toBe(true);
    expect(eligibleLine(limited, { productId: 'p2', category: ' skin CARE ' })).toBe(true);
    expect(eligibleLine(limited, { productId: 'p2', category: 'nuts' })).toBe(false);
  });
});

describe('a code and delivery together, every combination (decision 033)', () => {
  const SPEC = { feeNgwee: 7_500, freeAboveNgwee: 50_000 };
  const NEVER_FREE = { feeNgwee: 12_000, freeAboveNgwee: null };
  const FREE_DOOR = { feeNgwee: 0, freeAboveNgwee: null };
  const kinds: DiscountTerms[] = [
    { kind: 'percent', value: 15, minSubtotalNgwee: 0 },
    { kind: 'fixed', value: 3_333, minSubtotalNgwee: 0 },
    { kind: 'freeDelivery', value: 0, minSubtotalNgwee: 0 },
  ];
  const rules: [string, DeliveryRule | undefined][] = [
    ['the spec rule (default)', undefined],
    ['the spec rule', SPEC],
    ['a fee never free', NEVER_FREE],
    ['no fee', FREE_DOOR],
  ];
  // Items below, at, just above the free-above line, and well above; odd ngwee so VAT rounds both ways.
  const carts = [[line(12_345)], [line(25_000, 2)], [line(50_001)], [line(33_337, 3)], [line(1)]];

  for (const terms of kinds)
    for (const [ruleName, rule] of rules)
      for (const cart of carts) {
        const items = cart.reduce((s, l) => s + l.unitPriceNgwee * l.quantity, 0);
        it(`${terms.kind} with ${ruleName}, items ${items} ngwee`, () => {
          const totals = totalsWith(terms, cart, rule);
          const off =
            terms.kind === 'percent'
              ? Math.floor((items * terms.value + 50) / 100)
              : terms.kind === 'fixed'
                ? Math.min(terms.value, items)
                : 0;
          const subtotal = items - off;
          const vat = Math.round((subtotal * 16) / 100 + 1e-9);
          const applied = rule ?? SPEC;
          const fee =
            terms.kind === 'freeDelivery'
              ? 0
              : applied.freeAboveNgwee !== null && subtotal > applied.freeAboveNgwee
                ? 0
                : applied.feeNgwee;
          expect(totals).toEqual({
            itemsNgwee: items,
            discountNgwee: off,
            taxNgwee: vat,
            shippingNgwee: fee,
            totalNgwee: subtotal + vat + fee,
          });
          expect(Number.isInteger(totals.totalNgwee)).toBe(true);
        });
      }

  it('a discount can carry a cart back under the free-delivery line: K520 less 10% pays delivery', () => {
    const totals = totalsWith({ kind: 'percent', value: 10, minSubtotalNgwee: 0 }, [line(52_000)]);
    expect(totals).toMatchObject({ discountNgwee: 5_200, taxNgwee: 7_488, shippingNgwee: 7_500 });
  });

  it('VAT rounds half up on the discounted subtotal: 10 ngwee off 41 leaves 31, VAT 4.96 -> 5', () => {
    const totals = totalsWith({ kind: 'fixed', value: 10, minSubtotalNgwee: 0 }, [line(41)]);
    expect(totals).toMatchObject({ discountNgwee: 10, taxNgwee: 5, totalNgwee: 31 + 5 + 7_500 });
  });
});
