import type { ReactNode } from 'react';
import { formatKwacha, lineTotalInKwacha, toKwacha, toNgwee } from '../../../shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/order-status';
import type { Order } from '../../../shared/schemas/orders';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { PaidBadge } from '../../components/ui/paid-badge';
import { formatDate } from '../../lib/format';
import { OrderDelivery } from './order-delivery';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-sand-200 pt-3 text-lg font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-bark-700'}>{label}</dt>
      <dd className="min-w-0 text-right break-all tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The order as the server stored it: shown after checkout and on the customer's order page. `withPayment`
 * adds whether it is paid (the order page says so in its heading already).
 */
export function OrderDetails({ order, withPayment = false }: { order: Order; withPayment?: boolean }) {
  // SPEC words the subtotal as total minus tax minus shipping: what the customer was charged, not a recount.
  const subtotal = toKwacha(toNgwee(order.totalPrice) - toNgwee(order.taxPrice) - toNgwee(order.shippingPrice));
  return (
    <section
      aria-labelledby="details-title"
      className="rounded-2xl border border-sand-200 bg-white p-5 text-left sm:p-6"
    >
      <h2 id="details-title" className="mb-4 text-xl font-bold">
        Order Details
      </h2>
      <dl className="space-y-2">
        <Row label="Order Number">{order._id}</Row>
        <Row label="Date">{formatDate(order.createdAt)}</Row>
        <Row label="Payment Method">
          {PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod] ?? order.paymentMethod}
        </Row>
        <Row label="Order Status">
          <OrderStatusBadge status={order.status} />
        </Row>
        {withPayment && (
          <Row label="Payment">
            <PaidBadge isPaid={order.isPaid} paymentReference={order.paymentReference} />
            {order.isPaid && order.paidAt && <span className="ml-2 text-bark-700">{formatDate(order.paidAt)}</span>}
          </Row>
        )}
      </dl>
      <h3 className="mt-5 mb-2 font-semibold">Items</h3>
      <ul className="space-y-2 border-b border-sand-200 pb-4">
        {order.orderItems.map((item) => (
          <li key={item._id} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {item.name} <span className="text-bark-600">x {item.quantity}</span>
            </span>
            <span className="shrink-0 tabular-nums">{formatKwacha(lineTotalInKwacha(item.price, item.quantity))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2">
        <Row label="Subtotal">{formatKwacha(order.discountAmount > 0 ? order.itemsPrice : subtotal)}</Row>
        {order.discountAmount > 0 && (
          <Row label={`Discount (${order.discountCode})`}>
            <span data-testid="order-discount">−{formatKwacha(order.discountAmount)}</span>
          </Row>
        )}
        <Row label="Tax">{formatKwacha(order.taxPrice)}</Row>
        <Row label="Shipping">{order.shippingPrice === 0 ? 'Free' : formatKwacha(order.shippingPrice)}</Row>
        <Row label="Total" strong>
          <span data-testid="order-total">{formatKwacha(order.totalPrice)}</span>
        </Row>
      </dl>
      <OrderDelivery delivery={order.delivery} collection={order.collection} />
    </section>
  );
}
