import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

/** A search input with its icon; the placeholder doubles as the accessible name unless a label is given. */
export function SearchBox({
  className = '',
  placeholder,
  'aria-label': ariaLabel,
  ...props
}: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`relative ${className}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-bark-500"
      />
      <input
        type="search"
        placeholder={placeholder}
        aria-label={ariaLabel ?? placeholder}
        className="min-h-11 w-full rounded-xl border-2 border-sand-300 bg-white py-2 pr-3 pl-10 text-base text-bark-900 placeholder:text-bark-500 focus:border-forest-600"
        {...props}
      />
    </div>
  );
}
