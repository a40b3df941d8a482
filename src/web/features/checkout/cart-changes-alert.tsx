import { CheckoutAlert } from './checkout-alert';

export interface CartChanges {
  /** The server's sentence. */
  message: string;
  /** One line per product that changed. */
  lines: string[];
}

/** What a 409 changed in the cart. */
export function CartChangesAlert({ changes, cartEmptied = false }: { changes: CartChanges; cartEmptied?: boolean }) {
  return (
    <CheckoutAlert focusKey={changes}>
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
    </CheckoutAlert>
  );
}
