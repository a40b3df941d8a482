import { Link } from '../../lib/router';
import { CheckoutAlert } from './checkout-alert';

/**
 * The shop refused the order because the shopper's unpaid orders already hold what one shopper may
 * (decision 056): the server's sentence, and the way to the orders to pay. The cart is kept as it is.
 */
export function UnpaidOrdersAlert({ message }: { message: string }) {
  return (
    <CheckoutAlert focusKey={message}>
      <p className="font-semibold">{message}</p>
      <p className="mt-2">
        Nothing was ordered or charged, and your cart is kept.{' '}
        <Link to="/account/orders" className="font-semibold underline">
          See your orders
        </Link>
      </p>
    </CheckoutAlert>
  );
}
