import { describe, expect, it } from 'vitest';
import { taxOn } from './money';
import { needsSecondAdmin, networkOfRoute, refundStatusOf, refundTotals, vatInRefund } from './refunds';

describe('vatInRefund', () => {
  it('credits 16/116 of the refund, rounded half up to the ngwee', () => {
    expect(vatInRefund(11_600)).toBe(1_600);
    expect(vatInRefund(100)).toBe(14); // 13.79
    expect(vatInRefund(29)).toBe(4); // 4.0
    expect(vatInRefund(1)).toBe(0); // 0.14
    expect(vatInRefund(4)).toBe(1); // 0.55
  });

  it('gives back exactly the VAT of a whole order without shipping', () => {
    for (const items of [100, 9_999, 28_550, 60_000]) {
      const vat = taxOn(items);
      // The order's VAT was rounded once on the items; 16/116 of the total lands within a ngwee of it.
      expect(Math.abs(vatInRefund(items + vat) - vat)).toBeLessThanOrEqual(1);
    }
  });
});

describe('the refund rules', () => {
  it('totals refunds: successful ones are refunded, live ones pending, failed and cancelled hold nothing', () => {
    const totals = refundTotals(10_000, [
      { amountNgwee: 2_000, state: 'successful' },
      { amountNgwee: 3_000, state: 'sent' },
      { amountNgwee: 4_000, state: 'failed' },
      { amountNgwee: 1_000, state: 'cancelled' },
    ]);
    expect(totals).toEqual({
      collectedNgwee: 10_000,
      refundedNgwee: 2_000,
      pendingNgwee: 3_000,
      netNgwee: 8_000,
      refundableNgwee: 5_000,
    });
    expect(refundStatusOf(10_000, 0)).toBe('none');
    expect(refundStatusOf(10_000, 2_000)).toBe('partly refunded');
    expect(refundStatusOf(10_000, 10_000)).toBe('refunded');
  });

  it('asks a second admin always, never, or above the amount only', () => {
    expect(needsSecondAdmin({ kind: 'always' }, 1)).toBe(true);
    expect(needsSecondAdmin({ kind: 'off' }, 10_000_000)).toBe(false);
    expect(needsSecondAdmin({ kind: 'above', aboveNgwee: 50_000 }, 50_000)).toBe(false);
    expect(needsSecondAdmin({ kind: 'above', aboveNgwee: 50_000 }, 50_001)).toBe(true);
    expect([networkOfRoute('mtn-refund'), networkOfRoute('airtel-disbursement'), networkOfRoute('by-hand')]).toEqual([
      'mtn',
      'airtel',
      null,
    ]);
  });
});
