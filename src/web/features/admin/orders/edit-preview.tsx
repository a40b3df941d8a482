import { toKwacha } from '../../../../shared/money';
import type { OrderEditPreview } from '../../../../shared/schemas/order-edits';
import { formatKwacha } from '../../../lib/format';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

/** What the shopper's money does: "to collect" (a paid order's balance), "to refund", or the new total to pay. */
export function differenceWords(preview: OrderEditPreview, isPaid: boolean): string {
  if (preview.balanceDueNgwee > 0) return `To collect: ${kwacha(preview.balanceDueNgwee)}`;
  if (preview.refundNgwee > 0) return `To refund: ${kwacha(preview.refundNgwee)}`;
  if (preview.differenceNgwee === 0) return 'No difference in money';
  return isPaid
    ? 'Nothing to collect or refund'
    : `The shopper pays the new total (${preview.differenceNgwee > 0 ? 'more' : 'less'} than before)`;
}

/** The preview's figures: was, now, the difference, and what the stock cannot cover. */
export function EditPreviewPanel({ preview, isPaid }: { preview: OrderEditPreview; isPaid: boolean }) {
  const rows: [string, string][] = [
    ['Total before', kwacha(preview.before.totalNgwee)],
    ['Items', kwacha(preview.after.itemsNgwee)],
    ...(preview.after.discountNgwee > 0
      ? ([['Discount', `-${kwacha(preview.after.discountNgwee)}`]] as [string, string][])
      : []),
    ['Tax', kwacha(preview.after.taxNgwee)],
    ['Shipping', preview.after.shippingNgwee === 0 ? 'Free' : kwacha(preview.after.shippingNgwee)],
  ];
  return (
    <div className="space-y-3" data-testid="edit-preview">
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-bark-700">{label}</dt>
            <dd className="text-bark-900 tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-sand-200 pt-2 text-base font-semibold">
          <dt className="text-bark-900">New total</dt>
          <dd className="text-bark-900 tabular-nums" data-testid="edit-new-total">
            {kwacha(preview.after.totalNgwee)}
          </dd>
        </div>
      </dl>
      <p className="rounded-xl bg-sand-100 px-3 py-2 font-semibold text-bark-900" data-testid="edit-difference">
        {differenceWords(preview, isPaid)}
      </p>
      {preview.discountDropped && (
        <p className="text-sm text-bark-800">The order&apos;s discount code no longer applies to these lines.</p>
      )}
      {preview.stockProblems.length > 0 && (
        <ul role="alert" className="space-y-1 text-sm font-medium text-red-800">
          {preview.stockProblems.map((problem) => (
            <li key={`${problem.product}/${problem.variant ?? ''}`}>{problem.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
