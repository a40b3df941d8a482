import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnState } from '../../../../shared/returns';
import type { acceptReturnSchema, receiveReturnSchema, refuseReturnSchema } from '../../../../shared/schemas/returns';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import type { ReturnList, ReturnView } from '../../returns';
import { DASHBOARD_QUERY_KEY } from '../dashboard/api';
import { ADMIN_ORDERS_QUERY_ROOT } from '../orders/api';
import { REFUNDS_QUERY_ROOT } from '../refunds/api';

const RETURNS_PAGE_SIZE = 20;
export const RETURNS_QUERY_ROOT = ['admin', 'returns'] as const;

/** While a refund of a received return is on its way, the screen looks again as often as the refunds panel. */
const WHILE_MOVING_MS = 5_000;

export function useAdminReturns(search: { state: ReturnState; page: number }) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_ROOT, 'list', search],
    queryFn: ({ signal }) =>
      apiRequest<ReturnList>('/returns', {
        query: { state: search.state, page: search.page, limit: RETURNS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function useAdminReturn(id: string) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_ROOT, 'one', id],
    queryFn: ({ signal }) => apiRequest<ReturnView>(`/returns/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.state === 'received' ? WHILE_MOVING_MS : false),
    meta: { errorToast: false },
  });
}

/** A return's step moves its order's money and stock too: every list that shows them reads again. */
function useReloadAfterStep() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [RETURNS_QUERY_ROOT, ADMIN_ORDERS_QUERY_ROOT, REFUNDS_QUERY_ROOT, DASHBOARD_QUERY_KEY])
      void queryClient.invalidateQueries({ queryKey });
  };
}

function useReturnStep<
  I extends z.input<typeof acceptReturnSchema | typeof refuseReturnSchema | typeof receiveReturnSchema>,
>(step: 'accept' | 'refuse' | 'receive', done: string) {
  const reload = useReloadAfterStep();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: I }) =>
      apiRequest<ReturnView, I>(`/returns/${encodeURIComponent(id)}/${step}`, { method: 'PUT', body: input }),
    meta: { errorToast: false },
    onSuccess: () => toast.success(done),
    // A 409 (another admin moved it first) names the state it is in; the screen reads it again.
    onError: (error) => toast.error(failureMessage(error, `Failed to ${step} the return`)),
    onSettled: reload,
  });
}

/** A received return whose refund failed or was cancelled asks it again (same path, same second admin). */
export function useRefundReturnAgain() {
  const reload = useReloadAfterStep();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ReturnView>(`/returns/${encodeURIComponent(id)}/refund`, { method: 'PUT' }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Refund asked again'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to ask the refund again')),
    onSettled: reload,
  });
}

export const useAcceptReturn = () => useReturnStep<z.input<typeof acceptReturnSchema>>('accept', 'Return accepted');
export const useRefuseReturn = () => useReturnStep<z.input<typeof refuseReturnSchema>>('refuse', 'Return refused');
export const useReceiveReturn = () => useReturnStep<z.input<typeof receiveReturnSchema>>('receive', 'Return received');
