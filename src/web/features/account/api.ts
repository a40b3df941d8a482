import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { MY_ORDERS_PAGE_SIZE, type Order, type PayOrderInput } from '../../../shared/schemas/orders';
import type { MobileChangeInput, PhoneCodeRequest, PhoneCodeSent } from '../../../shared/schemas/phone-sign-in';
import type { MyEarnings } from '../../../shared/schemas/member-reports';
import type { User } from '../../../shared/schemas/users';
import { apiRequest } from '../../lib/api-client';

export const profileQuery = queryOptions({
  queryKey: ['me', 'profile'],
  queryFn: ({ signal }) => apiRequest<User>('/users/profile', { signal }),
  meta: { errorToast: false },
});

/** Newest first, a page at a time; only a full page can have older orders behind it. */
export const myOrdersQuery = infiniteQueryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: ({ pageParam, signal }) =>
    apiRequest<Order[]>('/orders/myorders', { query: { page: pageParam > 1 ? pageParam : undefined }, signal }),
  initialPageParam: 1,
  getNextPageParam: (lastPage, _pages, lastPageParam) =>
    lastPage.length === MY_ORDERS_PAGE_SIZE ? lastPageParam + 1 : undefined,
  meta: { errorToast: false },
});

/** The owner may only attach the transaction id; an admin checks it and marks the order paid. */
export function attachPaymentReference(orderId: string, paymentReference: string): Promise<Order> {
  return apiRequest<Order, PayOrderInput>(`/orders/${encodeURIComponent(orderId)}/pay`, {
    method: 'PUT',
    body: { paymentReference },
  });
}

/** Texts a code to a number the signed-in customer wants to sign in with. */
export function askNumberCode(phone: string): Promise<PhoneCodeSent> {
  return apiRequest<PhoneCodeSent, PhoneCodeRequest>('/users/profile/mobile/code', { method: 'POST', body: { phone } });
}

/** The answer's token is not needed: the number changes no password, so the session's token stays good. */
export function confirmNumber(input: MobileChangeInput): Promise<User> {
  return apiRequest<User, MobileChangeInput>('/users/profile/mobile', { method: 'PUT', body: input });
}

export function removeNumber(): Promise<User> {
  return apiRequest<User>('/users/profile/mobile', { method: 'DELETE' });
}

/** A co-op member's own earnings (GET /me/earnings); 404 for everyone else, asked only with a confirmed number. */
export const myEarningsQuery = queryOptions({
  queryKey: ['me', 'earnings'],
  queryFn: ({ signal }) => apiRequest<MyEarnings>('/me/earnings', { signal }),
  retry: false,
  meta: { errorToast: false },
});
