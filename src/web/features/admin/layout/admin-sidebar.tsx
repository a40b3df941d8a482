import Store from 'lucide-react/icons/store';
import type { Ref } from 'react';
import { Link, NavLink } from '../../../lib/router';
import { ADMIN_NAV_LINKS } from './admin-nav-links';

export const ADMIN_SIDEBAR_ID = 'admin-sidebar';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center gap-3 rounded-xl px-4 font-semibold transition-colors ${
    isActive ? 'bg-forest-700 text-white' : 'text-bark-900 hover:bg-forest-50 hover:text-forest-900'
  }`;

interface AdminSidebarProps {
  open: boolean;
  /** On a narrow screen the sidebar lies over the page instead of beside it. */
  narrow: boolean;
  navRef?: Ref<HTMLElement>;
}

/** NavLink marks the current screen with aria-current="page". */
export function AdminSidebar({ open, narrow, navRef }: AdminSidebarProps) {
  return (
    <nav
      id={ADMIN_SIDEBAR_ID}
      ref={navRef}
      aria-label="Admin"
      hidden={!open}
      className={`flex w-64 shrink-0 flex-col overflow-y-auto border-r border-sand-200 bg-white p-3 print:hidden ${
        narrow ? 'fixed top-16 bottom-0 left-0 z-40 w-72 max-w-[85vw] shadow-2xl' : ''
      }`}
    >
      <ul className="flex flex-col gap-1">
        {ADMIN_NAV_LINKS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={linkClass}>
              <Icon size={20} aria-hidden="true" className="shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      {narrow && (
        <div className="mt-3 border-t border-sand-200 pt-3">
          <Link
            to="/"
            className="flex min-h-12 items-center gap-3 rounded-xl px-4 font-semibold text-forest-800 hover:bg-forest-50"
          >
            <Store size={20} aria-hidden="true" className="shrink-0" />
            Back to Website
          </Link>
        </div>
      )}
    </nav>
  );
}
