import { queryOptions } from '@tanstack/react-query';
import type { Order } from '../../../shared/schemas/orders';
import type { User } from '../../../shared/schemas/users';
import { apiRequest } from '../../lib/api-client';

export const profileQuery = queryOptions({
  queryKey: ['me', 'profile'],
  queryFn: ({ signal }) => apiRequest<User>('/users/profile', { signal }),
  meta: { errorToast: false },
});

export const myOrdersQuery = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: ({ signal }) => apiRequest<Order[]>('/orders/myorders', { signal }),
  meta: { errorToast: false },
});

/** The owner may only attach the transaction id; an admin checks it and marks the order paid. */
export function attachPaymentReference(orderId: string, paymentReference: string): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/pay`, { method: 'PUT', body: { paymentReference } });
}
