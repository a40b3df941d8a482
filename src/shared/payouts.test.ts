import { describe, expect, it } from 'vitest';
import { monthBefore, payoutText, periodLabelOf, summaryOf, unitsPerProduct } from './payouts';
import { fitsOneSms } from './sms-text';

describe("a member's payout text", () => {
  const shopName = "Forest Gold Women's Co-op";

  it('names the amount, the month and the units of each product, most first', () => {
    const items = unitsPerProduct([
      { productName: 'Gift set', quantity: 2 },
      { productName: 'Mukwa shea butter', quantity: 4 },
      { productName: 'Gift set', quantity: 1 },
      { productName: 'Mukwa shea butter', quantity: 7 },
      // A refund's debit names no units.
      { productName: 'Mukwa shea butter', quantity: 0 },
    ]);
    expect(items).toEqual([
      { name: 'Mukwa shea butter', units: 11 },
      { name: 'Gift set', units: 3 },
    ]);
    expect(summaryOf(items)).toBe('11 Mukwa shea butter, 3 Gift set');
    expect(payoutText({ amountNgwee: 41_250, period: '2026-11', items, shopName })).toBe(
      "Forest Gold Women's Co-op: K 412.50 for November: 11 Mukwa shea butter, 3 Gift set",
    );
  });

  it('fits one text: the longest list that fits, cut from its end with "and N more", the shop name only if it fits too', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ name: `Hand-woven basket style ${i + 1}`, units: 20 - i }));
    const text = payoutText({ amountNgwee: 1_234_567, period: '2026-04', items, shopName });
    expect(fitsOneSms(text)).toBe(true);
    expect(text).toMatch(/^K 12,345\.67 for April: 20 Hand-woven basket style 1, .* and \d+ more$/);
    const shown = text.split(': ')[1].split(', ').length;
    expect(text.endsWith(`and ${12 - shown} more`)).toBe(true);
  });

  it('keeps the shop name while the whole list fits with it', () => {
    const text = payoutText({
      amountNgwee: 2_000,
      period: '2026-01',
      items: [{ name: 'Honey', units: 1 }],
      shopName,
    });
    expect(text).toBe("Forest Gold Women's Co-op: K 20.00 for January: 1 Honey");
  });

  it('names the amount and month alone when no product fits, or none is named', () => {
    const long = [{ name: 'x'.repeat(200), units: 1 }];
    expect(payoutText({ amountNgwee: 5_000, period: '2026-12', items: long, shopName })).toBe(
      "Forest Gold Women's Co-op: K 50.00 for December.",
    );
    expect(payoutText({ amountNgwee: 5_000, period: '2026-12', items: [], shopName })).toBe(
      "Forest Gold Women's Co-op: K 50.00 for December.",
    );
  });

  it('months: the one before, and as the back office names them', () => {
    expect(monthBefore('2026-01')).toBe('2025-12');
    expect(monthBefore('2026-11')).toBe('2026-10');
    expect(periodLabelOf('2026-11')).toBe('November 2026');
  });
});
