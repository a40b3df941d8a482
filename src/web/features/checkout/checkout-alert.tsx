import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Why checkout did not place the order, above the form: it takes the focus whenever `focusKey` changes,
 * so a screen reader hears it at once, and stays until the next try.
 */
export function CheckoutAlert({ focusKey, children }: { focusKey: unknown; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [focusKey]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mb-6 rounded-2xl border-2 border-honey-500 bg-honey-50 p-4 text-left text-bark-900"
    >
      {children}
    </div>
  );
}
