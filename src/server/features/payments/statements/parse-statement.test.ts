import { describe, expect, it } from 'vitest';
import { parseAmountNgwee, parseStatementDay } from './parse-statement';

describe('parseAmountNgwee', () => {
  it.each([
    ['150.00', 15_000],
    ['1,234.50', 123_450],
    ['K 1,234.5', 123_450],
    ['ZMW1234', 123_400],
    ['1 234,50', 123_450],
    ['1.234,50', 123_450],
    ['12,5', 1_250],
    ['1,234', 123_400],
    ['-40.00', -4_000],
    ['(40.00)', -4_000],
  ])('%s is %i ngwee', (text, ngwee) => expect(parseAmountNgwee(text)).toBe(ngwee));

  it.each(['', 'ten', '1.234.5', '12.345', '1e5', '--3'])('%s is not an amount', (text) =>
    expect(parseAmountNgwee(text)).toBeNull(),
  );
});

describe('parseStatementDay', () => {
  it.each([
    ['2026-11-27 14:03:11', '2026-11-27'],
    ['2026-11-27T14:03:11.123', '2026-11-27'],
    ['27/11/2026 14:03', '2026-11-27'],
    ['1-12-2026', '2026-12-01'],
    ['27-Nov-2026 23:30', '2026-11-27'],
    ['27 November 2026', '2026-11-27'],
    // With a zone, the day is the shop's (UTC+2): 23:30 UTC is the next morning in Lusaka.
    ['2026-11-27T23:30:00Z', '2026-11-28'],
    ['2026-11-27 23:30:00 +0000', '2026-11-28'],
  ])('%s falls on %s', (text, day) => expect(parseStatementDay(text)).toBe(day));

  it.each(['', '31/02/2026', '2026-13-01', 'yesterday', '11/27/2026'])('%s is not a date', (text) =>
    expect(parseStatementDay(text)).toBeNull(),
  );
});
