import FileDown from 'lucide-react/icons/file-down';
import { useState } from 'react';
import { toKwacha } from '../../../../shared/money';
import { paymentSummaryQuerySchema, type PaymentSummaryDay } from '../../../../shared/schemas/statements';
import { shopDayOf } from '../../../../shared/shop-time';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { formatKwacha } from '../../../lib/format';
import { providerLabel } from '../payments/attempt-state';
import { useFileDownload } from '../reports/api';
import { DownloadStatus } from '../reports/download-status';
import { usePaymentSummary } from './api';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

function daysBefore(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - count);
  return date.toISOString().slice(0, 10);
}

function Figures({ row }: { row: Omit<PaymentSummaryDay, 'day'> }) {
  return (
    <>
      <td className="px-3 py-2 text-right">
        {kwacha(row.collectedNgwee)} <span className="text-bark-600">({row.collectedCount})</span>
      </td>
      <td className="px-3 py-2 text-right">
        {kwacha(row.refundedNgwee)} <span className="text-bark-600">({row.refundedCount})</span>
      </td>
      <td className="px-3 py-2 text-right font-semibold">{kwacha(row.netNgwee)}</td>
    </>
  );
}

/** Money in and out per day, provider and method (Zambian days), on screen and as CSV. */
export function DailySummary() {
  const today = shopDayOf(new Date());
  const [from, setFrom] = useState(daysBefore(today, 6));
  const [to, setTo] = useState(today);
  const checked = paymentSummaryQuerySchema.safeParse({ from, to });
  const range = checked.success ? { from, to } : { from: today, to: today };
  const summary = usePaymentSummary(range);
  const download = useFileDownload();
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the dates');

  return (
    <section aria-labelledby="daily-summary-heading" className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id="daily-summary-heading" className="text-xl font-bold">
        Daily summary
      </h2>
      <p className="mt-1 text-sm text-bark-700">
        Collections, refunds sent through the provider, and net, per day in Zambia. The number of payments is in
        brackets.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField
          type="date"
          label="From"
          value={from}
          max={to || today}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          type="date"
          label="To"
          value={to}
          min={from || undefined}
          max={today}
          onChange={(event) => setTo(event.target.value)}
        />
        <Button
          variant="outline"
          disabled={download.isPending || !checked.success}
          onClick={() => {
            download.reset();
            download.mutate({
              what: 'daily summary',
              path: '/payments/summary.csv',
              query: range,
              fallbackName: 'payments-summary.csv',
            });
          }}
        >
          <FileDown size={18} aria-hidden="true" />
          Download<span className="sr-only"> the daily summary</span> (CSV)
        </Button>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <DownloadStatus download={download} />
      {summary.isError ? (
        <p className="mt-4 text-sm text-red-800">The summary could not be loaded.</p>
      ) : summary.data && summary.data.days.length === 0 ? (
        <p className="mt-4 text-sm text-bark-700">No money came in or went out on these days.</p>
      ) : summary.data ? (
        // A table wider than a phone scrolls sideways: the keyboard reaches it too.
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Money per day and provider">
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">Money per day and provider</caption>
            <thead>
              <tr className="border-b border-sand-200 text-left">
                <th scope="col" className="px-3 py-2">
                  Day
                </th>
                <th scope="col" className="px-3 py-2">
                  Provider
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Collected
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Refunded
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.data.days.map((row) => (
                <tr key={`${row.day}-${row.provider}-${row.method}`} className="border-b border-sand-100">
                  <td className="px-3 py-2 whitespace-nowrap">{row.day}</td>
                  <td className="px-3 py-2">{providerLabel(row.provider, row.method)}</td>
                  <Figures row={row} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              {summary.data.totals.map((row) => (
                <tr key={`${row.provider}-${row.method}`} className="font-semibold">
                  <th scope="row" className="px-3 py-2 text-left">
                    Total
                  </th>
                  <td className="px-3 py-2">{providerLabel(row.provider, row.method)}</td>
                  <Figures row={row} />
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      ) : null}
    </section>
  );
}
