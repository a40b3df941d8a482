import { useState } from 'react';
import { formatKwacha } from '../../../lib/format';
import { Spinner } from '../../../components/ui/spinner';
import { toKwacha } from '../../../../shared/money';
import { shopMonthOf } from '../../../../shared/shop-time';
import { useVatReport } from './api';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

const DIFFERENCE_WORDS = {
  'no-report': 'No sale reported',
  'not-issued': 'No receipt yet',
  'amounts-differ': 'Amounts differ',
  'refund-without-credit-note': 'Refund without a credit note',
  'credit-differs': 'Credit note differs',
} as const;

/** A month's VAT as the ZRA receipts say it, beside the orders paid and refunds made, with each difference. */
export function VatReportSection() {
  const [month, setMonth] = useState(() => shopMonthOf(new Date()));
  const { data, isPending, isError } = useVatReport(month);
  return (
    <section aria-labelledby="vat-title" className="mt-10">
      <h2 id="vat-title" className="text-2xl font-bold">
        VAT for a month, from the receipts
      </h2>
      <label className="mt-3 mb-4 block">
        <span className="mb-1.5 block text-sm font-semibold">Month</span>
        <input
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          className="min-h-11 rounded-xl border border-sand-300 px-3"
        />
      </label>
      {isPending ? (
        <Spinner label="Loading the month" />
      ) : isError ? (
        <p role="alert" className="text-red-900">
          The month could not be read. Please try again.
        </p>
      ) : (
        <>
          <dl className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-5 sm:grid-cols-2">
            <Figure
              label={`Sales with a receipt (${data.sales.issued.count})`}
              value={kwacha(data.sales.issued.totalNgwee)}
            />
            <Figure label="Their VAT" value={kwacha(data.sales.issued.vatNgwee)} />
            <Figure
              label={`Credit notes with a receipt (${data.creditNotes.issued.count})`}
              value={kwacha(data.creditNotes.issued.totalNgwee)}
            />
            <Figure label="Their VAT" value={kwacha(data.creditNotes.issued.vatNgwee)} />
            <Figure label="Net VAT from the receipts" value={kwacha(data.netVatNgwee)} strong />
            <Figure
              label={`Waiting for a receipt (${data.sales.waiting.count + data.creditNotes.waiting.count})`}
              value={kwacha(data.sales.waiting.totalNgwee + data.creditNotes.waiting.totalNgwee)}
            />
            <Figure
              label={`The shop's books: orders paid (${data.books.paidOrders.count}), their VAT`}
              value={kwacha(data.books.paidOrders.vatNgwee)}
            />
            <Figure
              label={`Refunds made (${data.books.refunds.count}), VAT credited`}
              value={kwacha(data.books.refunds.vatNgwee)}
            />
          </dl>
          <h3 className="mt-5 mb-2 text-lg font-semibold">Differences</h3>
          {data.differences.length === 0 ? (
            <p>None: every order paid and refund made this month has its receipt, for the same amount.</p>
          ) : (
            <ul aria-label="Differences" className="space-y-2">
              {data.differences.map((d, i) => (
                <li key={`${d.orderId}-${i}`} className="rounded-xl border border-sand-200 bg-white p-3">
                  <span className="font-semibold">{DIFFERENCE_WORDS[d.kind]}</span> · order{' '}
                  <span className="font-mono">{d.orderReference}</span>: {d.detail}
                </li>
              ))}
              {data.moreDifferences > 0 && <li>And {data.moreDifferences} more.</li>}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-bark-700">{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'font-bold' : ''}`}>{value}</dd>
    </div>
  );
}
