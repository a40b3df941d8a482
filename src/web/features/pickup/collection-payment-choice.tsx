import { useId } from 'react';
import {
  COLLECTION_PAYMENT_LABELS,
  COLLECTION_PAYMENTS,
  type CollectionPayment,
} from '../../../shared/payment-methods';
import { formatKwacha } from '../../lib/format';

type Props = {
  value: CollectionPayment | null;
  onChange: (value: CollectionPayment) => void;
} & (
  | {
      /** Kwacha to take before handing the parcel over. */
      amount: number;
      describedBy?: never;
    }
  | {
      amount?: never;
      /** The id of what already says the amount (the keeper's page says it in large type above). */
      describedBy: string;
    }
);

/**
 * A pay-on-collection order (decision 045): the amount to take, and how it was paid, asked of whoever
 * hands the parcel over (the keeper's link, the admin's 'Mark collected').
 */
export function CollectionPaymentChoice({ amount, describedBy, value, onChange }: Props) {
  const id = useId();
  return (
    <fieldset
      className="rounded-xl border-2 border-amber-300 bg-amber-50 p-3"
      aria-describedby={describedBy ?? `${id}-take`}
    >
      <legend className="px-1 font-semibold">How did the customer pay?</legend>
      {amount !== undefined && (
        <p id={`${id}-take`} className="mb-2 text-bark-800" data-testid="to-collect">
          Take <strong className="tabular-nums">{formatKwacha(amount)}</strong> before handing the parcel over.
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {COLLECTION_PAYMENTS.map((way) => (
          <label
            key={way}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border-2 border-sand-200 bg-white px-3 has-[:checked]:border-forest-600"
          >
            <input
              type="radio"
              name={`${id}-paid-with`}
              value={way}
              required
              checked={value === way}
              onChange={() => onChange(way)}
              className="h-5 w-5 accent-forest-700"
            />
            {COLLECTION_PAYMENT_LABELS[way]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
