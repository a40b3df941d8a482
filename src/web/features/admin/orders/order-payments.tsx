import type { Order } from '../../../../shared/schemas/orders';
import { formatDateTime } from '../../../lib/format';
import {
  AttemptNote,
  AttemptResolution,
  AttemptStateBadge,
  attemptAmount,
  ProviderAndPhone,
} from '../payments/attempt-state';
import { useOrderAttempts } from './api';

/** Who marked the order paid by hand, when and why (admins only; older marks have no reason). */
export function MarkedPaid({ order }: { order: Order }) {
  const mark = order.markedPaid;
  if (!mark) return null;
  return (
    <>
      <dt className="text-bark-600">Marked paid by</dt>
      <dd className="text-bark-900">
        {mark.by.name || 'A former admin'}, {formatDateTime(mark.at)}
      </dd>
      <dt className="text-bark-600">Reason</dt>
      <dd className="break-words text-bark-900">{mark.note ?? 'No reason recorded'}</dd>
    </>
  );
}

/** The order's mobile-money attempts, the live one first: what each provider said, and what needs settling. */
export function OrderAttempts({ order }: { order: Order }) {
  const attempts = useOrderAttempts(order._id);
  if (attempts.isPending)
    return (
      <p role="status" className="text-sm text-bark-700">
        Loading mobile-money payments...
      </p>
    );
  if (attempts.isError) return <p className="text-sm text-red-800">Failed to load the mobile-money payments.</p>;
  if (attempts.data.length === 0)
    return <p className="text-sm text-bark-700">No payment was asked from a phone for this order.</p>;
  return (
    <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200" aria-label="Mobile-money payments">
      {attempts.data.map((attempt) => (
        <li key={attempt._id} className="space-y-1.5 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <AttemptStateBadge attempt={attempt} />
            <span className="font-semibold text-bark-900">{attemptAmount(attempt)}</span>
          </div>
          <p className="text-bark-800">
            <ProviderAndPhone attempt={attempt} />
          </p>
          <p className="text-bark-600">
            Started {formatDateTime(attempt.createdAt)}
            {attempt.endedAt && <>; ended {formatDateTime(attempt.endedAt)}</>}
          </p>
          {attempt.providerTransactionId && !attempt.flagged && (
            <p className="text-bark-600">
              Transaction id <span className="font-mono break-all text-bark-900">{attempt.providerTransactionId}</span>
            </p>
          )}
          <AttemptNote attempt={attempt} />
          <AttemptResolution attempt={attempt} />
        </li>
      ))}
    </ul>
  );
}
