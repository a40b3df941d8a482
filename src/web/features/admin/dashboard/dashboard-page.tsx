import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardStats } from './api';
import { RecentOrders } from './recent-orders';
import { loadRevenueChart, RevenueOverview } from './revenue-overview';
import { StatCards, StatCardsSkeleton } from './stat-cards';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { data: stats, isPending, isError, refetch, isRefetching } = useDashboardStats();

  useEffect(() => {
    loadRevenueChart().catch(() => undefined); // a failed download is retried when the chart renders
  }, []);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-bold">Dashboard</h1>
          <p className="mt-1 text-bark-700">Welcome back, Admin</p>
        </div>
        {isPending && (
          // Small and beside the greeting, so the page does not move when it goes.
          <span role="status" className="flex h-10 w-10 items-center justify-center">
            <span
              aria-hidden="true"
              className="h-8 w-8 animate-spin rounded-full border-4 border-forest-100 border-t-forest-700"
            />
            <span className="sr-only">Loading dashboard</span>
          </span>
        )}
      </div>

      {isError && !stats ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-semibold text-red-900">Failed to load dashboard data. Please try again.</p>
          <Button onClick={() => refetch()} disabled={isRefetching}>
            <RefreshCw size={18} aria-hidden="true" className={isRefetching ? 'animate-spin' : ''} />
            Try again
          </Button>
        </div>
      ) : (
        <>
          {stats ? <StatCards stats={stats} /> : <StatCardsSkeleton />}
          <div className="grid gap-6 lg:grid-cols-5">
            <div className="min-w-0 lg:col-span-3">
              <RevenueOverview months={stats?.monthlyRevenue} />
            </div>
            <div className="min-w-0 lg:col-span-2">
              <RecentOrders orders={stats?.recentOrders} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
