import { useId, type SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** Keep the label for screen readers only (a filter in a toolbar). */
  hideLabel?: boolean;
  options: readonly { value: string; label: string }[];
  error?: string;
}

/** A native select: the phone's own picker, keyboard and screen-reader support for free. */
export function SelectField({
  label,
  hideLabel = false,
  options,
  error,
  id,
  className = '',
  ...props
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-semibold text-bark-900'}>
        {label}
      </label>
      <select
        id={selectId}
        className="min-h-11 w-full rounded-xl border-2 border-sand-300 bg-white px-3 py-2 text-base text-bark-900 focus:border-forest-600 disabled:opacity-60 aria-[invalid=true]:border-red-700"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${selectId}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
