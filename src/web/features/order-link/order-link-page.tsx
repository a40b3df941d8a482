import { useQuery } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import LinkIcon from 'lucide-react/icons/link';
import { Suspense, type ReactNode } from 'react';
import { useParams } from '../../lib/router';
import type { OrderLinkView } from '../../../shared/schemas/order-link';
import { Button, ButtonLink } from '../../components/ui/button';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { ProductImage } from '../../components/ui/product-image';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { formatDate, formatKwacha } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FiscalReceiptPanel, HowToPayPanel, RefundMark } from '../checkout';
import { ReturnsSection } from '../returns';
import { orderLinkQuery } from './api';
import { OrderSteps } from './order-steps';

/** After logging in, the customer lands on their list of orders (a known redirect of the login page). */
const LOGIN_TO_ORDERS = '/login?redirect=account/orders';

/** /o/:token, the order link of an SMS: one order, read-only, for whoever holds the link. */
export function OrderLinkPage() {
  const { token = '' } = useParams();
  useDocumentTitle('Your Order');
  const {
    data: order,
    error,
    isPending,
    refetch,
    isRefetching,
  } = useQuery({ ...orderLinkQuery(token), meta: { errorToast: false } });
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      {isPending ? (
        <Spinner label="Loading your order" className="min-h-[40vh]" />
      ) : error ? (
        <LinkFailure error={error} onRetry={() => refetch()} retrying={isRefetching} />
      ) : (
        <LinkedOrder order={order} token={token} />
      )}
    </div>
  );
}

function LinkFailure({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404 || status === 410) {
    return (
      <div className="py-10 text-center">
        <LinkIcon size={48} aria-hidden="true" className="mx-auto mb-4 text-forest-300" />
        <h1 className="mb-3 text-3xl font-bold">{status === 410 ? 'This link has expired' : 'Link not valid'}</h1>
        <p className="mx-auto mb-8 max-w-md text-bark-700">{error.message}</p>
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to={LOGIN_TO_ORDERS} className="w-full sm:w-auto">
            Log in to see your orders
          </ButtonLink>
          <ButtonLink to="/contact" variant="outline" className="w-full sm:w-auto">
            Contact the shop
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-5 text-center">
      <p className="mb-4 font-semibold text-red-900">{failureMessage(error, 'Failed to fetch order')}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        Try Again
      </Button>
    </div>
  );
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-sand-200 pt-3 text-lg font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-bark-700'}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

function LinkedOrder({ order, token }: { order: OrderLinkView; token: string }) {
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">
        Order <span className="font-mono">#{order.reference}</span>
      </h1>
      <p className="mt-2 mb-6 flex flex-wrap items-center gap-2 text-bark-700">
        <span>Placed on {formatDate(order.createdAt)}</span>
        <OrderStatusBadge status={order.status} />
      </p>
      <div className="space-y-6">
        <section aria-label="Order progress" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
          <OrderSteps order={order} />
        </section>
        {order.isPaid && order.paidAt && (
          <p className="flex items-center gap-2 rounded-2xl border-2 border-forest-200 bg-forest-50 p-4 font-semibold text-forest-900">
            <CircleCheck size={24} aria-hidden="true" className="shrink-0" />
            Paid on {formatDate(order.paidAt)}
          </p>
        )}
        <RefundMark order={order} />
        {order.howToPay && <HowToPayPanel pay={order.howToPay} missingNumber="please ask the shop for it" />}
        <OrderItems order={order} />
        {order.status !== 'Cancelled' && (
          <Suspense fallback={<Spinner label="Loading returns" />}>
            <ReturnsSection owner={{ kind: 'link', token }} />
          </Suspense>
        )}
        <FiscalReceiptPanel receipt={order.fiscalReceipt} />
      </div>
      <div className="mt-8 space-y-3 text-center sm:text-left">
        <ButtonLink to={LOGIN_TO_ORDERS} variant="outline" className="w-full sm:w-auto">
          Log in to see all your orders
        </ButtonLink>
        <p className="text-sm text-bark-600">
          This link works until {formatDate(order.linkExpiresAt)}. Anyone you share it with can see this order, but not
          your name, address or phone number.
        </p>
      </div>
    </>
  );
}

function OrderItems({ order }: { order: OrderLinkView }) {
  return (
    <section aria-labelledby="items-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="items-title" className="mb-4 text-xl font-bold">
        Items
      </h2>
      <ul className="divide-y divide-sand-200 border-b border-sand-200">
        {order.orderItems.map((item) => (
          <li key={item._id} className="flex items-center gap-3 py-3">
            <ProductImage
              url={item.image}
              alt=""
              sizes="56px"
              width={400}
              height={400}
              className="aspect-square w-14 shrink-0 rounded-lg"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold break-words">{item.name}</span>
              <span className="block text-sm text-bark-600 tabular-nums">
                {item.quantity} x {formatKwacha(item.price)}
              </span>
            </span>
            <span className="shrink-0 font-semibold tabular-nums">{formatKwacha(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2">
        <Row label="Subtotal">{formatKwacha(order.itemsPrice)}</Row>
        {order.discountPrice > 0 && (
          <Row label={`Discount (${order.discountCode})`}>
            <span data-testid="order-discount">−{formatKwacha(order.discountPrice)}</span>
          </Row>
        )}
        <Row label="Tax">{formatKwacha(order.taxPrice)}</Row>
        <Row label="Shipping">{order.shippingPrice === 0 ? 'Free' : formatKwacha(order.shippingPrice)}</Row>
        <Row label="Total" strong>
          <span data-testid="order-total">{formatKwacha(order.totalPrice)}</span>
        </Row>
        <Row label="Payment">{order.paymentMethodLabel}</Row>
      </dl>
    </section>
  );
}
