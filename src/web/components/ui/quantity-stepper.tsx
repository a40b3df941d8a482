import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';

interface QuantityStepperProps {
  value: number;
  onChange: (next: number) => void;
  /** What the number counts, read out with the buttons (e.g. the product name). */
  label: string;
  min?: number;
  /** The most that can be had (what is in stock); none: no limit here, the server's answer caps it. */
  max?: number;
  disabled?: boolean;
}

/** Minus / number / plus; never below `min` (SPEC §5: quantity never below 1), nor above `max`. */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = Number.POSITIVE_INFINITY,
  disabled = false,
}: QuantityStepperProps) {
  const button =
    'flex h-11 w-11 items-center justify-center text-forest-800 hover:bg-forest-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div
      role="group"
      aria-label={`Quantity of ${label}`}
      className="inline-flex items-center rounded-full border-2 border-forest-200 bg-white"
    >
      <button
        type="button"
        className={`${button} rounded-l-full`}
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={disabled || value <= min}
        aria-label={`Decrease quantity of ${label}`}
      >
        <Minus size={18} aria-hidden="true" />
      </button>
      <output aria-live="polite" className="min-w-10 text-center font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={`${button} rounded-r-full`}
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={disabled || value >= max}
        aria-label={`Increase quantity of ${label}`}
      >
        <Plus size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
