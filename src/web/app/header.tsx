import MenuIcon from 'lucide-react/icons/menu';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '../lib/router';
import { CartCountBadge, cartLinkLabel } from '../components/ui/cart-count-badge';
import { LogoMark } from '../components/ui/logo';
import { useAuth } from '../features/auth';
import { useCart } from '../features/cart';
import { FALLBACK_SHOP_NAME, useShopSettings } from '../lib/shop-settings';

const NAV_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/products', label: 'Products', end: false },
  { to: '/about', label: 'About', end: false },
  { to: '/contact', label: 'Contact', end: false },
];

const navLinkClass =
  (spacing: string) =>
  ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-4 ${spacing} font-semibold transition-colors ${isActive ? 'bg-forest-100 text-forest-900' : 'text-bark-700 hover:bg-forest-50 hover:text-forest-900'}`;

function AccountLinks({ onChoose, stacked = false }: { onChoose?: () => void; stacked?: boolean }) {
  const { user, isAdmin, logout } = useAuth();
  const item = `rounded-full px-4 ${stacked ? 'py-3' : 'py-2'} font-semibold text-forest-800 hover:bg-forest-50`;
  if (!user) {
    return (
      <Link to="/login" className={item} onClick={onChoose}>
        Login
      </Link>
    );
  }
  return (
    <div className={`flex ${stacked ? 'flex-col items-stretch' : 'items-center'} gap-1`}>
      {isAdmin && (
        <Link to="/admin" className={item} onClick={onChoose}>
          Admin
        </Link>
      )}
      <Link to="/account/orders" className={item} onClick={onChoose}>
        My Orders
      </Link>
      <Link to="/account" className={`${item} max-w-48 truncate`} onClick={onChoose} title="My account">
        {user.name}
      </Link>
      <button
        type="button"
        className={`${item} text-left`}
        onClick={() => {
          onChoose?.();
          logout();
        }}
      >
        Logout
      </button>
    </div>
  );
}

export function Header() {
  const { data: settings } = useShopSettings();
  const { totalItems } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const shopName = settings?.shopName ?? FALLBACK_SHOP_NAME;

  // Whatever way the path changes (back button included), the menu closes.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-sand-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-lg py-1 pr-2" onClick={close}>
          <LogoMark size={36} />
          <span className="line-clamp-2 font-serif text-base leading-tight font-bold text-forest-900 sm:text-lg">
            {shopName}
          </span>
        </Link>

        <nav aria-label="Main" className="ml-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass('py-2')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 md:ml-2">
          <div className="hidden md:block">
            <AccountLinks />
          </div>
          <Link
            to="/cart"
            className="relative flex h-11 w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50"
            aria-label={cartLinkLabel(totalItems)}
          >
            <ShoppingCart size={24} aria-hidden="true" />
            <CartCountBadge count={totalItems} />
          </Link>
          <button
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon size={24} aria-hidden="true" /> : <MenuIcon size={24} aria-hidden="true" />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-sand-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden">
          <nav aria-label="Main">
            <ul className="flex flex-col">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={navLinkClass('block py-3')} onClick={close}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-2 border-t border-sand-200 pt-2">
            <AccountLinks onChoose={close} stacked />
          </div>
        </div>
      )}
    </header>
  );
}
