import type { LucideIcon } from 'lucide-react';
import Banknote from 'lucide-react/icons/banknote';
import Boxes from 'lucide-react/icons/boxes';
import Clock from 'lucide-react/icons/clock';
import UsersRound from 'lucide-react/icons/users-round';
import { formatKwacha } from '../../../lib/format';
import type { DashboardStats } from './api';

const count = new Intl.NumberFormat('en-US');

interface Card {
  title: string;
  caption: string;
  icon: LucideIcon;
  value: (stats: DashboardStats) => string;
}

/** SPEC §2: the four cards and their captions; SPEC §9 defines each figure (computed by the server). */
const CARDS: Card[] = [
  { title: 'Total Sales', caption: 'lifetime sales', icon: Banknote, value: (s) => formatKwacha(s.totalSales) },
  { title: 'Customers', caption: 'registered users', icon: UsersRound, value: (s) => count.format(s.totalCustomers) },
  { title: 'Products', caption: 'products in stock', icon: Boxes, value: (s) => count.format(s.totalProducts) },
  { title: 'Pending Orders', caption: 'require action', icon: Clock, value: (s) => count.format(s.pendingOrders) },
];

// Two by two even on a phone: the four figures fit on one screen without scrolling.
const grid = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';
const box = 'min-w-0 rounded-2xl border border-sand-200 bg-white p-3 shadow-sm sm:p-5';

export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul className={grid} aria-label="Key figures">
      {CARDS.map(({ title, caption, icon: Icon, value }) => (
        <li key={title} className={box} data-testid="stat-card">
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-sans text-sm font-semibold text-bark-700">{title}</h2>
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-forest-50 text-forest-700 sm:h-10 sm:w-10">
              <Icon size={20} aria-hidden="true" />
            </span>
          </div>
          <p
            className="mt-1 text-xl font-bold break-words text-bark-900 tabular-nums sm:text-2xl"
            data-testid="stat-value"
          >
            {value(stats)}
          </p>
          <p className="mt-1 text-sm text-bark-600">{caption}</p>
        </li>
      ))}
    </ul>
  );
}

export function StatCardsSkeleton() {
  return (
    <ul className={grid} aria-hidden="true">
      {CARDS.map(({ title }) => (
        <li key={title} className={`${box} animate-pulse`}>
          <div className="h-4 w-24 rounded bg-sand-200" />
          <div className="mt-4 h-7 w-32 rounded bg-sand-200" />
          <div className="mt-3 h-4 w-20 rounded bg-sand-100" />
        </li>
      ))}
    </ul>
  );
}
