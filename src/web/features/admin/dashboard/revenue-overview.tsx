import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { formatKwacha } from '../../../lib/format';
import type { DashboardStats } from './api';
import { fullMonthName } from './month-names';

/** Started by the dashboard as soon as it opens, so the chart code and the figures download side by side. */
export const loadRevenueChart = () => import('./revenue-chart');
const RevenueChart = lazy(loadRevenueChart);

const CHART_HEIGHT = 'h-64 sm:h-72';

export function RevenueOverview({ months }: { months: DashboardStats['monthlyRevenue'] | undefined }) {
  const hasSales = months?.some((m) => m.revenue > 0) ?? false;
  return (
    <section
      aria-labelledby="revenue-title"
      className="relative rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="revenue-title" className="text-xl font-bold">
        Revenue Overview
      </h2>
      <p className="mb-4 text-sm text-bark-600">Monthly revenue for the current year</p>
      {!months ? (
        <ChartPlaceholder />
      ) : !hasSales ? (
        <p
          className={`flex items-center justify-center rounded-xl bg-sand-50 text-center text-bark-700 ${CHART_HEIGHT}`}
        >
          No sales data available for this year
        </p>
      ) : (
        <>
          <div className={CHART_HEIGHT} data-testid="revenue-chart">
            <Suspense fallback={<ChartPlaceholder />}>
              <RevenueChart months={months} />
            </Suspense>
          </div>
          {/* The same figures as a table for screen readers; the chart itself can be read with the arrow keys.
              The wrapper hides it: a table ignores sr-only's 1px size, and its full height once stretched the admin frame. */}
          <div className="sr-only">
            <table>
              <caption>Revenue by month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{fullMonthName(m.month)}</th>
                    <td>{formatKwacha(m.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function ChartPlaceholder() {
  return (
    <div className={`relative animate-pulse rounded-xl bg-sand-100 ${CHART_HEIGHT}`}>
      <Spinner label="Loading chart" className="absolute inset-0 items-center py-0" />
    </div>
  );
}
