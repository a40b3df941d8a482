import { CircleCheck, Undo2 } from 'lucide-react';
import { toKwacha } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';
import type { OwedBack, OwedPayment, OwedReason } from '../../../../shared/schemas/payments';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PaidBadge } from '../../../components/ui/paid-badge';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import { localMobile } from '../refunds/refund-words';
import { providerLabel } from './attempt-state';
import type { ResolvedAttempt } from './resolve-dialog';

/**
 * An order that owes its shopper money back, as a row of Needs attention (docs/decisions/055-money-owed-back.md):
 * how much, to which wallet, why, and what to do: refund it from the order, or, for a collection that did not
 * pay it, mark it dealt with when it was settled otherwise. The amounts are the server's.
 */
export interface OwedRowActions {
  onView: (orderId: string) => void;
  onResolve: (attempt: ResolvedAttempt) => void;
}

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));
const wallet = (payment: OwedPayment) =>
  `${providerLabel(payment.provider, payment.method)} ${localMobile(payment.phone)}`;

function reasonInWords(reason: OwedReason): string {
  if (reason.kind === 'cancelled') return `Cancelled after it took ${kwacha(reason.amountNgwee)}.`;
  if (reason.kind === 'flagged')
    return reason.note ?? `Collected ${kwacha(reason.amountNgwee)}, but not as this order’s payment.`;
  const to = reason.payment ? ` to ${localMobile(reason.payment.phone)}` : '';
  const when = reason.at ? ` ${formatDateTime(reason.at)}` : '';
  return `Refund of ${kwacha(reason.amountNgwee)}${to} failed${when}: ${reason.note ?? 'no reason given'}. The money did not leave.`;
}

/** The amount owed, and the order's total under it; on two lines, so a phone's card leaves the customer room. */
export function OwedAmount({ row }: { row: OwedBack }) {
  return (
    <>
      <div className="whitespace-nowrap">
        <span className="block font-semibold text-bark-900">{kwacha(row.owedNgwee)}</span>{' '}
        <span className="block text-sm text-red-900">owed back</span>
      </div>
      <div className="text-xs whitespace-nowrap text-bark-600">Order total {formatKwacha(row.order.total)}</div>
    </>
  );
}

/** Where the money goes back: the wallets it came from, or by hand. */
export function OwedPayers({ row }: { row: OwedBack }) {
  if (row.payers.length === 0) return <p className="text-bark-800">Paid by hand: send it back by hand</p>;
  return (
    <ul className="text-bark-800">
      {row.payers.map((payer) => (
        <li key={payer._id}>To {wallet(payer)}</li>
      ))}
    </ul>
  );
}

/** The order's badges: paid or not, and cancelled. */
export function OwedOrderBadges({ row }: { row: OwedBack }) {
  return (
    <div className="flex flex-wrap gap-2">
      <PaidBadge isPaid={row.order.isPaid} />
      {row.order.status === 'Cancelled' && <Badge tone="neutral">Cancelled</Badge>}
    </div>
  );
}

/** Why it is owed, in plain words, and what is already on its way. */
export function OwedState({ row }: { row: OwedBack }) {
  const failed = row.reasons.some((reason) => reason.kind === 'refund-failed');
  return (
    <div className="space-y-1.5">
      <Badge tone="red">{failed ? 'Refund failed' : 'Owed back'}</Badge>
      <ul className="space-y-1 text-sm break-words text-bark-800">
        {row.reasons.map((reason, index) => (
          <li key={index} className={reason.kind === 'refund-failed' ? 'text-red-900' : undefined}>
            {reasonInWords(reason)}
          </li>
        ))}
      </ul>
      {row.onItsWayNgwee > 0 && (
        <p className="text-sm text-bark-700">
          {row.awaitingApproval
            ? `${kwacha(row.onItsWayNgwee)} asked: waiting for another admin to approve it in the order.`
            : `${kwacha(row.onItsWayNgwee)} on its way to the shopper.`}
        </p>
      )}
    </div>
  );
}

/** Refund (the order's refunds, where a failed one is asked again), and "dealt with" for each flagged collection. */
export function OwedActions({ row, actions }: { row: OwedBack; actions: OwedRowActions }) {
  const ref = orderReference(row._id);
  const flagged = row.reasons.filter((reason) => reason.kind === 'flagged' && reason.payment);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {flagged.map((reason) => {
        const payment = reason.payment!;
        const which = flagged.length > 1 ? ` (${kwacha(reason.amountNgwee)} from ${localMobile(payment.phone)})` : '';
        return (
          <Button
            key={payment._id}
            variant="secondary"
            size="sm"
            className="min-h-11 whitespace-nowrap"
            onClick={() =>
              actions.onResolve({
                _id: payment._id,
                orderId: row._id,
                provider: payment.provider,
                method: payment.method,
              })
            }
            aria-haspopup="dialog"
            aria-label={`Mark the payment for order ${ref} as dealt with${which}`}
          >
            <CircleCheck aria-hidden="true" className="h-4 w-4" />
            Mark as dealt with
          </Button>
        );
      })}
      <Button
        size="sm"
        className="min-h-11 whitespace-nowrap"
        onClick={() => actions.onView(row._id)}
        aria-label={`Refund order ${ref}`}
      >
        <Undo2 aria-hidden="true" className="h-4 w-4" />
        Refund
      </Button>
    </div>
  );
}
