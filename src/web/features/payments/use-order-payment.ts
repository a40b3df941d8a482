import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Order } from '../../../shared/schemas/orders';
import { isOrderPaid } from '../../../shared/order-balance';
import { isLiveState, type PaymentAttempt } from '../../../shared/schemas/payments';
import { ApiError } from '../../lib/api-client';
import { orderAttemptsQuery, SHOPPER_ORDERS_KEY, startPayment } from './api';
import { startPollLoop } from './poll-loop';

/**
 * An order's mobile-money attempts as the server knows them: read once, then followed with back-off
 * while one is live (poll-loop.ts). When an attempt ends successful, or a start is refused because the
 * order changed (409: paid, cancelled), the shopper's orders are read again (the page shows the order anew).
 */
export function useOrderPayment(order: Order) {
  const queryClient = useQueryClient();
  const query = orderAttemptsQuery(order._id);
  // A paid order needs no reading; attempts already in the cache (seen ending here) stay shown.
  const attempts = useQuery({ ...query, enabled: !isOrderPaid(order) });
  const current: PaymentAttempt | null = attempts.data?.[0] ?? null;
  const liveId = current && isLiveState(current.state) ? current._id : null;

  const { refetch } = attempts;
  useEffect(() => {
    if (!liveId) return;
    return startPollLoop(() => refetch({ cancelRefetch: false }), document);
  }, [liveId, refetch]);

  const successfulId = current?.state === 'successful' ? current._id : null;
  useEffect(() => {
    if (successfulId) void queryClient.invalidateQueries({ queryKey: SHOPPER_ORDERS_KEY });
  }, [successfulId, queryClient]);

  const start = useMutation({
    mutationFn: (phone: string) => startPayment(order._id, phone),
    meta: { errorToast: false },
    onSuccess: (attempt) => {
      queryClient.setQueryData(query.queryKey, (old = []) => [attempt, ...old.filter((a) => a._id !== attempt._id)]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: SHOPPER_ORDERS_KEY });
    },
  });

  return { attempts, current, start };
}
