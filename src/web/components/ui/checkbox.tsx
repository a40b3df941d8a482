import type { InputHTMLAttributes, ReactNode } from 'react';

/** A native checkbox at a comfortable touch size; `indeterminate` for a select-all over a partial selection. */
export function Checkbox({
  indeterminate = false,
  className = '',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
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

/** Around a checkbox with no text beside it (a table's select column): a 44 px target (WCAG 2.5.5) around the 20 px box. */
export function CheckboxTarget({ children }: { children: ReactNode }) {
  return <label className="-m-3 inline-flex shrink-0 cursor-pointer p-3">{children}</label>;
}
