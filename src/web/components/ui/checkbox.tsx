import type { InputHTMLAttributes } from 'react';

/** A native checkbox at a comfortable touch size; `indeterminate` for a select-all over a partial selection. */
export function Checkbox({ indeterminate = false, className = '', ...props }: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  return (
    <input
      type="checkbox"
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      className={`h-5 w-5 cursor-pointer rounded border-sand-300 accent-forest-700 ${className}`}
      {...props}
    />
  );
}
