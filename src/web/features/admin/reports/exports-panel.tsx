import FileDown from 'lucide-react/icons/file-down';
import { useState } from 'react';
import { exportRangeQuerySchema, ordersExportQuerySchema } from '../../../../shared/schemas/reports';
import { shopDayOf } from '../../../../shared/shop-time';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useFileDownload } from './api';
import { DownloadStatus } from './download-status';

interface ExportChoice {
  kind: 'orders' | 'customers' | 'products';
  title: string;
  what: string;
  text: string;
}

const EXPORTS: ExportChoice[] = [
  {
    kind: 'orders',
    title: 'Orders with lines',
    what: 'orders with lines',
    text: 'Orders placed between the dates: one row per product ordered, with the customer, payment and totals.',
  },
  {
    kind: 'customers',
    title: 'Customers',
    what: 'customers',
    text: 'Customers who registered between the dates, with their orders and the amount they paid.',
  },
  {
    kind: 'products',
    title: 'Products',
    what: 'products',
    text: 'Products added between the dates, with price, stock and SKU.',
  },
];

/** The server checks the same rules (shared schemas); checking here first saves a trip on a slow line. */
function rangeProblem(kind: ExportChoice['kind'], from: string, to: string): string | null {
  const schema = kind === 'orders' ? ordersExportQuerySchema : exportRangeQuerySchema;
  const checked = schema.safeParse({ from, to });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the dates');
}

/** CSV downloads for a spreadsheet, between two days of the co-op's calendar. */
export function ExportsPanel() {
  const today = shopDayOf(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const download = useFileDownload();

  const start = (choice: ExportChoice) => {
    const found = rangeProblem(choice.kind, from, to);
    setProblem(found);
    if (found) return;
    download.reset();
    download.mutate({
      what: choice.what,
      path: `/reports/${choice.kind}.csv`,
      query: { from: from || undefined, to: to || undefined },
      fallbackName: `${choice.kind}.csv`,
    });
  };

  return (
    <section
      aria-labelledby="exports-heading"
      className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6 print:hidden"
    >
      <h2 id="exports-heading" className="text-xl font-bold">
        Exports
      </h2>
      <p className="mt-1 text-sm text-bark-700">
        Files for Excel, LibreOffice or Google Sheets (CSV). Dates are days in Zambia, both included. Leave both dates
        empty to get all customers or all products.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField
          type="date"
          label="From"
          value={from}
          max={to || today}
          onChange={(event) => setFrom(event.target.value)}
          aria-describedby={problem ? 'export-dates-problem' : undefined}
        />
        <TextField
          type="date"
          label="To"
          value={to}
          min={from || undefined}
          max={today}
          onChange={(event) => setTo(event.target.value)}
          aria-describedby={problem ? 'export-dates-problem' : undefined}
        />
      </div>
      {problem && (
        <p id="export-dates-problem" role="alert" className="mt-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <ul className="mt-4 divide-y divide-sand-200 border-y border-sand-200">
        {EXPORTS.map((choice) => (
          <li key={choice.kind} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h3 className="font-semibold">{choice.title}</h3>
              <p className="text-sm text-bark-700">{choice.text}</p>
            </div>
            <Button
              variant="outline"
              className="shrink-0 self-start sm:self-center"
              disabled={download.isPending}
              onClick={() => start(choice)}
            >
              <FileDown size={18} aria-hidden="true" />
              Download<span className="sr-only"> {choice.what} (CSV)</span>
            </Button>
          </li>
        ))}
      </ul>
      <DownloadStatus download={download} />
    </section>
  );
}
