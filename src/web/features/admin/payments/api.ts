import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentAttempt,
  PaymentFilter,
  PaymentList,
  ResolveAttemptInput,
} from '../../../../shared/schemas/payments';
import type { ResolvePayoutInput } from '../../../../shared/schemas/payouts';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import { ADMIN_ORDERS_QUERY_ROOT, PAYMENTS_QUERY_ROOT } from '../orders/api';

/** As the orders list: a phone's page stays short. */
const PAYMENTS_PAGE_SIZE = 20;

export interface PaymentSearch {
  filter: PaymentFilter;
  keyword: string;
  page: number;
}

export function useAdminPayments(search: PaymentSearch) {
  return useQuery({
    queryKey: [...PAYMENTS_QUERY_ROOT, search],
    queryFn: ({ signal }) =>
      apiRequest<PaymentList>('/payments', {
        query: { filter: search.filter, keyword: search.keyword, page: search.page, limit: PAYMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** The admin records what was done about an attempt; it then leaves Needs attention (the list and its counts reload). */
export function useResolveAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string } & ResolveAttemptInput) =>
      apiRequest<PaymentAttempt, ResolveAttemptInput>(`/payments/${encodeURIComponent(id)}/resolve`, {
        method: 'PUT',
        body: { note },
      }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Payment marked as dealt with'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to record what was done')),
    // A refusal (409: dealt with or changed meanwhile) reloads too, so the row stops offering the action.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_ROOT });
      // The order dialog's list of attempts shows the resolution too.
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_ROOT });
    },
  });
}

/** An admin records what was done about a member's failed payout; it leaves Needs attention (her shares are owed again either way). */
export function useResolvePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string } & ResolvePayoutInput) =>
      apiRequest<unknown, ResolvePayoutInput>(`/payouts/${encodeURIComponent(id)}/resolve`, {
        method: 'PUT',
        body: { note },
      }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Payout marked as dealt with'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to record what was done')),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_ROOT }),
  });
}
