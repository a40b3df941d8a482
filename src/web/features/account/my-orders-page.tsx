import { useInfiniteQuery } from '@tanstack/react-query';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { orderReference } from '../../../shared/order-status';
import type { Order } from '../../../shared/schemas/orders';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../components/ui/button';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { formatDate, formatKwacha } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isSessionError } from '../auth';
import { failureMessage } from '../../lib/failure-message';
import { myOrdersQuery } from './api';
import { useAccountGate } from './login-gate';
import { PaidBadge } from '../../components/ui/paid-badge';
import { useEndSessionOnError } from './session';

export function MyOrdersPage() {
  useDocumentTitle('My Orders');
  const isCustomer = useAccountGate('You must be logged in to view your orders');
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumb
        items={[{ label: 'Home', to: '/' }, { label: 'My Account', to: '/account' }, { label: 'My Orders' }]}
      />
      <h1 className="mt-4 mb-6 text-3xl font-bold sm:text-4xl">My Orders</h1>
      {isCustomer && <OrderList />}
    </div>
  );
}

function OrderList() {
  const {
    data,
    error,
    isPending,
    refetch,
    isRefetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useInfiniteQuery(myOrdersQuery);
  useEndSessionOnError(error);
  const orders = useMemo(() => uniqueOrders(data?.pages ?? []), [data]);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  // Keyboard and screen reader users go on from the first order just loaded (or the last one, if none came).
  useEffect(() => {
    if (focusFrom === null) return;
    const links = listRef.current?.querySelectorAll('a') ?? [];
    (links[focusFrom] ?? links[links.length - 1])?.focus();
    setFocusFrom(null);
  }, [focusFrom]);

  if (isPending) return <Spinner label="Loading your orders" />;
  if (error && !isFetchNextPageError) {
    if (isSessionError(error)) return null;
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-center">
        <p className="mb-4 font-semibold text-red-900">{failureMessage(error, 'Failed to fetch your orders')}</p>
        <Button variant="outline" onClick={() => refetch()} disabled={isRefetching}>
          Try Again
        </Button>
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="rounded-2xl border border-sand-200 bg-white px-4 py-12 text-center">
        <ShoppingBag size={48} aria-hidden="true" className="mx-auto mb-4 text-forest-300" />
        <p className="mb-6 text-lg text-bark-700">You have not placed any orders yet.</p>
        <ButtonLink to="/products">Browse Products</ButtonLink>
      </div>
    );
  }

  const showOlder = async () => {
    if (isFetchingNextPage) return;
    const shown = orders.length;
    const result = await fetchNextPage();
    if (!result.isError) setFocusFrom(shown);
  };
  const nextPageFailed = isFetchNextPageError && !isFetchingNextPage && !isSessionError(error);
  const loadedPages = data?.pages.length ?? 0;
  return (
    <>
      <ul ref={listRef} aria-label="Your orders" className="space-y-3">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderRow order={order} />
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {isFetchingNextPage ? 'Loading older orders' : loadedPages > 1 ? `Showing ${orders.length} orders` : ''}
      </p>
      {hasNextPage && (
        <div className="mt-6 flex flex-col items-center gap-3">
          {nextPageFailed && (
            <p
              role="alert"
              className="w-full rounded-2xl border border-red-200 bg-red-50 p-4 text-center font-semibold text-red-900"
            >
              {failureMessage(error, 'Failed to fetch your orders')}
            </p>
          )}
          {/* One button through every state, so keyboard focus stays on it while older orders load. */}
          <Button
            variant="outline"
            className="w-full aria-disabled:cursor-wait aria-disabled:opacity-60 sm:w-auto"
            aria-disabled={isFetchingNextPage || undefined}
            onClick={showOlder}
          >
            {isFetchingNextPage && (
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-forest-200 border-t-forest-700"
              />
            )}
            {isFetchingNextPage ? 'Loading older orders...' : nextPageFailed ? 'Try Again' : 'Show older orders'}
          </Button>
        </div>
      )}
    </>
  );
}

/** Pages count from the newest order, so an order placed meanwhile pushes one order onto the next page twice. */
function uniqueOrders(pages: Order[][]): Order[] {
  const seen = new Set<string>();
  const unique: Order[] = [];
  for (const order of pages.flat()) {
    if (seen.has(order._id)) continue;
    seen.add(order._id);
    unique.push(order);
  }
  return unique;
}

/** A card on phones, one line of columns from sm up; the whole of it opens the order. */
function OrderRow({ order }: { order: Order }) {
  const itemCount = order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Link
      to={`/account/orders/${encodeURIComponent(order._id)}`}
      className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 rounded-2xl border border-sand-200 bg-white p-4 hover:border-forest-600 sm:grid-cols-[1fr_auto_auto_auto] sm:gap-x-6 sm:p-5"
    >
      <span className="min-w-0">
        <span className="block font-mono text-lg font-bold text-forest-900">
          <span className="sr-only">Order </span>#{orderReference(order._id)}
        </span>
        <span className="block text-sm text-bark-700">
          {formatDate(order.createdAt)} · {itemCount} {itemCount === 1 ? 'item' : 'items'}
        </span>
      </span>
      <span className="text-right font-bold tabular-nums">{formatKwacha(order.totalPrice)}</span>
      <span className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:justify-end">
        <OrderStatusBadge status={order.status} />
        <PaidBadge isPaid={order.isPaid} paymentReference={order.paymentReference} />
      </span>
      <ChevronRight size={22} aria-hidden="true" className="hidden text-forest-700 sm:block" />
    </Link>
  );
}
