import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelRefundInput,
  OrderRefunds,
  Refund,
  RefundFilter,
  RefundList,
  RequestRefundInput,
} from '../../../../shared/schemas/refunds';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import { DASHBOARD_QUERY_KEY } from '../dashboard/api';
import { ADMIN_ORDERS_QUERY_ROOT, PAYMENTS_QUERY_ROOT } from '../orders/api';

/** As the other back-office lists: a phone's page stays short. */
const REFUNDS_PAGE_SIZE = 20;

export const REFUNDS_QUERY_ROOT = ['admin', 'refunds'] as const;

/** While a refund is on its way the sender reads it at the provider within seconds: look again as often. */
const WHILE_MOVING_MS = 5_000;

/** The order's money both ways (under the orders' key: a change to the order reloads it). */
export function useOrderRefunds(orderId: string) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_ROOT, 'refunds', orderId],
    queryFn: ({ signal }) => apiRequest<OrderRefunds>(`/orders/${encodeURIComponent(orderId)}/refunds`, { signal }),
    // Not for stuck ones: those wait on the provider's portal, not on the next few seconds.
    refetchInterval: (query) =>
      query.state.data?.refunds.some(
        (refund) => (refund.state === 'approved' || refund.state === 'sent') && !refund.stuck,
      )
        ? WHILE_MOVING_MS
        : false,
    meta: { errorToast: false },
  });
}

export interface RefundSearch {
  filter: RefundFilter;
  page: number;
}

export function useAdminRefunds(search: RefundSearch) {
  return useQuery({
    queryKey: [...REFUNDS_QUERY_ROOT, search],
    queryFn: ({ signal }) =>
      apiRequest<RefundList>('/refunds', {
        query: { filter: search.filter, page: search.page, limit: REFUNDS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** Everything a refund changes: the order (refunded, status), the refund list and its counts, the dashboard's sums. */
function useReloadAfterRefund() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [ADMIN_ORDERS_QUERY_ROOT, REFUNDS_QUERY_ROOT, PAYMENTS_QUERY_ROOT, DASHBOARD_QUERY_KEY])
      void queryClient.invalidateQueries({ queryKey });
  };
}

/** Asks for a refund; a refusal (409: more than may go back) is shown in the form, not toasted. */
export function useRequestRefund(orderId: string) {
  const reload = useReloadAfterRefund();
  return useMutation({
    mutationFn: (input: RequestRefundInput) =>
      apiRequest<Refund, RequestRefundInput>(`/orders/${encodeURIComponent(orderId)}/refunds`, {
        method: 'POST',
        body: input,
      }),
    meta: { errorToast: false },
    onSuccess: (refund) =>
      toast.success(refund.state === 'requested' ? 'Refund asked: another admin must approve it' : 'Refund approved'),
    onSettled: reload,
  });
}

/** The second admin's yes; a refusal (403 same admin, 409 no longer waiting) reloads too, so the screen stops offering it. */
export function useApproveRefund() {
  const reload = useReloadAfterRefund();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Refund>(`/refunds/${encodeURIComponent(id)}/approve`, { method: 'PUT' }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Refund approved'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to approve the refund')),
    onSettled: reload,
  });
}

export function useCancelRefund() {
  const reload = useReloadAfterRefund();
  return useMutation({
    mutationFn: ({ id, note }: { id: string } & CancelRefundInput) =>
      apiRequest<Refund, CancelRefundInput>(`/refunds/${encodeURIComponent(id)}/cancel`, {
        method: 'PUT',
        body: { note },
      }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Refund cancelled'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to cancel the refund')),
    onSettled: reload,
  });
}
