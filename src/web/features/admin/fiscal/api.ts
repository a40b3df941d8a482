import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiscalList, VatReport } from '../../../../shared/schemas/fiscal';
import type { z } from 'zod';
import type { fiscalItemListSchema, itemClassListSchema } from '../../../../shared/schemas/fiscal';

type FiscalItemList = z.infer<typeof fiscalItemListSchema>;
type ItemClassList = z.infer<typeof itemClassListSchema>;
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
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: ['fiscal-vat-report'] });
    },
  });
}

export function useFiscalItems(page: number) {
  return useQuery({
    queryKey: ['fiscal-items', page],
    queryFn: ({ signal }) => apiRequest<FiscalItemList>(`/fiscal/items?page=${page}`, { signal }),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

export function useItemClasses(q: string) {
  return useQuery({
    queryKey: ['fiscal-item-classes', q],
    queryFn: ({ signal }) =>
      apiRequest<ItemClassList>(`/fiscal/item-classes${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal }),
    staleTime: 60_000,
    meta: { errorToast: false },
  });
}

export function useRefreshItemClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ total: number }>('/fiscal/item-classes/refresh', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fiscal-item-classes'] }),
  });
}

export function usePickItemClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, itemClsCd }: { id: string; itemClsCd: string }) =>
      apiRequest<unknown>(`/fiscal/items/${encodeURIComponent(id)}/class/${encodeURIComponent(itemClsCd)}`, {
        method: 'PUT',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fiscal-items'] }),
  });
}

export function useVatReport(month: string) {
  return useQuery({
    queryKey: ['fiscal-vat-report', month],
    queryFn: ({ signal }) => apiRequest<VatReport>(`/fiscal/vat-report?month=${month}`, { signal }),
    enabled: /^\d{4}-\d{2}$/.test(month),
    staleTime: 0,
    meta: { errorToast: false },
  });
}
