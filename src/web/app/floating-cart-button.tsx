import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Link, useLocation } from 'react-router';
import { CartCountBadge, cartLinkLabel } from '../components/ui/cart-count-badge';
import { useCart } from '../features/cart';

/**
 * Not where the cart already fills the screen, nor on the customer's orders, whose full-width buttons it
 * would cover while the shopper is not shopping (the header's cart link stays there).
 */
export function showsFloatingCart(pathname: string): boolean {
  return !(pathname === '/cart' || pathname.startsWith('/checkout') || pathname.startsWith('/account/orders'));
}

/** Room the button takes at the bottom of a phone screen (bottom-4 + h-14), kept free below the last content. */
export const FLOATING_CART_CLEARANCE = 'pb-18 md:pb-0';

/** Round cart button within thumb reach on phones. */
export function FloatingCartButton() {
  const { totalItems } = useCart();
  const { pathname } = useLocation();
  if (!showsFloatingCart(pathname)) return null;
  return (
    <Link
      to="/cart"
      aria-label={cartLinkLabel(totalItems)}
      data-testid="floating-cart"
      className="fixed right-4 bottom-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-forest-700 text-white shadow-lg shadow-forest-900/30 hover:bg-forest-800 md:hidden"
    >
      <ShoppingCart size={24} aria-hidden="true" />
      <CartCountBadge count={totalItems} className="ring-2 ring-white" />
    </Link>
  );
}
