import { Eye } from 'lucide-react';
import { orderReference } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PaidBadge } from '../../../components/ui/paid-badge';
import { formatKwacha, formatDate } from '../../../lib/format';

interface OrderListProps {
  orders: Order[];
  onView: (order: Order) => void;
}

function OrderId({ id }: { id: string }) {
  return (
    <span className="font-mono font-semibold text-bark-900" title={id}>
      {orderReference(id)}
    </span>
  );
}

function ViewButton({ order, onView }: { order: Order; onView: (order: Order) => void }) {
  return (
    <Button variant="outline" size="sm" className="min-h-11" onClick={() => onView(order)} aria-label={`View order ${orderReference(order._id)}`}>
      <Eye aria-hidden="true" className="h-4 w-4" />
      View
    </Button>
  );
}

/** A table from 768 px; below that each order is a card, so nothing scrolls sideways on a phone. */
export function OrderList({ orders, onView }: OrderListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-sand-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-sand-50 text-xs font-semibold tracking-wide whitespace-nowrap text-bark-700 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3">Order ID</th>
              <th scope="col" className="px-3 py-3">Customer</th>
              <th scope="col" className="px-3 py-3">Date</th>
              <th scope="col" className="px-3 py-3 text-right">Total</th>
              <th scope="col" className="px-3 py-3">Status</th>
              <th scope="col" className="px-3 py-3">Payment</th>
              <th scope="col" className="px-3 py-3 text-right">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {orders.map((order) => (
              <tr key={order._id} className="hover:bg-sand-50">
                <td className="px-3 py-3">
                  <OrderId id={order._id} />
                </td>
                <td className="px-3 py-3">
                  <div className="font-medium text-bark-900">{order.user?.name || 'N/A'}</div>
                  <div className="text-bark-600 [overflow-wrap:anywhere]">{order.user?.email || 'N/A'}</div>
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-bark-700">{formatDate(order.createdAt)}</td>
                <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-bark-900">{formatKwacha(order.totalPrice)}</td>
                <td className="px-3 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-3 py-3">
                  <PaidBadge isPaid={order.isPaid} />
                </td>
                <td className="px-3 py-2 text-right">
                  <ViewButton order={order} onView={onView} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id} className="rounded-2xl border border-sand-200 bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs text-bark-600">
                  Order <OrderId id={order._id} />
                </p>
                <p className="mt-1 font-semibold text-bark-900">{order.user?.name || 'N/A'}</p>
                <p className="text-sm text-bark-600 [overflow-wrap:anywhere]">{order.user?.email || 'N/A'}</p>
              </div>
              <p className="shrink-0 font-semibold text-bark-900">{formatKwacha(order.totalPrice)}</p>
            </div>
            <p className="mt-2 text-sm text-bark-700">{formatDate(order.createdAt)}</p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap gap-2">
                <OrderStatusBadge status={order.status} />
                <PaidBadge isPaid={order.isPaid} />
              </div>
              <ViewButton order={order} onView={onView} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
