import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import Printer from 'lucide-react/icons/printer';
import { useState } from 'react';
import {
  monthlySummaryLines,
  monthName,
  paymentMethodLines,
  channelLines,
  collectionLines,
  productLines,
  type MonthlyReportLine,
} from '../../../../shared/monthly-report';
import type { MonthlyReport } from '../../../../shared/schemas/reports';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import { FALLBACK_SHOP_NAME, useShopSettings } from '../../../lib/shop-settings';
import { useFileDownload, useMonthlyReport } from './api';
import { DownloadStatus } from './download-status';
import { useReportMonth } from './report-month';

const cell = 'px-3 py-2.5';
const numeric = `${cell} text-right tabular-nums whitespace-nowrap`;

/**
 * Three columns whatever the table, so a phone shows it without scrolling sideways: the money received
 * by a payment method sits under its amount rather than in a fourth column.
 */
function FiguresTable({ caption, lines, first }: { caption: string; lines: MonthlyReportLine[]; first: string }) {
  return (
    <table className="w-full text-left text-sm print:text-xs">
      <caption className="pb-2 text-left font-semibold text-bark-900">{caption}</caption>
      <thead className="bg-sand-50 text-xs font-semibold tracking-wide text-bark-700 uppercase print:bg-transparent">
        <tr>
          <th scope="col" className={cell}>
            {first}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Orders
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-sand-200 border-b border-sand-200">
        {lines.map((line, i) => (
          // Two products may share a name: the place keeps each row its own.
          <tr key={`${i}:${line.label}`}>
            <th scope="row" className={`${cell} font-medium`}>
              {line.label}
              {line.quantity !== undefined && (
                <span className="block text-xs font-normal text-bark-700">{line.quantity} sold</span>
              )}
            </th>
            <td className={numeric}>{line.orders ?? ''}</td>
            <td className={numeric}>
              {line.amount === null ? '' : formatKwacha(line.amount)}
              {line.paidAmount !== undefined && (
                <span className="block text-xs text-bark-700">{formatKwacha(line.paidAmount)} received</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReportTables({ report }: { report: MonthlyReport }) {
  const name = monthName(report.month);
  if (report.ordersPlaced === 0) {
    return <p className="rounded-xl bg-sand-50 p-6 text-center text-bark-800">No orders were placed in {name}.</p>;
  }
  return (
    <div className="space-y-6">
      <FiguresTable caption={`Sales in ${name}`} first="Figure" lines={monthlySummaryLines(report)} />
      <FiguresTable
        caption="Orders not cancelled, by payment method"
        first="Method"
        lines={paymentMethodLines(report)}
      />
      <FiguresTable caption="Orders not cancelled, by channel" first="Channel" lines={channelLines(report)} />
      {report.byCollection.length > 0 && (
        <FiguresTable
          caption="Paid orders, by who collected the money"
          first="Collected"
          lines={collectionLines(report)}
        />
      )}
      {report.byProduct.length > 0 && (
        <FiguresTable
          caption="Products sold, by size (before discounts and VAT)"
          first="Product"
          lines={productLines(report)}
        />
      )}
    </div>
  );
}

/**
 * The month's sales as two small tables a phone shows without scrolling sideways. Print leaves out the
 * admin frame and the controls (print: variants), so the page prints as a one-page report.
 */
export function MonthlySales() {
  const { month, thisMonth, chooseMonth: showMonth } = useReportMonth();
  // What the picker holds while a month is being typed (incomplete reads as ''); the report follows once it is whole.
  const [picked, setPicked] = useState(month);
  const report = useMonthlyReport(month);
  const download = useFileDownload();
  const { data: settings } = useShopSettings();
  const shown = report.data;

  const chooseMonth = (value: string) => {
    setPicked(value);
    showMonth(value);
  };

  let body;
  if (report.isPending) body = <Spinner label="Loading the report" />;
  else if (report.isError && !shown) {
    body = (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="mb-4 font-semibold text-red-900">Failed to load the report. Please try again.</p>
        <Button onClick={() => report.refetch()} disabled={report.isRefetching}>
          Try again
        </Button>
      </div>
    );
  } else if (shown) {
    body = (
      <div
        aria-busy={report.isFetching}
        className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        <ReportTables report={shown} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby="monthly-sales-heading"
      className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6 print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="monthly-sales-heading" className="text-xl font-bold">
            Monthly sales<span className="hidden print:inline">: {monthName(month)}</span>
          </h2>
          <p className="mt-1 text-sm text-bark-700 print:hidden">
            Orders placed in the month, Zambian time. Cancelled orders are not in the sales.
          </p>
          <p className="hidden text-sm print:block">
            {settings?.shopName ?? FALLBACK_SHOP_NAME} · months and days in Zambian time (Africa/Lusaka) · printed{' '}
            {formatDateTime(new Date().toISOString())}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto print:hidden">
          <TextField
            className="w-full sm:w-56"
            type="month"
            label="Month"
            value={picked}
            max={thisMonth}
            onChange={(event) => chooseMonth(event.target.value)}
          />
          <Button variant="outline" onClick={() => window.print()} disabled={!shown}>
            <Printer size={18} aria-hidden="true" />
            Print
          </Button>
          <Button
            variant="outline"
            disabled={download.isPending}
            onClick={() =>
              download.mutate({
                what: `the report for ${monthName(month)}`,
                path: '/reports/monthly.csv',
                query: { month },
                fallbackName: `sales-report-${month}.csv`,
              })
            }
          >
            <FileSpreadsheet size={18} aria-hidden="true" />
            Download CSV<span className="sr-only"> of the monthly report</span>
          </Button>
        </div>
      </div>
      <DownloadStatus download={download} />
      <div className="mt-4">{body}</div>
    </section>
  );
}
