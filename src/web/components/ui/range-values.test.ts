import { describe, expect, it } from 'vitest';
import { moveThumb, nearerThumb, percentOf, snap, valueAt, valueForKey } from './range-values';

const price = { min: 0, max: 400, step: 5, minStepsBetween: 1 };

describe('the price range slider', () => {
  it('snaps a value to the step and keeps it within the ends', () => {
    expect(snap(12.4, price)).toBe(10);
    expect(snap(12.6, price)).toBe(15);
    expect(snap(-30, price)).toBe(0);
    expect(snap(999, price)).toBe(400);
    expect(snap(0.3, { min: 0, max: 1, step: 0.1, minStepsBetween: 0 })).toBe(0.3);
  });

  it('moves a thumb by the keys of the slider pattern, ignoring others', () => {
    expect(valueForKey('ArrowRight', 100, price)).toBe(105);
    expect(valueForKey('ArrowUp', 100, price)).toBe(105);
    expect(valueForKey('ArrowLeft', 100, price)).toBe(95);
    expect(valueForKey('ArrowDown', 100, price)).toBe(95);
    expect(valueForKey('PageDown', 400, price)).toBe(350);
    expect(valueForKey('PageUp', 100, price)).toBe(150);
    expect(valueForKey('Home', 100, price)).toBe(0);
    expect(valueForKey('End', 100, price)).toBe(400);
    expect(valueForKey('Tab', 100, price)).toBeNull();
    expect(valueForKey('a', 100, price)).toBeNull();
  });

  it('never lets the thumbs cross or meet, and keeps them within the ends', () => {
    expect(moveThumb([0, 400], 1, 300, price)).toEqual([0, 300]);
    expect(moveThumb([100, 200], 0, 250, price)).toEqual([195, 200]);
    expect(moveThumb([100, 200], 1, 50, price)).toEqual([100, 105]);
    expect(moveThumb([0, 400], 0, -5, price)).toEqual([0, 400]);
    expect(moveThumb([0, 400], 1, 405, price)).toEqual([0, 400]);
    expect(moveThumb([0, 400], 0, 7, price)).toEqual([5, 400]);
  });

  it('reads the value under a point of the track', () => {
    expect(valueAt(0, price)).toBe(0);
    expect(valueAt(0.5, price)).toBe(200);
    expect(valueAt(0.333, price)).toBe(135);
    expect(valueAt(-1, price)).toBe(0);
    expect(valueAt(2, price)).toBe(400);
    expect(percentOf(100, price)).toBe(25);
  });

  it('moves the nearer thumb on a press, the one the press is beyond on a tie', () => {
    expect(nearerThumb([100, 300], 120)).toBe(0);
    expect(nearerThumb([100, 300], 290)).toBe(1);
    expect(nearerThumb([200, 200], 250)).toBe(1);
    expect(nearerThumb([200, 200], 150)).toBe(0);
    expect(nearerThumb([100, 300], 200)).toBe(1);
  });
});
