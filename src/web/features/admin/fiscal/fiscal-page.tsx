import { useState } from 'react';
import { orderReference } from '../../../../shared/order-status';
import type { FiscalSubmission } from '../../../../shared/schemas/fiscal';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFiscalSubmissions, useRetryFiscalSubmission, type FiscalFilter } from './api';
import { ItemClassesSection } from './item-classes-section';
import { VatReportSection } from './vat-report-section';

const FILTERS: { value: FiscalFilter; label: string }[] = [
  { value: 'open', label: 'Not done (pending and failed)' },
  { value: 'failed', label: 'Failed' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
];

const KIND_WORDS: Record<FiscalSubmission['kind'], string> = {
  sale: 'Sale',
  'credit-note': 'Credit note (refund)',
  stock: 'Stock report',
};

const STATUS_WORDS: Record<FiscalSubmission['status'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  done: 'Done',
  failed: 'Failed',
};

/**
 * ZRA Smart Invoice in the back office (docs/operations/smart-invoice.md): the device reported to, the
 * reports not done with the device's own words, and a retry of a failed one (with what waits on it); the
 * products' classifications; a month's VAT from the receipts.
 */
export function FiscalPage() {
  useDocumentTitle('Smart Invoice');
  const [status, setStatus] = useState<FiscalFilter>('open');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch, isRefetching } = useFiscalSubmissions(status, page);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold">Smart Invoice</h1>
      <p className="mt-1 mb-6 text-bark-700">
        Every paid order and every refund is reported to ZRA through the co-op's VSDC, in order. A report the device
        refused waits here with its words until you send it again.
      </p>
      {isPending ? (
        <Spinner label="Loading the reports" />
      ) : isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-semibold text-red-900">Failed to load the reports. Please try again.</p>
          <Button onClick={() => refetch()} disabled={isRefetching}>
            Try again
          </Button>
        </div>
      ) : !data.enabled ? (
        <p className="rounded-2xl border border-sand-200 bg-white p-6">
          Smart Invoice is off: nothing is reported to ZRA. It is switched on where the shop runs (SMART_INVOICE and the
          VSDC settings).
        </p>
      ) : (
        <>
          <dl className="mb-6 grid gap-3 rounded-2xl border border-sand-200 bg-white p-5 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-bark-700">TPIN and branch</dt>
              <dd className="font-mono">
                {data.device?.tpin} · {data.device?.branchId}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-bark-700">SDC ID</dt>
              <dd className="font-mono">{data.device?.sdcId ?? 'not yet installed'}</dd>
            </div>
            <div>
              <dt className="text-sm text-bark-700">Reports</dt>
              <dd>
                {data.counts.pending} waiting · <span className="text-red-900">{data.counts.failed} failed</span> ·{' '}
                {data.counts.done} done
              </dd>
            </div>
          </dl>
          <div className="mb-4 max-w-sm">
            <SelectField
              label="Show"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as FiscalFilter);
                setPage(1);
              }}
              options={FILTERS}
            />
          </div>
          {data.submissions.length === 0 ? (
            <p className="rounded-2xl border border-sand-200 bg-white p-6">Nothing here.</p>
          ) : (
            <ul aria-label="Reports" className="space-y-3">
              {data.submissions.map((row) => (
                <SubmissionEntry key={row._id} row={row} />
              ))}
            </ul>
          )}
          {data.pages > 1 && (
            <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <span>
                Page {page} of {data.pages}
              </span>
              <Button variant="outline" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </nav>
          )}
          <ItemClassesSection />
          <VatReportSection />
        </>
      )}
    </div>
  );
}

function SubmissionEntry({ row }: { row: FiscalSubmission }) {
  const retry = useRetryFiscalSubmission();
  async function onRetry() {
    try {
      await retry.mutateAsync(row._id);
      toast.success(`${KIND_WORDS[row.kind]} of order ${row.orderReference} sent again`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The report could not be sent again');
    }
  }
  return (
    <li
      className="rounded-2xl border border-sand-200 bg-white p-4"
      aria-label={`${KIND_WORDS[row.kind]}, order ${orderReference(row.orderId)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">
            {KIND_WORDS[row.kind]} · order <span className="font-mono">{row.orderReference}</span> ·{' '}
            {formatKwacha(row.totalNgwee / 100)}
          </p>
          <p className="text-sm text-bark-700">
            {STATUS_WORDS[row.status]}
            {row.receiptNo !== null && ` · receipt ${row.receiptNo}`} · recorded {formatDateTime(row.createdAt)} · tried{' '}
            {row.sends} {row.sends === 1 ? 'time' : 'times'}
          </p>
          {row.lastError && (
            <p className={`mt-1 text-sm break-words ${row.status === 'failed' ? 'text-red-900' : 'text-bark-700'}`}>
              {row.resultCd ? 'VSDC: ' : ''}
              {row.lastError}
              {row.status === 'pending' && ` (tried again ${formatDateTime(row.nextTryAt)})`}
            </p>
          )}
        </div>
        {row.status === 'failed' && (
          <Button variant="outline" className="min-h-11" onClick={onRetry} disabled={retry.isPending}>
            Send again
          </Button>
        )}
      </div>
    </li>
  );
}
