import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { moveThumb, nearerThumb, percentOf, valueAt, valueForKey, type Range, type RangeBounds } from './range-values';

interface RangeSliderProps extends RangeBounds {
  value: Range;
  onValueChange: (value: [number, number]) => void;
  /** Each thumb's accessible name, low then high. */
  labels: readonly [string, string];
  /** Each thumb's value as read aloud ('K 400.00+'). */
  valueText: (value: number) => string;
  labelledBy?: string;
}

/** A thumb's target, 44 px (WCAG 2.5.5); the circle drawn inside it is 28 px. */
const THUMB_PX = 44;

/**
 * A two-thumb range slider after the WAI-ARIA slider pattern: two focusable role="slider" thumbs
 * (arrows move a step, Page Up/Down ten, Home/End to the ends), a press on the track moves the nearer
 * thumb and a drag follows the finger. Ours rather than Radix's: Radix finds each thumb's index through
 * effects that run, under Preact, after the render that needs it, and its thumbs stayed hidden; this one
 * is also drawn in full by the server.
 */
export function RangeSlider({ value, onValueChange, labels, valueText, labelledBy, ...bounds }: RangeSliderProps) {
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef<0 | 1 | null>(null);

  const valueAtPointer = (event: PointerEvent) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width === 0) return null;
    return valueAt((event.clientX - box.left) / box.width, bounds);
  };
  const move = (index: 0 | 1, next: number) => {
    const moved = moveThumb(value, index, next, bounds);
    if (moved[0] !== value[0] || moved[1] !== value[1]) onValueChange(moved);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const at = valueAtPointer(event);
    if (at === null) return;
    const index = nearerThumb(value, at);
    dragging.current = index;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="slider"]')[index]?.focus();
    event.preventDefault();
    move(index, at);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === null) return;
    const at = valueAtPointer(event);
    if (at !== null) move(dragging.current, at);
  };
  const endDrag = () => {
    dragging.current = null;
  };
  const onKeyDown = (index: 0 | 1) => (event: KeyboardEvent<HTMLSpanElement>) => {
    const next = valueForKey(event.key, value[index], bounds);
    if (next === null) return;
    event.preventDefault();
    move(index, next);
  };

  const low = percentOf(value[0], bounds);
  const high = percentOf(value[1], bounds);
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className="relative flex h-11 touch-none items-center select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <div ref={track} className="relative h-2 grow rounded-full bg-sand-200">
        <div
          className="absolute h-full rounded-full bg-forest-600"
          style={{ left: `${low}%`, right: `${100 - high}%` }}
        />
      </div>
      {([0, 1] as const).map((index) => {
        const percent = index === 0 ? low : high;
        return (
          <span
            key={index}
            role="slider"
            tabIndex={0}
            aria-label={labels[index]}
            aria-valuemin={bounds.min}
            aria-valuemax={bounds.max}
            aria-valuenow={value[index]}
            aria-valuetext={valueText(value[index])}
            aria-orientation="horizontal"
            onKeyDown={onKeyDown(index)}
            // Kept within the track at both ends, as the thumb's centre moves from half a thumb in.
            style={{ left: `calc(${percent}% - ${(percent / 100) * THUMB_PX}px)`, width: THUMB_PX, height: THUMB_PX }}
            className="absolute flex items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-[-4px] focus-visible:outline-honey-500"
          >
            <span
              aria-hidden="true"
              className="block h-7 w-7 rounded-full border-4 border-forest-700 bg-white shadow"
            />
          </span>
        );
      })}
    </div>
  );
}
