import type { LucideIcon } from 'lucide-react';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ContactRound from 'lucide-react/icons/contact-round';
import PackageOpen from 'lucide-react/icons/package-open';
import Receipt from 'lucide-react/icons/receipt';
import Wallet from 'lucide-react/icons/wallet';
import FileCheck from 'lucide-react/icons/file-check';
import Settings from 'lucide-react/icons/settings';
import Signpost from 'lucide-react/icons/signpost';
import Archive from 'lucide-react/icons/archive';
import ScrollText from 'lucide-react/icons/scroll-text';
import ChartPie from 'lucide-react/icons/chart-pie';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import Phone from 'lucide-react/icons/phone';
import Stamp from 'lucide-react/icons/stamp';
import BookUser from 'lucide-react/icons/book-user';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import Undo2 from 'lucide-react/icons/undo-2';

// Icons used nowhere else: an icon shared with another chunk would land in the storefront's first download.
export interface AdminNavLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only the dashboard (/admin) must match exactly; the others stay marked on their sub-pages. */
  end?: boolean;
}

/**
 * SPEC §2 admin layout, plus the mobile-money payments to reconcile
 * (docs/decisions/012-payment-attempts.md) and the shop settings screen where the real payment numbers
 * are entered, the providers' statements checked against the shop (docs/decisions/031-statement-reconciliation.md),
 * the backups and the audit trail, the co-op's members and their payouts (decisions 065 and 064), and the shoppers' returns (decision 069).
 */
export const ADMIN_NAV_LINKS: AdminNavLink[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/products', label: 'Products', icon: PackageOpen },
  { to: '/admin/customers', label: 'Customers', icon: ContactRound },
  { to: '/admin/members', label: 'Members', icon: BookUser },
  { to: '/admin/orders', label: 'Orders', icon: Receipt },
  { to: '/admin/returns', label: 'Returns', icon: Undo2 },
  { to: '/admin/payments', label: 'Payments', icon: Wallet },
  { to: '/admin/payouts', label: 'Payouts', icon: PiggyBank },
  { to: '/admin/smart-invoice', label: 'Smart Invoice', icon: Stamp },
  { to: '/admin/statements', label: 'Statements', icon: FileCheck },
  { to: '/admin/reports', label: 'Reports', icon: ChartPie },
  { to: '/admin/delivery', label: 'Delivery', icon: Signpost },
  { to: '/admin/discounts', label: 'Discount codes', icon: TicketPercent },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/ussd', label: 'USSD menu', icon: Phone },
  { to: '/admin/backups', label: 'Backups', icon: Archive },
  { to: '/admin/audit', label: 'Audit trail', icon: ScrollText },
];
