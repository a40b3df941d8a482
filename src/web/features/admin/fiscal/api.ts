import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiscalList } from '../../../../shared/schemas/fiscal';
import { apiRequest } from '../../../lib/api-client';

export type FiscalFilter = 'open' | 'failed' | 'done' | 'all';

const KEY = ['fiscal-submissions'] as const;

/** The reports to ZRA's VSDC by status (docs/operations/smart-invoice.md), read again every 10 s while shown. */
export function useFiscalSubmissions(status: FiscalFilter, page: number) {
  return useQuery({
    queryKey: [...KEY, status, page],
    queryFn: ({ signal }) => apiRequest<FiscalList>(`/fiscal/submissions?status=${status}&page=${page}`, { signal }),
    staleTime: 0,
    refetchInterval: 10_000,
    meta: { errorToast: false },
  });
}

export function useRetryFiscalSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/fiscal/submissions/${id}/retry`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
