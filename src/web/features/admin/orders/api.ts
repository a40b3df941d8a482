import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../../shared/order-status';
import type {
  CollectOrderInput,
  Order,
  OrdersToShip,
  OrderStatusUpdate,
  PayOrderInput,
} from '../../../../shared/schemas/orders';
import type { PaymentAttempt } from '../../../../shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { failureMessage } from '../../../lib/failure-message';
import { DASHBOARD_QUERY_KEY } from '../dashboard/api';

/** Not set by the spec: 20 rows keep a phone's page short and each answer small. */
const ADMIN_ORDERS_PAGE_SIZE = 20;

export interface AdminOrderList {
  orders: Order[];
  page: number;
  pages: number;
  totalOrders: number;
}

export interface AdminOrderSearch {
  keyword: string;
  status: string;
  page: number;
}

export const ADMIN_ORDERS_QUERY_ROOT = ['admin', 'orders'] as const;
/** The reconciliation list changes with its orders (a paid order's failures no longer need attention). */
export const PAYMENTS_QUERY_ROOT = ['admin', 'payments'] as const;

export function useAdminOrders(search: AdminOrderSearch) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_ROOT, search],
    queryFn: ({ signal }) =>
      apiRequest<AdminOrderList>('/orders', {
        query: { keyword: search.keyword, status: search.status, page: search.page, limit: ADMIN_ORDERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** One order, for screens that hold only its id (the payments list opens its order). */
export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_ROOT, 'one', id],
    queryFn: ({ signal }) => apiRequest<Order>(`/orders/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

/** The order's mobile-money attempts, the live one first (under the orders' key: a change to the order reloads them). */
export function useOrderAttempts(id: string) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_ROOT, 'attempts', id],
    queryFn: ({ signal }) => apiRequest<PaymentAttempt[]>(`/orders/${encodeURIComponent(id)}/payments`, { signal }),
    meta: { errorToast: false },
  });
}

function useOrderChange<V>(
  call: (variables: V) => Promise<Order>,
  success: (order: Order) => string,
  fallback: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorToast: false },
    onSuccess: (order) => toast.success(success(order)),
    onError: (error) => toast.error(failureMessage(error, fallback)),
    // A refusal (409: paid or changed meanwhile) reloads too, so the screen stops offering the action.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
    },
  });
}

export function useUpdateOrderStatus() {
  return useOrderChange(
    ({ id, status }: { id: string; status: OrderStatus }) =>
      apiRequest<Order, OrderStatusUpdate>(`/orders/${encodeURIComponent(id)}/status`, {
        method: 'PUT',
        body: { status },
      }),
    (order) => `Order status updated to ${order.status}`,
    'Failed to update order status',
  );
}

/** An admin records that the money arrived and why they know; the server keeps who and when, and fills in the payment result. */
export function useMarkOrderPaid() {
  return useOrderChange(
    ({ id, note }: { id: string; note: string }) =>
      apiRequest<Order, PayOrderInput>(`/orders/${encodeURIComponent(id)}/pay`, { method: 'PUT', body: { note } }),
    () => 'Payment processed successfully',
    'Failed to process payment',
  );
}

export function useMarkOrderDelivered() {
  return useOrderChange(
    (id: string) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}/deliver`, { method: 'PUT' }),
    () => 'Order marked as delivered',
    'Failed to update delivery status',
  );
}

/** The orders to pack and send, oldest first (packing slips and the delivery run sheet). */
export function useOrdersToShip() {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_QUERY_ROOT, 'to-ship'],
    queryFn: ({ signal }) => apiRequest<OrdersToShip>('/orders/to-ship', { signal }),
    meta: { errorToast: false },
  });
}

/** A pickup order handed over (decision 038): with the code the shopper shows, or confirmed without it (blank). */
export function useMarkOrderCollected() {
  return useOrderChange(
    ({ id, code, paidWith }: { id: string; code: string; paidWith?: CollectOrderInput['paidWith'] }) =>
      apiRequest<Order, CollectOrderInput>(`/orders/${encodeURIComponent(id)}/collected`, {
        method: 'POST',
        body: { ...(code.trim() ? { code: code.trim() } : {}), ...(paidWith ? { paidWith } : {}) },
      }),
    () => 'Order marked as collected',
    'Failed to mark the order collected',
  );
}
