import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Link, useLocation } from '../lib/router';
import { CartCountBadge, cartLinkLabel } from '../components/ui/cart-count-badge';
import { formatKwacha } from '../lib/format';
import { useCart } from '../features/cart';

/**
 * Not where the cart already fills the screen, nor while signing in or looking at orders (checkout,
 * success, account), whose buttons it would cover while the shopper is not shopping; the header's cart
 * link stays everywhere.
 */
export function showsFloatingCart(pathname: string, totalItems: number): boolean {
  if (totalItems <= 0) return false;
  const elsewhere = ['/cart', '/checkout', '/account', '/login', '/register'];
  return !elsewhere.some(
    (path) => pathname === path || pathname.startsWith(`${path}/`) || pathname.startsWith(`${path}?`),
  );
}

/** Height of the bar on phones (h-16), kept free below the last content so the page scrolls clear of it. */
export const FLOATING_CART_CLEARANCE = 'pb-16 md:pb-0';

/**
 * The round cart button within thumb reach on phones, docked in an opaque bar across the bottom of the
 * screen: content passes beneath it as beneath the sticky header, never half-hidden behind a circle.
 */
export function FloatingCartButton() {
  const { totalItems, totalAmount } = useCart();
  const { pathname } = useLocation();
  if (!showsFloatingCart(pathname, totalItems)) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-center justify-between gap-3 border-t border-sand-200 bg-white px-4 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] md:hidden">
      <p className="text-sm text-bark-700" aria-hidden="true">
        {totalItems} {totalItems === 1 ? 'item' : 'items'} ·{' '}
        <span className="font-semibold text-bark-900 tabular-nums">{formatKwacha(totalAmount)}</span>
      </p>
      <Link
        to="/cart"
        aria-label={cartLinkLabel(totalItems)}
        data-testid="floating-cart"
        className="relative flex h-12 w-12 items-center justify-center rounded-full bg-forest-700 text-white shadow-md shadow-forest-900/30 hover:bg-forest-800"
      >
        <ShoppingCart size={22} aria-hidden="true" />
        <CartCountBadge count={totalItems} className="ring-2 ring-white" />
      </Link>
    </div>
  );
}
