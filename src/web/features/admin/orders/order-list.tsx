import { Eye } from 'lucide-react';
import { ORDER_CHANNEL_LABELS, orderReference } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PaidBadge } from '../../../components/ui/paid-badge';
import { formatKwacha, formatDate } from '../../../lib/format';
import type { AdminColumn } from '../shared/admin-list';

function OrderId({ id }: { id: string }) {
  return (
    <span className="font-mono font-semibold text-bark-900" title={id}>
      {orderReference(id)}
    </span>
  );
}

function ViewButton({ order, onView }: { order: Order; onView: (order: Order) => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="min-h-11"
      onClick={() => onView(order)}
      aria-label={`View order ${orderReference(order._id)}`}
    >
      <Eye aria-hidden="true" className="h-4 w-4" />
      View
    </Button>
  );
}

/** The table's columns (from 768 px); below that each order is a card. */
export function orderColumns(onView: (order: Order) => void): AdminColumn<Order>[] {
  return [
    { header: 'Order ID', cell: (order) => <OrderId id={order._id} /> },
    {
      header: 'Customer',
      cell: (order) => (
        <>
          <div className="font-medium text-bark-900">{order.user?.name || 'N/A'}</div>
          <div className="text-bark-600 [overflow-wrap:anywhere]">{order.user?.email || 'N/A'}</div>
        </>
      ),
    },
    {
      header: 'Date',
      cell: (order) => (
        <>
          {formatDate(order.createdAt)}
          <div className="text-xs text-bark-600">{channelNote(order)}</div>
        </>
      ),
      className: 'whitespace-nowrap text-bark-700',
    },
    {
      header: 'Total',
      align: 'right',
      cell: (order) => (
        <>
          {formatKwacha(order.totalPrice)}
          {order.discountCode && <DiscountNote order={order} />}
        </>
      ),
      className: 'font-semibold whitespace-nowrap text-bark-900',
    },
    { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    { header: 'Payment', cell: (order) => <PaidBadge isPaid={order.isPaid} /> },
    {
      header: 'Actions',
      align: 'right',
      rowPadding: 'py-2',
      cell: (order) => <ViewButton order={order} onView={onView} />,
    },
  ];
}

/** The code an order used, under its total. */
function DiscountNote({ order }: { order: Order }) {
  return (
    <span className="block text-xs font-normal text-forest-800">
      {order.discountCode} −{formatKwacha(order.discountAmount)}
    </span>
  );
}
/** Where the order was placed: the web checkout, or a USSD session from any phone. */
const channelNote = (order: Order) => `by ${ORDER_CHANNEL_LABELS[order.channel] ?? order.channel}`;

export function OrderCard({ order, onView }: { order: Order; onView: (order: Order) => void }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-bark-600">
            Order <OrderId id={order._id} />
          </p>
          <p className="mt-1 font-semibold text-bark-900">{order.user?.name || 'N/A'}</p>
          <p className="text-sm text-bark-600 [overflow-wrap:anywhere]">{order.user?.email || 'N/A'}</p>
        </div>
        <p className="shrink-0 text-right font-semibold text-bark-900">
          {formatKwacha(order.totalPrice)}
          {order.discountCode && <DiscountNote order={order} />}
        </p>
      </div>
      <p className="mt-2 text-sm text-bark-700">
        {formatDate(order.createdAt)} · {channelNote(order)}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <OrderStatusBadge status={order.status} />
          <PaidBadge isPaid={order.isPaid} />
        </div>
        <ViewButton order={order} onView={onView} />
      </div>
    </>
  );
}
