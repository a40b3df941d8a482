import { describe, expect, it } from 'vitest';
import { isoInShopTime, shopDayOf, shopMonthOf } from './shop-time';

describe("the co-op's clock (Africa/Lusaka, UTC+2)", () => {
  it('writes a moment as ISO 8601 with the shop offset', () => {
    expect(isoInShopTime(new Date('2026-02-28T22:30:05.999Z'))).toBe('2026-03-01T00:30:05+02:00');
    expect(isoInShopTime(new Date('2026-07-15T09:00:00Z'))).toBe('2026-07-15T11:00:00+02:00');
  });

  it('puts the last two hours of a UTC day on the next day, and month', () => {
    expect(shopDayOf(new Date('2025-12-31T21:59:59Z'))).toBe('2025-12-31');
    expect(shopDayOf(new Date('2025-12-31T22:00:00Z'))).toBe('2026-01-01');
    expect(shopMonthOf(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04');
  });
});
