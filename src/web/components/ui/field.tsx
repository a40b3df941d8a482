import { useId, type ComponentPropsWithRef } from 'react';

const control =
  'w-full rounded-xl border-2 border-sand-300 bg-white px-4 py-2.5 text-base text-bark-900 placeholder:text-bark-500 read-only:border-dashed read-only:bg-sand-100 focus:border-forest-600 aria-[invalid=true]:border-red-700';

interface FieldShared {
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({
  label,
  error,
  hint,
  id,
  className = '',
  ...props
}: FieldShared & ComponentPropsWithRef<'input'>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy =
    [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-bark-900">
        {label}
      </label>
      <input
        id={inputId}
        className={`${control} min-h-11`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint && !error && (
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-bark-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  id,
  className = '',
  ...props
}: FieldShared & ComponentPropsWithRef<'textarea'>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-bark-900">
        {label}
      </label>
      <textarea
        id={inputId}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
