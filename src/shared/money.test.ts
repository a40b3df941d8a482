import { describe, expect, it } from 'vitest';
import { computeTotals, computeTotalsInKwacha, formatKwacha, plainKwacha, shippingFor, taxOn, toNgwee } from './money';

describe('money rules', () => {
  it('converts kwacha to whole ngwee without float drift', () => {
    expect(toNgwee(0.1 + 0.2)).toBe(30);
    expect(toNgwee(120.5)).toBe(12050);
    expect(toNgwee(19.99)).toBe(1999);
    expect(toNgwee(1.005)).toBe(101);
  });

  it('rounds 16% tax to the nearest ngwee', () => {
    expect(taxOn(10000)).toBe(1600);
    expect(taxOn(3)).toBe(0); // 0.48 ngwee
    expect(taxOn(1003)).toBe(160); // 160.48
    expect(taxOn(1006)).toBe(161); // 160.96
    expect(taxOn(1031)).toBe(165); // 164.96
  });

  it('agrees with half-up rounding for every subtotal up to K50', () => {
    // 16x/100 never ends in exactly .5 for a whole x (16x = 100k + 50 has no whole solution),
    // so half-up and nearest agree; the loop guards the integer formula against off-by-one slips.
    for (let x = 0; x <= 5000; x++) expect(taxOn(x)).toBe(Math.round((x * 16) / 100));
  });

  it('charges K75 shipping up to and including K500.00, free above', () => {
    expect(shippingFor(toNgwee(499.99))).toBe(7500);
    expect(shippingFor(toNgwee(500))).toBe(7500);
    expect(shippingFor(toNgwee(500.01))).toBe(0);
  });

  it('totals subtotal + tax + shipping', () => {
    expect(computeTotals([{ unitPriceNgwee: 25000, quantity: 2 }])).toEqual({
      itemsNgwee: 50000,
      discountNgwee: 0,
      taxNgwee: 8000,
      shippingNgwee: 7500,
      totalNgwee: 65500,
    });
    expect(computeTotalsInKwacha([{ price: 250.01, quantity: 2 }])).toEqual({
      itemsPrice: 500.02,
      discountPrice: 0,
      taxPrice: 80,
      shippingPrice: 0,
      totalPrice: 580.02,
    });
  });

  it('takes a discount off before VAT and judges delivery on what is left', () => {
    const lines = [{ unitPriceNgwee: 30000, quantity: 2 }];
    // K600 - K150 = K450: VAT K72, and no longer above K500, so delivery K75.
    expect(computeTotals(lines, { discount: { amountNgwee: 15000, freeDelivery: false } })).toEqual({
      itemsNgwee: 60000,
      discountNgwee: 15000,
      taxNgwee: 7200,
      shippingNgwee: 7500,
      totalNgwee: 59700,
    });
    expect(computeTotals(lines, { discount: { amountNgwee: 0, freeDelivery: true } }).shippingNgwee).toBe(0);
    // A discount never takes more than the items; the parcel still pays its delivery.
    expect(computeTotals(lines, { discount: { amountNgwee: 99_999_99, freeDelivery: false } })).toEqual({
      itemsNgwee: 60000,
      discountNgwee: 60000,
      taxNgwee: 0,
      shippingNgwee: 7500,
      totalNgwee: 7500,
    });
  });

  it("uses a delivery option's rule in place of the spec's", () => {
    const lines = [{ unitPriceNgwee: 10000, quantity: 1 }];
    expect(computeTotals(lines, { delivery: { feeNgwee: 2500, freeAboveNgwee: null } }).shippingNgwee).toBe(2500);
    expect(computeTotals(lines, { delivery: { feeNgwee: 2500, freeAboveNgwee: 5000 } }).shippingNgwee).toBe(0);
    expect(computeTotals([], { delivery: { feeNgwee: 2500, freeAboveNgwee: null } }).shippingNgwee).toBe(0);
  });

  it('formats kwacha the en-ZM way', () => {
    expect(formatKwacha(1234.5)).toMatch(/^K\s?1,234\.50$/);
  });
});

describe('plainKwacha', () => {
  it('writes whole ngwee as kwacha with two decimals, a dot and nothing else', () => {
    expect(plainKwacha(123450)).toBe('1234.50');
    expect(plainKwacha(5)).toBe('0.05');
    expect(plainKwacha(0)).toBe('0.00');
    expect(plainKwacha(1_000_000_07)).toBe('1000000.07');
    expect(plainKwacha(-1999)).toBe('-19.99');
  });
});
