import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { REFUND_STUCK_HOURS } from '../../../../shared/refunds';
import { REFUND_FILTERS, type RefundFilter } from '../../../../shared/schemas/refunds';
import { SelectField } from '../../../components/ui/select-field';
import { useAdminOrder } from '../orders/api';
import { OrderDetailsDialog } from '../orders/order-details-dialog';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useAdminRefunds } from './api';
import { RefundCard, refundColumns } from './refund-list';

const FILTER_LABELS: Record<RefundFilter, string> = {
  waiting: 'Waiting for approval',
  moving: 'On their way',
  stuck: `On their way over ${REFUND_STUCK_HOURS} hours`,
  failed: 'Failed',
  all: 'All refunds',
};
const FILTER_NAMES = ['filter'] as const;
/** A round of the back office starts on what needs a second admin; the address names any other. */
const DEFAULT_FILTER: RefundFilter = 'waiting';

const isFilter = (value: string): value is RefundFilter => (REFUND_FILTERS as readonly string[]).includes(value);

/** The shop's refunds, for the Payments screen: those waiting for a second admin first; each opens its order. */
export function RefundsView({ tabs }: { tabs: ReactNode }) {
  const list = useListAddress(FILTER_NAMES);
  const filter = isFilter(list.filters.filter) ? list.filters.filter : DEFAULT_FILTER;
  const refunds = useAdminRefunds({ filter, page: list.page });
  const [viewedId, setViewedId] = useState<string | null>(null);
  const viewed = useAdminOrder(viewedId);
  const loadFailed = viewed.isError && viewed.data === undefined;
  useEffect(() => {
    if (loadFailed) setViewedId(null);
  }, [loadFailed]);
  const columns = useMemo(() => refundColumns(setViewedId), []);
  const counts = refunds.data?.counts;
  const options = REFUND_FILTERS.map((value) => ({
    value,
    label: counts ? `${FILTER_LABELS[value]} (${counts[value]})` : FILTER_LABELS[value],
  }));

  return (
    <AdminList
      title="Payments"
      what={{ one: 'refund', many: 'refunds' }}
      action={tabs}
      searchable={false}
      tools={
        <SelectField
          className="sm:w-72"
          label="Show refunds"
          hideLabel
          options={options}
          value={filter}
          onChange={(event) =>
            list.setFilter('filter', event.target.value === DEFAULT_FILTER ? '' : event.target.value)
          }
        />
      }
      list={list}
      query={refunds}
      pick={(data) => ({ rows: data.refunds, total: data.total, pages: data.pages })}
      empty={{
        text: filter === 'waiting' ? 'No refund is waiting for approval.' : 'No refunds found.',
        hint: filter !== 'all' ? 'Try another filter.' : undefined,
      }}
      columns={columns}
      card={(row) => <RefundCard row={row} onView={setViewedId} />}
      tableFrom="lg"
    >
      <OrderDetailsDialog order={viewedId ? (viewed.data ?? null) : null} onClose={() => setViewedId(null)} />
    </AdminList>
  );
}
