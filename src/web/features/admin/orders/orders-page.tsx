import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminPageHeader } from '../shared/admin-page-header';
import { ListLoadFailed } from '../shared/list-load-failed';
import { useLastPageInRange, useListAddress } from '../shared/use-list-address';
import { useAdminOrders } from './api';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderList } from './order-list';

const STATUS_FILTERS = [{ value: '', label: 'All Statuses' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: status }))];
const FILTER_NAMES = ['status'] as const;

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const list = useListAddress(FILTER_NAMES);
  // An odd status in the address (?status=nope) lists everything rather than failing.
  const status = isStatus(list.filters.status) ? list.filters.status : '';
  const narrowed = list.keyword !== '' || status !== '';
  const { data, isPending, isError, isFetching, isPlaceholderData } = useAdminOrders({ keyword: list.keyword, status, page: list.page });
  const [viewed, setViewed] = useState<Order | null>(null);

  const { setPage } = list;
  useLastPageInRange(list.page, isPlaceholderData ? undefined : data?.pages, setPage);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <AdminPageHeader title="Orders">
        {data && (
          <p className="text-sm text-bark-700" aria-live="polite">
            {data.totalOrders} {data.totalOrders === 1 ? 'order' : 'orders'}
          </p>
        )}
      </AdminPageHeader>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          className="flex-1"
          placeholder="Search orders..."
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.target.value)}
        />
        <SelectField
          className="sm:w-52"
          label="Filter by status"
          hideLabel
          options={STATUS_FILTERS}
          value={status}
          onChange={(event) => list.setFilter('status', event.target.value)}
        />
      </div>

      {isPending ? (
        <Spinner label="Loading orders" />
      ) : isError ? (
        <ListLoadFailed what="orders" />
      ) : data.orders.length === 0 ? (
        <div className="rounded-2xl border border-sand-200 bg-white p-8 text-center">
          <p className="font-semibold text-bark-900">No orders found.</p>
          {narrowed && <p className="mt-1 text-bark-700">Try different search criteria.</p>}
        </div>
      ) : (
        <div aria-busy={isFetching} className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <OrderList orders={data.orders} onView={setViewed} />
          <Pagination page={data.page} pages={data.pages} onPageChange={setPage} label="Order pages" />
        </div>
      )}

      <OrderDetailsDialog order={viewed} onClose={() => setViewed(null)} onChanged={setViewed} />
    </div>
  );
}
