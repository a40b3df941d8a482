import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Order } from '../../../shared/schemas/orders';
import { isLiveState, type PaymentAttempt } from '../../../shared/schemas/payments';
import { orderAttemptsQuery, startPayment } from './api';
import { startPollLoop } from './poll-loop';

/**
 * An order's mobile-money attempts as the server knows them: read once, then followed with back-off
 * while one is live (poll-loop.ts); `onOrderChanged` runs when an attempt ends successful or a start is
 * refused because the order changed (paid, cancelled), so the page reads the order again.
 */
export function useOrderPayment(order: Order, onOrderChanged: () => void) {
  const queryClient = useQueryClient();
  const query = orderAttemptsQuery(order._id);
  // A paid order needs no reading; attempts already in the cache (seen ending here) stay shown.
  const attempts = useQuery({ ...query, enabled: !order.isPaid });
  const current: PaymentAttempt | null = attempts.data?.[0] ?? null;
  const liveId = current && isLiveState(current.state) ? current._id : null;

  const changed = useRef(onOrderChanged);
  useEffect(() => {
    changed.current = onOrderChanged;
  }, [onOrderChanged]);

  const { refetch } = attempts;
  useEffect(() => {
    if (!liveId) return;
    return startPollLoop(() => refetch({ cancelRefetch: false }), document);
  }, [liveId, refetch]);

  const successfulId = current?.state === 'successful' ? current._id : null;
  useEffect(() => {
    if (successfulId) changed.current();
  }, [successfulId]);

  const start = useMutation({
    mutationFn: (phone: string) => startPayment(order._id, phone),
    meta: { errorToast: false },
    onSuccess: (attempt) => {
      queryClient.setQueryData(query.queryKey, (old = []) => [attempt, ...old.filter((a) => a._id !== attempt._id)]);
    },
  });

  return { attempts, current, start, refresh: () => changed.current() };
}
