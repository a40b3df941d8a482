import { useEffect, useRef } from 'react';

export interface CartChanges {
  /** The server's sentence. */
  message: string;
  /** One line per product that changed. */
  lines: string[];
}

/** What a 409 changed in the cart; takes the focus so a screen reader hears it at once. */
export function CartChangesAlert({ changes, cartEmptied = false }: { changes: CartChanges; cartEmptied?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [changes]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mb-6 rounded-2xl border-2 border-honey-500 bg-honey-50 p-4 text-left text-bark-900"
    >
      <p className="font-semibold">{changes.message}</p>
      {changes.lines.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {changes.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="mt-2">
        {cartEmptied
          ? 'Nothing was charged.'
          : 'Your cart has been updated and nothing was charged. Please check the summary and place your order again.'}
      </p>
    </div>
  );
}
