/** The arithmetic of a two-thumb range slider (range-slider.tsx), kept apart so it can be tested alone. */
export interface RangeBounds {
  min: number;
  max: number;
  step: number;
  /** How many steps must stay between the two thumbs. */
  minStepsBetween: number;
}

export type Range = readonly [number, number];

/** Rounded to the step (from min), within min..max. */
export function snap(value: number, { min, max, step }: RangeBounds): number {
  const stepped = min + Math.round((value - min) / step) * step;
  return Math.min(max, Math.max(min, Number(stepped.toFixed(10))));
}

/** The range with thumb `index` moved to `value`, kept from crossing or touching the other thumb. */
export function moveThumb(range: Range, index: 0 | 1, value: number, bounds: RangeBounds): [number, number] {
  const gap = bounds.minStepsBetween * bounds.step;
  const snapped = snap(value, bounds);
  if (index === 0) return [Math.min(snapped, range[1] - gap), range[1]];
  return [range[0], Math.max(snapped, range[0] + gap)];
}

/** What a key does to a thumb's value (the WAI-ARIA slider pattern), or null for a key it ignores. */
export function valueForKey(key: string, value: number, { min, max, step }: RangeBounds): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return value + step;
    case 'ArrowLeft':
    case 'ArrowDown':
      return value - step;
    case 'PageUp':
      return value + step * 10;
    case 'PageDown':
      return value - step * 10;
    case 'Home':
      return min;
    case 'End':
      return max;
    default:
      return null;
  }
}

/** The value under a point `fraction` (0..1) of the way along the track. */
export function valueAt(fraction: number, bounds: RangeBounds): number {
  return snap(bounds.min + Math.min(1, Math.max(0, fraction)) * (bounds.max - bounds.min), bounds);
}

/** The thumb a press at `value` moves: the nearer one; on a tie, the low one only for a press below it. */
export function nearerThumb(range: Range, value: number): 0 | 1 {
  const toLow = Math.abs(value - range[0]);
  const toHigh = Math.abs(value - range[1]);
  if (toLow === toHigh) return value < range[0] ? 0 : 1;
  return toLow < toHigh ? 0 : 1;
}

/** A thumb's place along the track, as a percentage. */
export function percentOf(value: number, { min, max }: RangeBounds): number {
  return max === min ? 0 : ((value - min) / (max - min)) * 100;
}
