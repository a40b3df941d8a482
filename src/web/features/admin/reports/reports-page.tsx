import { useDocumentTitle } from '../../../lib/use-document-title';
import { ExportsPanel } from './exports-panel';
import { MemberSharesReport } from './member-shares-report';
import { MonthlySales } from './monthly-sales';

/** The admins' numbers: the monthly sales report (printable, and as CSV) and the CSV exports. */
export function ReportsPage() {
  useDocumentTitle('Reports');
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 print:max-w-none print:p-0">
      <div className="print:hidden">
        <h1 className="text-3xl font-bold">Reports</h1>
        <p className="mt-1 text-bark-700">
          Sales and members' shares month by month, and files of orders, customers and products for a spreadsheet.
        </p>
      </div>
      <MonthlySales />
      <MemberSharesReport />
      <ExportsPanel />
    </div>
  );
}
