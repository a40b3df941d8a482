import { describe, expect, it } from 'vitest';
import { monthLabelInterval } from './month-names';

describe('monthLabelInterval', () => {
  it('labels every month when they fit (a desktop chart)', () => {
    expect(monthLabelInterval(12, 1000)).toBe(0);
  });

  it('labels every other or every third month on phone-wide charts, the same step across the axis', () => {
    expect(monthLabelInterval(11, 326)).toBe(1);
    expect(monthLabelInterval(12, 256)).toBe(2);
  });

  it('never skips below one label on a very narrow chart', () => {
    expect(monthLabelInterval(3, 40)).toBe(2);
  });
});
