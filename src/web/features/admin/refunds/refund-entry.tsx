import { useId } from 'react';
import type { Refund } from '../../../../shared/schemas/refunds';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import { useAuth } from '../../auth';
import { useApproveRefund } from './api';
import { REFUND_STATE_WORDS, REFUND_STUCK_WORDS, routeInWords } from './refund-words';

/** Said instead of an approval the asking admin may not give (the maker-checker rule). */
export const ANOTHER_ADMIN_MUST_APPROVE = 'Another admin must approve this refund';

const who = (person: { name: string } | null) => person?.name || 'a former admin';

export function RefundStateBadge({ state }: { state: Refund['state'] }) {
  const { label, tone } = REFUND_STATE_WORDS[state];
  return <Badge tone={tone}>{label}</Badge>;
}

/** The warning line of a refund on its way too long (the `stuck` of the API). */
export function RefundStuckWarning({ refund }: { refund: Pick<Refund, 'stuck'> }) {
  if (!refund.stuck) return null;
  return (
    <p className="rounded-xl border border-amber-200 bg-amber-50 p-2 break-words text-amber-900">
      {REFUND_STUCK_WORDS}.
    </p>
  );
}

/** Who asked, who approved, who called it off, and why it failed: the refund's story in its order. */
function RefundStory({ refund }: { refund: Refund }) {
  return (
    <>
      <p className="text-bark-700">
        Asked by {who(refund.requestedBy)}, {formatDateTime(refund.requestedAt)}
      </p>
      <p className="break-words text-bark-800">Reason: {refund.reason}</p>
      {refund.approvedBy && refund.approvedAt && (
        <p className="text-bark-700">
          Approved by {who(refund.approvedBy)}, {formatDateTime(refund.approvedAt)}
        </p>
      )}
      {refund.cancelledBy && (
        <p className="break-words text-bark-700">
          Cancelled by {who(refund.cancelledBy)}: {refund.cancelledBy.note}
        </p>
      )}
      {refund.state === 'successful' && refund.endedAt && (
        <p className="text-bark-700">Reached the shopper {formatDateTime(refund.endedAt)}</p>
      )}
      {refund.state === 'failed' && (
        <p className="rounded-xl border border-red-200 bg-red-50 p-2 break-words text-red-900">
          Failed{refund.endedAt ? ` ${formatDateTime(refund.endedAt)}` : ''}:{' '}
          {refund.failureReason ?? 'no reason given'}. The money did not leave; ask again or send it by hand.
        </p>
      )}
      {refund.providerTransactionId && (
        <p className="text-bark-600">
          Transaction id <span className="font-mono break-all text-bark-900">{refund.providerTransactionId}</span>
        </p>
      )}
    </>
  );
}

/** Approve (only another admin than the one who asked) and Cancel (until it is sent). */
function RefundActions({ refund, onCancel }: { refund: Refund; onCancel: (refund: Refund) => void }) {
  const { user } = useAuth();
  const approve = useApproveRefund();
  const explanation = useId();
  const mine = user !== null && refund.requestedBy._id === user._id;
  const waiting = refund.state === 'requested';
  if (!waiting && refund.state !== 'approved') return null;
  return (
    <div className="space-y-2 pt-1">
      {waiting && mine && (
        <p id={explanation} className="text-bark-800">
          {ANOTHER_ADMIN_MUST_APPROVE}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {waiting && (
          <Button
            size="sm"
            disabled={mine || approve.isPending}
            aria-describedby={mine ? explanation : undefined}
            onClick={() => approve.mutate(refund._id)}
            aria-label={`Approve the refund of ${formatKwacha(refund.amount)}`}
          >
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          aria-haspopup="dialog"
          onClick={() => onCancel(refund)}
          aria-label={`Cancel the refund of ${formatKwacha(refund.amount)}`}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** One refund of the order's panel. */
export function RefundEntry({ refund, onCancel }: { refund: Refund; onCancel: (refund: Refund) => void }) {
  return (
    <li className="space-y-1 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RefundStateBadge state={refund.state} />
        <span className="font-semibold text-bark-900">{formatKwacha(refund.amount)}</span>
      </div>
      <p className="text-bark-900">{routeInWords(refund)}</p>
      <RefundStuckWarning refund={refund} />
      <RefundStory refund={refund} />
      <RefundActions refund={refund} onCancel={onCancel} />
    </li>
  );
}
