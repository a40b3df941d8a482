import { Link } from '../../../lib/router';
import { orderReference } from '../../../../shared/order-status';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { formatKwacha, formatDate } from '../../../lib/format';
import type { DashboardStats } from './api';

type RecentOrder = DashboardStats['recentOrders'][number];

export function RecentOrders({ orders }: { orders: RecentOrder[] | undefined }) {
  return (
    <section
      aria-labelledby="recent-title"
      className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="recent-title" className="text-xl font-bold">
        Recent Orders
      </h2>
      <p className="mb-4 text-sm text-bark-600">Latest 5 customer orders</p>
      {!orders ? (
        <RecentOrdersSkeleton />
      ) : orders.length === 0 ? (
        <p className="rounded-xl bg-sand-50 px-4 py-8 text-center text-bark-700">No recent orders</p>
      ) : (
        <ul className="divide-y divide-sand-200" aria-label="Recent orders">
          {orders.map((order) => (
            <li key={order._id} className="flex items-center justify-between gap-3 py-3" data-testid="recent-order">
              <div className="min-w-0">
                <p className="truncate font-semibold">{order.user?.name ?? 'Guest'}</p>
                <p className="text-sm text-bark-600">
                  <span className="font-mono">#{orderReference(order._id)}</span> ·{' '}
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold tabular-nums">{formatKwacha(order.totalPrice)}</span>
                <OrderStatusBadge status={order.status} variant="dashboard" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/admin/orders"
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-forest-800 underline underline-offset-4 hover:text-forest-900"
      >
        View all orders
      </Link>
    </section>
  );
}

function RecentOrdersSkeleton() {
  return (
    <ul className="divide-y divide-sand-200" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((row) => (
        <li key={row} className="flex animate-pulse items-center justify-between gap-3 py-3">
          <div className="space-y-2">
            <div className="h-4 w-32 rounded bg-sand-200" />
            <div className="h-3 w-40 rounded bg-sand-100" />
          </div>
          <div className="flex flex-col items-end space-y-2">
            <div className="h-4 w-20 rounded bg-sand-200" />
            <div className="h-5 w-16 rounded-full bg-sand-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}
