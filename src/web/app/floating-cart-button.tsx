import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Link, useLocation } from 'react-router';
import { CartCountBadge, cartLinkLabel } from '../components/ui/cart-count-badge';
import { useCart } from '../features/cart';

/** Round cart button within thumb reach on phones; not shown where the cart already fills the screen. */
export function FloatingCartButton() {
  const { totalItems } = useCart();
  const { pathname } = useLocation();
  if (pathname === '/cart' || pathname.startsWith('/checkout')) return null;
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
