import { Progress } from 'radix-ui';

/** A determinate progress bar (0-100) with an accessible name. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Progress.Root
      value={clamped}
      aria-label={label}
      className="relative h-2.5 w-full overflow-hidden rounded-full bg-sand-200"
    >
      <Progress.Indicator className="h-full bg-forest-600 transition-[width]" style={{ width: `${clamped}%` }} />
    </Progress.Root>
  );
}
