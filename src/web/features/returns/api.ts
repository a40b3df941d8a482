import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import type { ReturnView, Returnable, AskReturnInput } from './types';

/** Whose return it is: the signed-in shopper's order, or the order behind a signed SMS link (no login). */
export type ReturnsOwner = { kind: 'order'; orderId: string } | { kind: 'link'; token: string };

const basePath = (owner: ReturnsOwner) =>
  owner.kind === 'order'
    ? `/orders/${encodeURIComponent(owner.orderId)}`
    : `/order-links/${encodeURIComponent(owner.token)}`;

const ownerKey = (owner: ReturnsOwner) => (owner.kind === 'order' ? owner.orderId : owner.token);

export const returnsKey = (owner: ReturnsOwner) => ['returns', owner.kind, ownerKey(owner)] as const;

/** While a return moves (the shop accepts it, receives it, the refund goes out) the page looks again now and then. */
const WHILE_OPEN_MS = 15_000;

// A link's token is a key: its answers are forgotten as soon as the page is left (as the link's order).
const keptFor = (owner: ReturnsOwner) => (owner.kind === 'link' ? { gcTime: 0 } : {});

export function returnableQuery(owner: ReturnsOwner) {
  return queryOptions({
    queryKey: [...returnsKey(owner), 'returnable'],
    queryFn: ({ signal }) => apiRequest<Returnable>(`${basePath(owner)}/returnable`, { signal }),
    meta: { errorToast: false },
    ...keptFor(owner),
  });
}

export function returnsQuery(owner: ReturnsOwner) {
  return queryOptions({
    queryKey: [...returnsKey(owner), 'list'],
    queryFn: ({ signal }) => apiRequest<{ returns: ReturnView[] }>(`${basePath(owner)}/returns`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.returns.some((r) => r.state !== 'refunded' && r.state !== 'exchanged' && r.state !== 'refused')
        ? WHILE_OPEN_MS
        : false,
    meta: { errorToast: false },
    ...keptFor(owner),
  });
}

export interface ReturnAsked {
  input: Omit<AskReturnInput, 'photoId'>;
  photo: File | null;
}

/** The photo goes first (its own route checks it), then the request naming it; both failures say the server's words. */
export function useAskReturn(owner: ReturnsOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, photo }: ReturnAsked) => {
      const photoId = photo
        ? (
            await uploadWithProgress<{ photoId: string }>({
              path: `${basePath(owner)}/returns/photo`,
              field: 'file',
              files: [photo],
            })
          ).photoId
        : undefined;
      return apiRequest<ReturnView, AskReturnInput>(`${basePath(owner)}/returns`, {
        method: 'POST',
        body: { ...input, ...(photoId ? { photoId } : {}) },
      });
    },
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey(owner) }),
  });
}
