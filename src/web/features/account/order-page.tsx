import { useQuery } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Suspense } from 'react';
import { useParams } from '../../lib/router';
import { orderReference, paysByMobileMoney } from '../../../shared/order-status';
import type { Order } from '../../../shared/schemas/orders';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../components/ui/button';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { isNotFound } from '../../lib/api-client';
import { formatDate, formatKwacha } from '../../lib/format';
import { toKwacha } from '../../../shared/money';
import { isOrderPaid } from '../../../shared/order-balance';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isSessionError } from '../auth';
import { failureMessage } from '../../lib/failure-message';
import { FiscalReceiptPanel, OrderDetails, orderQuery, PaymentInstructions, RefundMark } from '../checkout';
import { useAccountGate } from './login-gate';
import { PaidBadge } from '../../components/ui/paid-badge';
import { PayByPhone } from '../payments';
import { PaymentReferenceForm } from './payment-reference-form';
import { useEndSessionOnError, useSessionErrorHandler } from './session';
import { ReturnsSection } from '../returns';

const MY_ORDERS_CRUMBS = [
  { label: 'Home', to: '/' },
  { label: 'My Account', to: '/account' },
  { label: 'My Orders', to: '/account/orders' },
];

export function OrderPage() {
  const { id = '' } = useParams();
  useDocumentTitle(`Order #${orderReference(id)}`);
  const isCustomer = useAccountGate('You must be logged in to view order details');
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumb items={[...MY_ORDERS_CRUMBS, { label: `#${orderReference(id)}` }]} />
      {isCustomer && <OrderScreen id={id} />}
    </div>
  );
}

function OrderScreen({ id }: { id: string }) {
  const {
    data: order,
    error,
    isPending,
    refetch,
    isRefetching,
  } = useQuery({ ...orderQuery(id), meta: { errorToast: false } });
  useEndSessionOnError(error);

  if (isPending) return <Spinner label="Loading your order" />;
  if (error) {
    if (isSessionError(error)) return null;
    if (isNotFound(error)) {
      return (
        <div className="py-12 text-center">
          <h1 className="mb-3 text-3xl font-bold">Order not found</h1>
          <p className="mb-8 text-bark-700">
            We could not find this order in your account. Please check the link or choose it from your orders.
          </p>
          <ButtonLink to="/account/orders">Back to My Orders</ButtonLink>
        </div>
      );
    }
    return (
      <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-5 text-center">
        <p className="mb-4 font-semibold text-red-900">{failureMessage(error, 'Failed to fetch order')}</p>
        <Button variant="outline" onClick={() => refetch()} disabled={isRefetching}>
          Try Again
        </Button>
      </div>
    );
  }
  return <OrderView order={order} />;
}

function OrderView({ order }: { order: Order }) {
  const onSessionError = useSessionErrorHandler();
  const cancelled = order.status === 'Cancelled';
  const mobileMoney = paysByMobileMoney(order.paymentMethod);
  return (
    <>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">
        Order <span className="font-mono">#{orderReference(order._id)}</span>
      </h1>
      <p className="mt-2 mb-6 flex flex-wrap items-center gap-2 text-bark-700">
        <span>Placed on {formatDate(order.createdAt)}</span>
        <OrderStatusBadge status={order.status} />
        <PaidBadge isPaid={order.isPaid} paymentReference={order.paymentReference} />
      </p>
      <div className="space-y-6">
        {order.isPaid && order.paidAt && (
          <p className="flex items-center gap-2 rounded-2xl border-2 border-forest-200 bg-forest-50 p-4 font-semibold text-forest-900">
            <CircleCheck size={24} aria-hidden="true" className="shrink-0" />
            Paid on {formatDate(order.paidAt)}
          </p>
        )}
        {order.isPaid && order.balanceDueNgwee > 0 && !cancelled && (
          <p className="rounded-2xl border-2 border-honey-400 bg-white p-4 font-semibold" data-testid="balance-due">
            Your order was changed: a balance of {formatKwacha(toKwacha(order.balanceDueNgwee))} is due.
          </p>
        )}
        <RefundMark order={order} />
        {cancelled && !order.isPaid && (
          <p className="rounded-2xl border border-sand-200 bg-white p-4">
            This order was cancelled: there is nothing to pay.
          </p>
        )}
        {!cancelled && (
          <PayByPhone
            order={order}
            manual={
              !isOrderPaid(order) && (
                <>
                  <PaymentInstructions order={order} />
                  {mobileMoney && <PaymentReferenceForm order={order} onSessionError={onSessionError} />}
                </>
              )
            }
          />
        )}
        <FiscalReceiptPanel receipt={order.fiscalReceipt} />
        <OrderDetails order={order} />
        {!cancelled && (
          <Suspense fallback={<Spinner label="Loading returns" />}>
            <ReturnsSection owner={{ kind: 'order', orderId: order._id }} />
          </Suspense>
        )}
        <ShippingAddress order={order} />
      </div>
      <ButtonLink to="/account/orders" variant="outline" className="mt-8 w-full sm:w-auto">
        Back to My Orders
      </ButtonLink>
    </>
  );
}

function ShippingAddress({ order }: { order: Order }) {
  const { address, city, province, zipCode, phoneNumber } = order.shippingAddress;
  return (
    <section aria-labelledby="shipping-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="shipping-title" className="mb-3 text-xl font-bold">
        Delivery
      </h2>
      <address className="break-words not-italic">
        {address}
        <br />
        {city}, {province} {zipCode}
        <br />
        {phoneNumber}
      </address>
    </section>
  );
}
