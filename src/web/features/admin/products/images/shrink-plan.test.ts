import { describe, expect, it } from 'vitest';
import { KEEP_ORIGINAL_MAX_BYTES, shrinkPlan, shouldSendEncoded } from './shrink-plan';

const photo = (width: number, height: number, bytes = 3_000_000, type = 'image/jpeg') => ({
  width,
  height,
  bytes,
  type,
});

describe('shrinkPlan', () => {
  it('scales a landscape photo so its long side is 1600 px, keeping proportions', () => {
    expect(shrinkPlan(photo(2400, 1600))).toEqual({ action: 'encode', width: 1600, height: 1067, resized: true });
  });

  it('scales a portrait phone photo by its height', () => {
    expect(shrinkPlan(photo(3024, 4032))).toEqual({ action: 'encode', width: 1200, height: 1600, resized: true });
  });

  it('never rounds a very thin picture to zero pixels', () => {
    expect(shrinkPlan(photo(8000, 2))).toEqual({ action: 'encode', width: 1600, height: 1, resized: true });
  });

  it('keeps a small picture within the limit as it is', () => {
    expect(shrinkPlan(photo(1600, 900, KEEP_ORIGINAL_MAX_BYTES))).toEqual({ action: 'keep' });
    expect(shrinkPlan(photo(800, 800, 200_000, 'image/png'))).toEqual({ action: 'keep' });
  });

  it('re-encodes a heavy picture within the limit at its own size', () => {
    expect(shrinkPlan(photo(1500, 1000, KEEP_ORIGINAL_MAX_BYTES + 1))).toEqual({
      action: 'encode',
      width: 1500,
      height: 1000,
      resized: false,
    });
  });

  it('re-encodes a type the server may not take even when small', () => {
    expect(shrinkPlan(photo(600, 400, 50_000, 'image/gif'))).toEqual({
      action: 'encode',
      width: 600,
      height: 400,
      resized: false,
    });
  });

  it('honours another limit', () => {
    expect(shrinkPlan(photo(1000, 500), 400)).toEqual({ action: 'encode', width: 400, height: 200, resized: true });
  });
});

describe('shouldSendEncoded', () => {
  it('always sends the resized copy', () => {
    const source = photo(2400, 1600, 100_000);
    expect(shouldSendEncoded(shrinkPlan(source), source, 500_000)).toBe(true);
  });

  it('sends a same-size copy only when it is smaller than the original', () => {
    const source = photo(1500, 1000, 2_000_000);
    const plan = shrinkPlan(source);
    expect(shouldSendEncoded(plan, source, 400_000)).toBe(true);
    expect(shouldSendEncoded(plan, source, 2_500_000)).toBe(false);
  });

  it('sends the copy of a type the server may not take, whatever its size', () => {
    const source = photo(600, 400, 50_000, 'image/gif');
    expect(shouldSendEncoded(shrinkPlan(source), source, 90_000)).toBe(true);
  });

  it('never when the plan keeps the original', () => {
    const source = photo(800, 800, 100_000);
    expect(shouldSendEncoded(shrinkPlan(source), source, 10)).toBe(false);
  });
});
