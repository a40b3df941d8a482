import { queryOptions } from '@tanstack/react-query';
import type {
  PaymentAttempt,
  PaymentMethods,
  StartedPayment,
  StartPaymentInput,
} from '../../../shared/schemas/payments';
import { apiRequest } from '../../lib/api-client';

/**
 * Where the shopper's pages keep orders: the checkout's ['orders', id] and the account's ['orders', 'mine'].
 * Named here, not imported: those features import this one.
 */
export const SHOPPER_ORDERS_KEY = ['orders'] as const;

/** The methods the shop collects by itself; the server lets it be cached for a minute. */
export const paymentMethodsQuery = queryOptions({
  queryKey: ['payments', 'methods'],
  queryFn: ({ signal }) => apiRequest<PaymentMethods>('/payments/methods', { signal }),
  staleTime: 60_000,
  meta: { errorToast: false },
});

/** An order's attempts, the live one first: read on every visit (a reload shows what the server knows). */
export function orderAttemptsQuery(orderId: string) {
  return queryOptions({
    queryKey: ['payments', 'order', orderId],
    queryFn: ({ signal }) =>
      apiRequest<PaymentAttempt[]>(`/orders/${encodeURIComponent(orderId)}/payments`, { signal }),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/** 201 a new prompt to the phone, 200 the live attempt it joined. */
export function startPayment(orderId: string, phone: string): Promise<PaymentAttempt> {
  return apiRequest<PaymentAttempt, StartPaymentInput>(`/orders/${encodeURIComponent(orderId)}/payments`, {
    method: 'POST',
    body: { phone },
  });
}

/** A card attempt: the server answers the widget's options (our reference, the exact total); the card goes only to Lenco. */
export function startCardPayment(orderId: string): Promise<StartedPayment> {
  return apiRequest<StartedPayment, StartPaymentInput>(`/orders/${encodeURIComponent(orderId)}/payments`, {
    method: 'POST',
    body: { phone: '' },
  });
}

/** The widget said it finished: only a hint; the server reads the provider and answers the attempt as it stands. */
export function readAfterWidget(orderId: string): Promise<PaymentAttempt> {
  return apiRequest<PaymentAttempt>(`/orders/${encodeURIComponent(orderId)}/payments/read`, { method: 'POST' });
}
