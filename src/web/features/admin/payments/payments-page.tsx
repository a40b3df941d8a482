import { useEffect, useMemo, useState } from 'react';
import { PAYMENT_FILTERS, STUCK_AFTER_MINUTES, type PaymentFilter } from '../../../../shared/schemas/payments';
import { SelectField } from '../../../components/ui/select-field';
import { useSearchParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminOrder } from '../orders/api';
import { OrderDetailsDialog } from '../orders/order-details-dialog';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useAdminPayments } from './api';
import { FailedPayoutsNotice } from './failed-payouts-notice';
import { attemptRow, owedRow, PaymentCard, paymentColumns } from './payment-list';
import { PaymentsTabs } from './payments-tabs';
import { ResolveDialog, type ResolvedAttempt } from './resolve-dialog';
import { RefundsView } from '../refunds/refunds-view';

const FILTER_LABELS: Record<PaymentFilter, string> = {
  attention: 'Needs attention',
  owed: 'Owed back',
  stuck: `Pending over ${STUCK_AFTER_MINUTES} min`,
  failed: 'Failed or expired',
  flagged: 'Flagged',
  all: 'All payments',
};
const FILTER_NAMES = ['filter'] as const;
/** What a reconciliation round starts with; the address names any other (?filter=all). */
const DEFAULT_FILTER: PaymentFilter = 'attention';

const isFilter = (value: string): value is PaymentFilter => (PAYMENT_FILTERS as readonly string[]).includes(value);

/** The Payments screen: money coming in (mobile-money attempts) or, with ?view=refunds, money going back. */
export function PaymentsPage() {
  useDocumentTitle('Payments');
  const [params] = useSearchParams();
  if (params.get('view') === 'refunds') return <RefundsView tabs={<PaymentsTabs current="refunds" />} />;
  return <AttemptsView />;
}

/**
 * Mobile-money attempts for reconciliation: by default what needs a person, first the orders that owe
 * money back (cancelled after payment, a collection that did not pay them, a failed refund), then the
 * attempts stuck, or failed while the order waits for money. Each opens its order, where it can be
 * refunded or marked paid by hand; an ended attempt, or an owed collection settled otherwise, can be
 * marked as dealt with (with what was done), which takes it off Needs attention.
 */
function AttemptsView() {
  const list = useListAddress(FILTER_NAMES);
  const filter = isFilter(list.filters.filter) ? list.filters.filter : DEFAULT_FILTER;
  const payments = useAdminPayments({ filter, keyword: list.keyword, page: list.page });
  const [viewedId, setViewedId] = useState<string | null>(null);
  const viewed = useAdminOrder(viewedId);
  // A failed load (toasted) lets go of the order, so clicking its row again tries again.
  const loadFailed = viewed.isError && viewed.data === undefined;
  useEffect(() => {
    if (loadFailed) setViewedId(null);
  }, [loadFailed]);
  const [resolving, setResolving] = useState<ResolvedAttempt | null>(null);
  const actions = useMemo(() => ({ onView: setViewedId, onResolve: setResolving }), []);
  const columns = useMemo(() => paymentColumns(actions), [actions]);
  const counts = payments.data?.counts;
  const options = PAYMENT_FILTERS.map((value) => ({
    value,
    label: counts ? `${FILTER_LABELS[value]} (${counts[value]})` : FILTER_LABELS[value],
  }));

  return (
    <AdminList
      title="Payments"
      what={{ one: 'payment', many: 'payments' }}
      action={<PaymentsTabs current="attempts" />}
      tools={
        <SelectField
          className="sm:w-64"
          label="Show payments"
          hideLabel
          options={options}
          value={filter}
          onChange={(event) =>
            list.setFilter('filter', event.target.value === DEFAULT_FILTER ? '' : event.target.value)
          }
        />
      }
      notice={<FailedPayoutsNotice payouts={payments.data?.failedPayouts ?? []} />}
      list={list}
      query={payments}
      pick={(data) => ({
        rows: [...data.owedBack.map(owedRow), ...data.payments.map(attemptRow)],
        total: data.total,
        pages: data.pages,
      })}
      empty={{
        text:
          filter === 'attention' && !list.keyword
            ? payments.data?.failedPayouts.length
              ? 'No payment needs attention.'
              : 'Nothing needs attention.'
            : 'No payments found.',
        hint: filter !== 'all' || list.keyword ? 'Try another filter or search.' : undefined,
      }}
      columns={columns}
      card={(row) => <PaymentCard row={row} actions={actions} />}
      tableFrom="lg"
    >
      <OrderDetailsDialog order={viewedId ? (viewed.data ?? null) : null} onClose={() => setViewedId(null)} />
      <ResolveDialog attempt={resolving} onClose={() => setResolving(null)} />
    </AdminList>
  );
}
