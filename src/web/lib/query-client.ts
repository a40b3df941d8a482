import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';
import { ApiError, messageOf } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * errorToast: false when the screen shows the failure itself; a text to replace the API's message.
     */
    queryMeta: { errorToast?: string | false };
    mutationMeta: { errorToast?: string | false };
  }
}

const FIVE_MINUTES = 5 * 60_000;
const TEN_MINUTES = 10 * 60_000;

/** SPEC §8: other errors are toasted; non-JSON answers are only logged (the client already logged them). */
function notifyApiError(error: unknown, errorToast: string | false | undefined) {
  if (errorToast === false) return;
  if (error instanceof ApiError && error.kind === 'non-json') return;
  toast.error(errorToast ?? messageOf(error));
}

/** A client error (bad id, not found, forbidden) will not change on retry; servers and networks might. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyApiError(error, query.meta?.errorToast) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => notifyApiError(error, mutation.meta?.errorToast),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: FIVE_MINUTES,
        gcTime: TEN_MINUTES,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
