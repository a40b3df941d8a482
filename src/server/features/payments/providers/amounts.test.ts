import { describe, expect, it } from 'vitest';
import { kwachaNumber, kwachaText, ngweeFromKwacha } from './amounts';

describe('kwacha for providers', () => {
  it('writes ngwee as kwacha text and numbers without losing a ngwee', () => {
    expect(kwachaText(12345)).toBe('123.45');
    expect(kwachaText(100)).toBe('1.00');
    expect(kwachaText(7)).toBe('0.07');
    // Every amount up to K100,000 survives the trip to a JSON number and back.
    for (let ngwee = 0; ngwee <= 10_000_000; ngwee += 997) {
      expect(ngweeFromKwacha(JSON.parse(JSON.stringify(kwachaNumber(ngwee))))).toBe(ngwee);
      expect(ngweeFromKwacha(kwachaText(ngwee))).toBe(ngwee);
    }
    expect(() => kwachaText(1.5)).toThrow(RangeError);
  });

  it('reads a provider amount only when it is whole ngwee', () => {
    expect(ngweeFromKwacha('123.4')).toBe(12340);
    expect(ngweeFromKwacha('123')).toBe(12300);
    expect(ngweeFromKwacha('123.450')).toBe(12345);
    expect(ngweeFromKwacha(0.1 + 0.2)).toBeNull();
    for (const bad of ['123.456', '-1', '1e3', '', 'abc', null, {}]) expect(ngweeFromKwacha(bad)).toBeNull();
  });
});
