import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EditOrderInput,
  OrderEditPreview,
  OrderEditResult,
  PreviewOrderEditInput,
} from '../../../../shared/schemas/order-edits';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import { DASHBOARD_QUERY_KEY } from '../dashboard/api';
import { ADMIN_ORDERS_QUERY_ROOT, PAYMENTS_QUERY_ROOT } from './api';

/**
 * What the edit would do, asked again as the admin changes it (decision 070: a preview writes nothing on the
 * server, so asking it as a query is safe); the last answer stays on screen while the next one loads.
 */
export function useOrderEditPreview(orderId: string, body: PreviewOrderEditInput | null) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_ROOT, 'edit-preview', orderId, body],
    queryFn: ({ signal }) =>
      apiRequest<OrderEditPreview, PreviewOrderEditInput>(`/orders/${encodeURIComponent(orderId)}/edit/preview`, {
        method: 'POST',
        body: body!,
        signal,
      }),
    enabled: body !== null && body.lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { errorToast: false },
  });
}

export function useEditOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditOrderInput) =>
      apiRequest<OrderEditResult, EditOrderInput>(`/orders/${encodeURIComponent(orderId)}/edit`, {
        method: 'POST',
        body,
      }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Order changed; the shopper is told by text and e-mail'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to change the order')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'refunds'] });
    },
  });
}
