import { useQuery } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatKwacha, lineTotalInKwacha, toKwacha, toNgwee } from '../../../shared/money';
import { orderReference, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/order-status';
import type { Order } from '../../../shared/schemas/orders';
import { ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth';
import { fetchOrder } from './api';
import { PaymentInstructions } from './payment-instructions';

const localDate = (iso: string) => new Date(iso).toLocaleDateString();

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-sand-200 pt-3 text-lg font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-bark-700'}>{label}</dt>
      <dd className="min-w-0 text-right break-all tabular-nums">{children}</dd>
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const subtotal = toKwacha(toNgwee(order.totalPrice) - toNgwee(order.taxPrice) - toNgwee(order.shippingPrice));
  return (
    <section aria-labelledby="details-title" className="rounded-2xl border border-sand-200 bg-white p-5 text-left sm:p-6">
      <h2 id="details-title" className="mb-4 text-xl font-bold">
        Order Details
      </h2>
      <dl className="space-y-2">
        <Row label="Order Number">{order._id}</Row>
        <Row label="Date">{localDate(order.createdAt)}</Row>
        <Row label="Payment Method">{PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod] ?? order.paymentMethod}</Row>
        <Row label="Order Status">{order.status}</Row>
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
        <Row label="Subtotal">{formatKwacha(subtotal)}</Row>
        <Row label="Tax">{formatKwacha(order.taxPrice)}</Row>
        <Row label="Shipping">{order.shippingPrice === 0 ? 'Free' : formatKwacha(order.shippingPrice)}</Row>
        <Row label="Total" strong>
          <span data-testid="order-total">{formatKwacha(order.totalPrice)}</span>
        </Row>
      </dl>
    </section>
  );
}

export function CheckoutSuccessPage() {
  useDocumentTitle('Order received');
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId') ?? '';
  const { isAuthenticated } = useAuth();
  const { data: order, isPending } = useQuery({
    queryKey: ['orders', orderId],
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    enabled: Boolean(orderId) && isAuthenticated,
    meta: { errorToast: 'Failed to fetch order' },
  });
  const loading = Boolean(orderId) && isAuthenticated && isPending;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 text-center sm:py-16">
      <CircleCheck size={64} aria-hidden="true" className="mx-auto mb-4 text-forest-600" />
      <h1 className="mb-3 text-3xl font-bold">Thank You For Your Order!</h1>
      {loading ? (
        <Spinner label="Loading your order" />
      ) : (
        <>
          <p className="mb-8 text-bark-700">
            {order
              ? `Your order #${orderReference(order._id)} has been received and is being processed.`
              : 'Your order has been received and is being processed.'}
          </p>
          {order && (
            <div className="space-y-6">
              <PaymentInstructions order={order} />
              <OrderDetails order={order} />
            </div>
          )}
        </>
      )}
      <ButtonLink to="/products" className="mt-8">
        Continue Shopping
      </ButtonLink>
    </div>
  );
}
