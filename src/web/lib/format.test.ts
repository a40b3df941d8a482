import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('writes English (US) long dates, the same in the storefront and the back office', () => {
    expect(formatDate('2026-11-24T10:00:00Z')).toBe('November 24, 2026');
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes the date and the time of day, English (US)', () => {
    expect(formatDateTime('2026-11-24T12:05:00Z')).toMatch(/^November 24, 2026 at \d{1,2}:05\s(AM|PM)$/);
    expect(formatDateTime('nope')).toBe('');
  });
});
