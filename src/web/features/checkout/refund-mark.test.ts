import { describe, expect, it } from 'vitest';
import { refundWords } from './refund-mark';

describe("the shopper's refund words", () => {
  it('says nothing before a refund reached the shopper', () => {
    expect(refundWords({ refundedNgwee: 0, refundStatus: 'none', totalPrice: 120 })).toBeNull();
    expect(refundWords({ totalPrice: 120 })).toBeNull();
  });

  it('says how much of the order came back', () => {
    expect(refundWords({ refundedNgwee: 12_000, refundStatus: 'refunded', totalPrice: 120 })).toMatch(
      /^Refunded K\s120\.00$/,
    );
    expect(refundWords({ refundedNgwee: 5_000, refundStatus: 'partly refunded', totalPrice: 120 })).toMatch(
      /^Partly refunded: K\s50\.00 of K\s120\.00$/,
    );
  });

  it('does not say "of" the total when a double payment sent the whole total back', () => {
    expect(refundWords({ refundedNgwee: 12_000, refundStatus: 'partly refunded', totalPrice: 120 })).toMatch(
      /^Refunded K\s120\.00$/,
    );
  });
});
