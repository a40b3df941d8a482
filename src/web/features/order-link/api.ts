import { queryOptions } from '@tanstack/react-query';
import type { OrderLinkView } from '../../../shared/schemas/order-link';
import { apiRequest } from '../../lib/api-client';

/** The order behind a signed SMS link (no login). Kept only while the page is open: the token is a key. */
export function orderLinkQuery(token: string) {
  return queryOptions({
    queryKey: ['order-link', token],
    queryFn: ({ signal }) => apiRequest<OrderLinkView>(`/order-links/${encodeURIComponent(token)}`, { signal }),
    gcTime: 0,
  });
}
