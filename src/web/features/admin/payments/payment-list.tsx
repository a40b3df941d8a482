import { CircleCheck, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { toNgwee } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';
import { isLiveState, type OwedBack, type ReconciliationAttempt } from '../../../../shared/schemas/payments';
import { Button } from '../../../components/ui/button';
import { PaidBadge } from '../../../components/ui/paid-badge';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import type { AdminColumn } from '../shared/admin-list';
import {
  AttemptNote,
  AttemptResolution,
  AttemptStateBadge,
  attemptAmount,
  ProviderAndPhone,
  providerLabel,
} from './attempt-state';
import { OwedActions, OwedAmount, OwedOrderBadges, OwedPayers, OwedState, type OwedRowActions } from './owed-back-row';

type OnView = (orderId: string) => void;
type RowActions = OwedRowActions;

/** A row of the list: an order that owes money back (first on Needs attention), or a payment attempt. */
export type PaymentRow =
  { _id: string; owed: OwedBack; attempt?: never } | { _id: string; attempt: ReconciliationAttempt; owed?: never };

export const owedRow = (owed: OwedBack): PaymentRow => ({ _id: `owed-${owed._id}`, owed });
export const attemptRow = (attempt: ReconciliationAttempt): PaymentRow => ({ _id: attempt._id, attempt });

/** What a person can close: an ended attempt that still needs someone (a live one is still the poller's). */
const canResolve = (row: ReconciliationAttempt) => row.needsAttention && !row.resolution && !isLiveState(row.state);

function OrderNumber({ id }: { id: string }) {
  return (
    <span className="font-mono font-semibold text-bark-900" title={id}>
      {orderReference(id)}
    </span>
  );
}

function ViewOrderButton({ row, onView }: { row: ReconciliationAttempt; onView: OnView }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="min-h-11 whitespace-nowrap"
      onClick={() => onView(row.order._id)}
      aria-label={`View order ${orderReference(row.order._id)}`}
    >
      <Eye aria-hidden="true" className="h-4 w-4" />
      View order
    </Button>
  );
}

function ResolveButton({ row, onResolve }: { row: ReconciliationAttempt; onResolve: RowActions['onResolve'] }) {
  if (!canResolve(row)) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="min-h-11 whitespace-nowrap"
      onClick={() => onResolve(row)}
      aria-haspopup="dialog"
      aria-label={`Mark the payment for order ${orderReference(row.order._id)} as dealt with`}
    >
      <CircleCheck aria-hidden="true" className="h-4 w-4" />
      Mark as dealt with
    </Button>
  );
}

function Actions({ row, actions }: { row: ReconciliationAttempt; actions: RowActions }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ResolveButton row={row} onResolve={actions.onResolve} />
      <ViewOrderButton row={row} onView={actions.onView} />
    </div>
  );
}

function Customer({ row }: { row: Pick<ReconciliationAttempt, 'order'> }) {
  return (
    <>
      <div className="font-medium text-bark-900">{row.order.customerName || 'N/A'}</div>
      <div className="text-bark-600 [overflow-wrap:anywhere]">{row.order.customerEmail || 'N/A'}</div>
    </>
  );
}

/** The amount asked for; the order's total beside it only when they differ (an order changed after the attempt). */
function Amount({ row }: { row: ReconciliationAttempt }) {
  return (
    <>
      <div className="font-semibold whitespace-nowrap text-bark-900">{attemptAmount(row)}</div>
      {row.amountNgwee !== toNgwee(row.order.total) && (
        <div className="text-xs whitespace-nowrap text-bark-600">Order total {formatKwacha(row.order.total)}</div>
      )}
    </>
  );
}

function Provider({ row }: { row: ReconciliationAttempt }) {
  return (
    <>
      <div className="text-bark-900">{providerLabel(row.provider, row.method)}</div>
      <div className="font-mono whitespace-nowrap text-bark-700">{row.phone}</div>
    </>
  );
}

/** Each column draws an owed row or an attempt: the two kinds share the table's columns. */
const either =
  (owed: (row: OwedBack) => ReactNode, attempt: (row: ReconciliationAttempt) => ReactNode) => (row: PaymentRow) =>
    row.owed ? owed(row.owed) : attempt(row.attempt);

/** The table's columns (from 1024 px: beside the sidebar a tablet has too little room); below that each row is a card. */
export function paymentColumns(actions: RowActions): AdminColumn<PaymentRow>[] {
  return [
    {
      header: 'When',
      cell: either(
        (row) => <>Changed {formatDateTime(row.updatedAt)}</>,
        (row) => <>Started {formatDateTime(row.createdAt)}</>,
      ),
      className: 'text-bark-700 min-w-32',
    },
    {
      header: 'Order',
      cell: either(
        (row) => (
          <>
            <OrderNumber id={row._id} />
            <div className="mt-1">
              <OwedOrderBadges row={row} />
            </div>
          </>
        ),
        (row) => (
          <>
            <OrderNumber id={row.order._id} />
            <div className="mt-1">
              <PaidBadge isPaid={row.order.isPaid} />
            </div>
          </>
        ),
      ),
    },
    {
      header: 'Customer',
      cell: either(
        (row) => <Customer row={row} />,
        (row) => <Customer row={row} />,
      ),
      className: 'min-w-40',
    },
    {
      header: 'Payment',
      cell: either(
        (row) => (
          <>
            <OwedAmount row={row} />
            <OwedPayers row={row} />
          </>
        ),
        (row) => (
          <>
            <Amount row={row} />
            <Provider row={row} />
          </>
        ),
      ),
    },
    {
      header: 'State',
      className: 'min-w-48 max-w-72',
      cell: either(
        (row) => <OwedState row={row} />,
        (row) => (
          <div className="space-y-1.5">
            <AttemptStateBadge attempt={row} stuck={row.stuck} />
            <AttemptNote attempt={row} stuck={row.stuck} refundedNgwee={row.refundedNgwee} />
            <AttemptResolution attempt={row} />
          </div>
        ),
      ),
    },
    {
      header: 'Actions',
      align: 'right',
      rowPadding: 'py-2',
      cell: either(
        (row) => <OwedActions row={row} actions={actions} />,
        (row) => <Actions row={row} actions={actions} />,
      ),
    },
  ];
}

/** The top of a card on a phone: the order and its customer, the amount on the right. */
function CardHead({ orderId, customer, amount }: { orderId: string; customer: ReactNode; amount: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-xs text-bark-600">
          Order <OrderNumber id={orderId} />
        </p>
        <div className="mt-1 text-sm">{customer}</div>
      </div>
      <div className="shrink-0 text-right">{amount}</div>
    </div>
  );
}

function OwedCard({ row, actions }: { row: OwedBack; actions: RowActions }) {
  return (
    <>
      <CardHead orderId={row._id} customer={<Customer row={row} />} amount={<OwedAmount row={row} />} />
      <div className="mt-2 text-sm">
        <OwedPayers row={row} />
      </div>
      <p className="text-sm text-bark-700">Changed {formatDateTime(row.updatedAt)}</p>
      <div className="mt-3">
        <OwedOrderBadges row={row} />
      </div>
      <div className="mt-2">
        <OwedState row={row} />
      </div>
      <div className="mt-3">
        <OwedActions row={row} actions={actions} />
      </div>
    </>
  );
}

function AttemptCard({ row, actions }: { row: ReconciliationAttempt; actions: RowActions }) {
  return (
    <>
      <CardHead orderId={row.order._id} customer={<Customer row={row} />} amount={<Amount row={row} />} />
      <p className="mt-2 text-sm text-bark-700">
        <ProviderAndPhone attempt={row} />
      </p>
      <p className="text-sm text-bark-700">Started {formatDateTime(row.createdAt)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <AttemptStateBadge attempt={row} stuck={row.stuck} />
        <PaidBadge isPaid={row.order.isPaid} />
      </div>
      <div className="mt-2 space-y-2">
        <AttemptNote attempt={row} stuck={row.stuck} refundedNgwee={row.refundedNgwee} />
        <AttemptResolution attempt={row} />
      </div>
      <div className="mt-3">
        <Actions row={row} actions={actions} />
      </div>
    </>
  );
}

export function PaymentCard({ row, actions }: { row: PaymentRow; actions: RowActions }) {
  return row.owed ? <OwedCard row={row.owed} actions={actions} /> : <AttemptCard row={row.attempt} actions={actions} />;
}
