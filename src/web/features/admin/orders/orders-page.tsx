import Truck from 'lucide-react/icons/truck';
import { useMemo, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { ButtonLink } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useAdminOrders } from './api';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderCard, orderColumns } from './order-list';

const STATUS_FILTERS = [
  { value: '', label: 'All Statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: status })),
];
const FILTER_NAMES = ['status'] as const;

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

export function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const list = useListAddress(FILTER_NAMES);
  // An odd status in the address (?status=nope) lists everything rather than failing.
  const status = isStatus(list.filters.status) ? list.filters.status : '';
  const narrowed = list.keyword !== '' || status !== '';
  const orders = useAdminOrders({ keyword: list.keyword, status, page: list.page });
  const [viewed, setViewed] = useState<Order | null>(null);
  const columns = useMemo(() => orderColumns(setViewed), []);

  return (
    <AdminList
      title="Orders"
      what={{ one: 'order', many: 'orders' }}
      action={
        <ButtonLink to="/admin/orders/to-ship" variant="outline">
          <Truck aria-hidden="true" className="h-5 w-5" />
          To ship
        </ButtonLink>
      }
      tools={
        <SelectField
          className="sm:w-52"
          label="Filter by status"
          hideLabel
          options={STATUS_FILTERS}
          value={status}
          onChange={(event) => list.setFilter('status', event.target.value)}
        />
      }
      list={list}
      query={orders}
      pick={(data) => ({ rows: data.orders, total: data.totalOrders, pages: data.pages })}
      empty={{ text: 'No orders found.', hint: narrowed ? 'Try different search criteria.' : undefined }}
      columns={columns}
      card={(order) => <OrderCard order={order} onView={setViewed} />}
      tableFrom="md"
    >
      <OrderDetailsDialog order={viewed} onClose={() => setViewed(null)} onChanged={setViewed} />
    </AdminList>
  );
}
