import { describe, expect, it } from 'vitest';
import { unitSplit } from './unit-split';

describe('unitSplit', () => {
  const mary = { memberId: 'm1', name: 'Mary', parts: 2 };
  const ruth = { memberId: 'm2', name: 'Ruth', parts: 1 };

  it('gives the makers their percent split by parts, and the fund the rest, to the ngwee', () => {
    expect(unitSplit(10_000, 70, [mary, ruth])).toEqual({
      makers: [
        { memberId: 'm1', name: 'Mary', ngwee: 4_667 },
        { memberId: 'm2', name: 'Ruth', ngwee: 2_333 },
      ],
      fundNgwee: 3_000,
    });
  });

  it('keeps every ngwee: the parts add up to the price', () => {
    const split = unitSplit(12_345, 65, [mary, ruth, { memberId: 'm3', name: 'Abi', parts: 3 }]);
    expect(split.makers.reduce((sum, m) => sum + m.ngwee, 0) + split.fundNgwee).toBe(12_345);
  });

  it('gives all to the fund when the product names no maker, and all to the makers at 100%', () => {
    expect(unitSplit(5_000, 70, [])).toEqual({ makers: [], fundNgwee: 5_000 });
    expect(unitSplit(5_000, 100, [mary])).toEqual({
      makers: [{ memberId: 'm1', name: 'Mary', ngwee: 5_000 }],
      fundNgwee: 0,
    });
  });
});
