import { describe, expect, it } from 'vitest';
import { optionFee, optionsServing, servesPlace, type ServingOption } from './delivery';
import { computeTotals, SPEC_DELIVERY_RULE, type DeliveryRule } from './money';

const option = (over: Partial<ServingOption>): ServingOption => ({
  id: over.name ?? 'o',
  name: 'o',
  provinces: [],
  towns: [],
  active: true,
  position: 0,
  feeNgwee: 7_500,
  freeAboveNgwee: 50_000,
  ...over,
});

/** The seeded option is the spec's rule: its totals are SPEC §9's for every spec shipping case. */
const SEEDED: DeliveryRule = { feeNgwee: 7_500, freeAboveNgwee: 50_000 };

describe("the seeded option is the spec's rule", () => {
  it.each([
    // subtotal, shipping: K75 up to and including K500, free strictly above
    [1, 7_500],
    [49_999, 7_500],
    [50_000, 7_500],
    [50_001, 0],
    [120_000, 0],
  ])('a subtotal of %i ngwee ships for %i', (subtotal, shipping) => {
    const lines = [{ unitPriceNgwee: subtotal, quantity: 1 }];
    expect(computeTotals(lines, { delivery: SEEDED })).toEqual(computeTotals(lines));
    expect(computeTotals(lines, { delivery: SEEDED }).shippingNgwee).toBe(shipping);
  });

  it('is the same rule as money.ts names', () => {
    expect(SEEDED).toEqual(SPEC_DELIVERY_RULE);
  });
});

describe('fee x free-above x VAT rounding', () => {
  const rules: DeliveryRule[] = [
    { feeNgwee: 0, freeAboveNgwee: null },
    { feeNgwee: 2_000, freeAboveNgwee: 20_000 },
    { feeNgwee: 4_050, freeAboveNgwee: null },
    { feeNgwee: 12_345, freeAboveNgwee: 0 },
  ];
  const subtotals = [1, 3, 20_000, 20_001, 33_333, 99_999];
  for (const rule of rules)
    for (const subtotal of subtotals)
      it(`fee ${rule.feeNgwee}, free above ${rule.freeAboveNgwee}, subtotal ${subtotal}`, () => {
        const totals = computeTotals([{ unitPriceNgwee: subtotal, quantity: 1 }], { delivery: rule });
        const free = rule.freeAboveNgwee !== null && subtotal > rule.freeAboveNgwee;
        expect(totals.shippingNgwee).toBe(free ? 0 : rule.feeNgwee);
        // VAT is on the goods only, never on delivery: 16% of the subtotal, half up to the ngwee.
        expect(totals.taxNgwee).toBe(Math.floor((subtotal * 16 + 50) / 100));
        expect(totals.totalNgwee).toBe(subtotal + totals.taxNgwee + totals.shippingNgwee);
        expect(optionFee(rule, subtotal)).toBe(totals.shippingNgwee);
      });
});

describe('which options serve a place', () => {
  it('empty lists serve everywhere; towns match whatever their case and spaces', () => {
    expect(servesPlace(option({}), 'Western', 'Mongu')).toBe(true);
    const choma = option({ provinces: ['Southern'], towns: ['Choma'] });
    expect(servesPlace(choma, 'southern', '  CHOMA ')).toBe(true);
    expect(servesPlace(choma, 'Southern', 'Monze')).toBe(false);
    expect(servesPlace(choma, 'Lusaka', 'Choma')).toBe(false);
    expect(servesPlace(option({ towns: ['Kapiri  Mposhi'] }), 'Central', 'kapiri mposhi')).toBe(true);
  });

  it('an option switched off serves nowhere', () => {
    expect(servesPlace(option({ active: false }), 'Southern', 'Choma')).toBe(false);
  });

  it('orders cheapest first for the cart, then by the admin order, then by name', () => {
    const list = [
      option({ name: 'Standard', feeNgwee: 7_500, freeAboveNgwee: 50_000 }),
      option({ name: 'Bus', feeNgwee: 4_000, freeAboveNgwee: null }),
      option({ name: 'Pickup B', feeNgwee: 2_000, freeAboveNgwee: null, position: 2 }),
      option({ name: 'Pickup A', feeNgwee: 2_000, freeAboveNgwee: null, position: 2 }),
      option({ name: 'Pickup first', feeNgwee: 2_000, freeAboveNgwee: null, position: 1 }),
    ];
    expect(optionsServing(list, 'Southern', 'Choma', 10_000).map((o) => o.name)).toEqual([
      'Pickup first',
      'Pickup A',
      'Pickup B',
      'Bus',
      'Standard',
    ]);
    // Above K500 the standard one is free and comes first.
    expect(optionsServing(list, 'Southern', 'Choma', 60_000)[0].name).toBe('Standard');
  });
});
