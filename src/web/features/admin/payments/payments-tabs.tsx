import { Link } from '../../../lib/router';

export type PaymentsView = 'attempts' | 'refunds';

const TABS: { view: PaymentsView; label: string; to: string }[] = [
  { view: 'attempts', label: 'Mobile-money payments', to: '/admin/payments' },
  { view: 'refunds', label: 'Refunds', to: '/admin/payments?view=refunds' },
];

/** The Payments screen's two lists: money coming in (attempts) and money going back (refunds). Links, so the address names the list. */
export function PaymentsTabs({ current }: { current: PaymentsView }) {
  return (
    <nav aria-label="Payments lists" className="flex gap-1 rounded-full border-2 border-sand-200 bg-white p-1">
      {TABS.map((tab) => (
        <Link
          key={tab.view}
          to={tab.to}
          aria-current={tab.view === current ? 'page' : undefined}
          className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${tab.view === current ? 'bg-forest-700 text-white' : 'text-forest-800 hover:bg-forest-50'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
