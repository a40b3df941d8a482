import { Eye } from 'lucide-react';
import { orderReference } from '../../../../shared/order-status';
import type { RefundList } from '../../../../shared/schemas/refunds';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import type { AdminColumn } from '../shared/admin-list';
import { RefundStateBadge, RefundStuckWarning } from './refund-entry';
import { routeInWords } from './refund-words';

export type ListedRefund = RefundList['refunds'][number];
type OnView = (orderId: string) => void;

function ViewOrderButton({ row, onView }: { row: ListedRefund; onView: OnView }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="min-h-11 whitespace-nowrap"
      onClick={() => onView(row.orderId)}
      aria-label={`View order ${orderReference(row.orderId)}`}
    >
      <Eye aria-hidden="true" className="h-4 w-4" />
      View order
    </Button>
  );
}

function OrderAndCustomer({ row }: { row: ListedRefund }) {
  return (
    <>
      <span className="font-mono font-semibold text-bark-900" title={row.orderId}>
        {orderReference(row.orderId)}
      </span>
      <div className="text-bark-700">{row.order.customerName || 'N/A'}</div>
    </>
  );
}

function Money({ row }: { row: ListedRefund }) {
  return (
    <>
      <div className="font-semibold whitespace-nowrap text-bark-900">{formatKwacha(row.amount)}</div>
      <div className="text-xs whitespace-nowrap text-bark-600">of {formatKwacha(row.order.total)}</div>
    </>
  );
}

/** The state, and what a person may need to know about it: who must act, or why it failed. */
function State({ row }: { row: ListedRefund }) {
  return (
    <div className="space-y-1">
      <RefundStateBadge state={row.state} />
      <RefundStuckWarning refund={row} />
      {row.state === 'failed' && row.failureReason && (
        <p className="text-sm break-words text-red-900">{row.failureReason}</p>
      )}
      {row.state === 'requested' && (
        <p className="text-sm text-bark-700">
          Asked by {row.requestedBy.name || 'a former admin'}: another admin approves it in the order.
        </p>
      )}
    </div>
  );
}

/** The table's columns (from 1024 px, as the payments); below that each refund is a card. */
export function refundColumns(onView: OnView): AdminColumn<ListedRefund>[] {
  return [
    { header: 'Asked', cell: (row) => formatDateTime(row.requestedAt), className: 'text-bark-700 min-w-32' },
    { header: 'Order', cell: (row) => <OrderAndCustomer row={row} />, className: 'min-w-40' },
    { header: 'Refund', cell: (row) => <Money row={row} /> },
    { header: 'Where to', cell: (row) => routeInWords(row), className: 'min-w-40 text-bark-800' },
    { header: 'State', cell: (row) => <State row={row} />, className: 'min-w-48 max-w-72' },
    {
      header: 'Actions',
      align: 'right',
      rowPadding: 'py-2',
      cell: (row) => <ViewOrderButton row={row} onView={onView} />,
    },
  ];
}

export function RefundCard({ row, onView }: { row: ListedRefund; onView: OnView }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="text-xs text-bark-600">Order</p>
          <OrderAndCustomer row={row} />
        </div>
        <div className="shrink-0 text-right">
          <Money row={row} />
        </div>
      </div>
      <p className="mt-2 text-sm text-bark-800">{routeInWords(row)}</p>
      <p className="text-sm text-bark-700">Asked {formatDateTime(row.requestedAt)}</p>
      <div className="mt-2">
        <State row={row} />
      </div>
      <div className="mt-3 flex justify-end">
        <ViewOrderButton row={row} onView={onView} />
      </div>
    </>
  );
}
