import { useEffect, useRef } from 'react';
import { Link } from '../../lib/router';

/**
 * The shop refused the order because the shopper's unpaid orders already hold what one shopper may
 * (decision 056): the server's sentence, and the way to the orders to pay. Takes the focus, as the cart's
 * alert does, so a screen reader hears it at once; the cart is kept as it is.
 */
export function UnpaidOrdersAlert({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mb-6 rounded-2xl border-2 border-honey-500 bg-honey-50 p-4 text-left text-bark-900"
    >
      <p className="font-semibold">{message}</p>
      <p className="mt-2">
        Nothing was ordered or charged, and your cart is kept.{' '}
        <Link to="/account/orders" className="font-semibold underline">
          See your orders
        </Link>
      </p>
    </div>
  );
}
