import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import { monthName } from '../../../../shared/monthly-report';
import { toKwacha } from '../../../../shared/money';
import type { MemberMonthReport } from '../../../../shared/schemas/member-reports';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatKwacha } from '../../../lib/format';
import { useFileDownload, useMemberMonthReport } from './api';
import { DownloadStatus } from './download-status';
import { useReportMonth } from './report-month';

const cell = 'px-3 py-2.5';
const numeric = `${cell} text-right tabular-nums whitespace-nowrap`;
const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

/** A figure with the one beside it underneath, so a phone shows three columns without scrolling sideways. */
function Figure({ ngwee, under }: { ngwee: number; under?: string }) {
  return (
    <>
      {kwacha(ngwee)}
      {under && <span className="block text-xs text-bark-700">{under}</span>}
    </>
  );
}

function SharesTable({ report }: { report: MemberMonthReport }) {
  const { fund, totals } = report;
  return (
    <table className="w-full text-left text-sm print:text-xs">
      <caption className="pb-2 text-left font-semibold text-bark-900">Shares in {monthName(report.month)}</caption>
      <thead className="bg-sand-50 text-xs font-semibold tracking-wide text-bark-700 uppercase print:bg-transparent">
        <tr>
          <th scope="col" className={cell}>
            Member
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Earned
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Owed at month end
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-sand-200 border-b border-sand-200">
        {report.members.map((line) => (
          <tr key={line.memberId}>
            <th scope="row" className={`${cell} font-medium`}>
              {line.name}
              {!line.active && <span className="block text-xs font-normal text-bark-700">Not active</span>}
            </th>
            <td className={numeric}>
              <Figure
                ngwee={line.netNgwee}
                under={line.takenBackNgwee > 0 ? `${kwacha(line.takenBackNgwee)} taken back by refunds` : undefined}
              />
            </td>
            <td className={numeric}>
              <Figure
                ngwee={line.owedNgwee}
                under={line.paidOutNgwee > 0 ? `${kwacha(line.paidOutNgwee)} paid out` : undefined}
              />
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" className={`${cell} font-medium`}>
            The co-op's fund
            <span className="block text-xs font-normal text-bark-700">
              includes {kwacha(fund.deliveryNgwee)} of delivery fees
            </span>
          </th>
          <td className={numeric}>
            <Figure
              ngwee={fund.netNgwee}
              under={fund.takenBackNgwee > 0 ? `${kwacha(fund.takenBackNgwee)} taken back by refunds` : undefined}
            />
          </td>
          <td className={numeric} />
        </tr>
      </tbody>
      <tfoot className="font-semibold">
        <tr>
          <th scope="row" className={cell}>
            All shares (sales net of VAT)
          </th>
          <td className={numeric}>{kwacha(totals.allShares.netNgwee)}</td>
          <td className={numeric}>{kwacha(totals.members.owedNgwee)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * What each member earned from the month's handed-over orders, what she was paid and is owed, and the
 * fund's part (docs/decisions/066-member-earnings-reports.md), for the month chosen at the top of the page.
 */
export function MemberSharesReport() {
  const { month } = useReportMonth();
  const report = useMemberMonthReport(month);
  const download = useFileDownload();
  const shown = report.data;

  let body;
  if (report.isPending) body = <Spinner label="Loading the members' shares" />;
  else if (report.isError && !shown) {
    body = (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="mb-4 font-semibold text-red-900">Failed to load the members' shares. Please try again.</p>
        <Button onClick={() => report.refetch()} disabled={report.isRefetching}>
          Try again
        </Button>
      </div>
    );
  } else if (shown && shown.members.length === 0 && shown.totals.allShares.netNgwee === 0) {
    body = (
      <p className="rounded-xl bg-sand-50 p-6 text-center text-bark-800">
        No shares were earned in {monthName(month)}: no paid order was handed over.
      </p>
    );
  } else if (shown) {
    body = (
      <div
        aria-busy={report.isFetching}
        className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        <SharesTable report={shown} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby="member-shares-heading"
      className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6 print:break-before-page print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="member-shares-heading" className="text-xl font-bold">
            Members' shares
          </h2>
          <p className="mt-1 text-sm text-bark-700 print:hidden">
            What paid orders handed over in the month earned each maker and the fund, before VAT.
          </p>
        </div>
        <Button
          variant="outline"
          className="print:hidden"
          disabled={download.isPending}
          onClick={() =>
            download.mutate({
              what: `the members' shares for ${monthName(month)}`,
              path: '/reports/members.csv',
              query: { month },
              fallbackName: `members-shares-${month}.csv`,
            })
          }
        >
          <FileSpreadsheet size={18} aria-hidden="true" />
          Download CSV<span className="sr-only"> of the members' shares</span>
        </Button>
      </div>
      <DownloadStatus download={download} />
      <div className="mt-4">{body}</div>
    </section>
  );
}
