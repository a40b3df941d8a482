import { describe, expect, it } from 'vitest';
import { LoginThrottle, tooManyAttemptsMessage } from './login-throttle';

const MINUTE = 60_000;

function throttleWithClock(options: { maxAddresses?: number } = {}) {
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle({ maxFailures: 5, windowMs: 15 * MINUTE, now: () => clock.now, ...options });
  return { throttle, clock };
}

describe('LoginThrottle', () => {
  it('lets an address fail four times freely and blocks it after the fifth, for the rest of the window', () => {
    const { throttle, clock } = throttleWithClock();
    for (let i = 0; i < 4; i += 1) {
      expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
      throttle.recordFailure('10.0.0.1');
      clock.now += MINUTE;
    }
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
    throttle.recordFailure('10.0.0.1');
    // The first failure was 4 minutes ago: 11 minutes of the 15 remain.
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(11 * MINUTE);
    clock.now += 11 * MINUTE - 1;
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(1);
    clock.now += 1;
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
  });

  it('counts failures within the sliding window only', () => {
    const { throttle, clock } = throttleWithClock();
    for (let i = 0; i < 4; i += 1) throttle.recordFailure('a');
    clock.now += 16 * MINUTE;
    throttle.recordFailure('a');
    expect(throttle.retryAfterMs('a')).toBe(0);
  });

  it('keeps addresses apart and forgives an address on reset', () => {
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 5; i += 1) throttle.recordFailure('a');
    expect(throttle.retryAfterMs('a')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('b')).toBe(0);
    throttle.reset('a');
    expect(throttle.retryAfterMs('a')).toBe(0);
  });

  it('takes back only the latest failure when a check counted in advance succeeds', () => {
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 5; i += 1) throttle.recordFailure('a');
    throttle.forgetLatest('a');
    expect(throttle.retryAfterMs('a')).toBe(0);
    throttle.recordFailure('a');
    expect(throttle.retryAfterMs('a')).toBeGreaterThan(0);
    throttle.recordFailure('b');
    throttle.forgetLatest('b');
    expect(throttle.size).toBe(1);
  });

  it('forgets the least recently failing addresses beyond its bound', () => {
    const { throttle } = throttleWithClock({ maxAddresses: 3 });
    for (const address of ['a', 'b', 'c']) for (let i = 0; i < 5; i += 1) throttle.recordFailure(address);
    throttle.recordFailure('a');
    throttle.recordFailure('d');
    expect(throttle.size).toBe(3);
    expect(throttle.retryAfterMs('b')).toBe(0);
    expect(throttle.retryAfterMs('a')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('c')).toBeGreaterThan(0);
  });

  it('says how many whole minutes are left, rounded up', () => {
    expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe(
      'Too many failed login attempts. Please try again in 15 minutes.',
    );
    expect(tooManyAttemptsMessage(30_000)).toBe('Too many failed login attempts. Please try again in 1 minute.');
  });
});
