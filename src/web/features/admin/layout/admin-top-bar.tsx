import LogOut from 'lucide-react/icons/log-out';
import Store from 'lucide-react/icons/store';
import MenuIcon from 'lucide-react/icons/menu';
import XIcon from 'lucide-react/icons/x';
import type { Ref } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { LogoMark } from '../../../components/ui/logo';
import { FALLBACK_SHOP_NAME, useShopSettings } from '../../../lib/shop-settings';
import { useAuth } from '../../auth';
import { ADMIN_SIDEBAR_ID } from './admin-sidebar';

interface AdminTopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef?: Ref<HTMLButtonElement>;
}

const barButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-white hover:bg-white/10';

export function AdminTopBar({ sidebarOpen, onToggleSidebar, toggleRef }: AdminTopBarProps) {
  const { data: settings } = useShopSettings();
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <header className="flex h-16 shrink-0 items-center print:hidden gap-1 bg-forest-900 px-2 text-white sm:gap-2 sm:px-4">
      <button
        ref={toggleRef}
        type="button"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
        aria-expanded={sidebarOpen}
        aria-controls={ADMIN_SIDEBAR_ID}
        aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        onClick={onToggleSidebar}
      >
        {sidebarOpen ? <XIcon size={24} aria-hidden="true" /> : <MenuIcon size={24} aria-hidden="true" />}
      </button>
      <Link to="/admin" className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-1">
        <LogoMark size={32} />
        <span className="line-clamp-2 font-serif text-sm leading-tight font-bold sm:text-lg">
          {settings?.shopName ?? FALLBACK_SHOP_NAME}
        </span>
        <span className="hidden shrink-0 rounded-full bg-honey-400 px-2 py-0.5 text-xs font-bold text-bark-900 sm:inline">
          Admin
        </span>
      </Link>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        <Link to="/" className={`${barButton} max-md:hidden`}>
          <Store size={18} aria-hidden="true" />
          Website
        </Link>
        <button
          type="button"
          className={barButton}
          onClick={() => {
            logout();
            navigate('/login', { replace: true });
          }}
        >
          <LogOut size={18} aria-hidden="true" />
          Logout
        </button>
      </div>
    </header>
  );
}
