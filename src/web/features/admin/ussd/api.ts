import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UssdTranslationsAnswer, UssdTranslationsUpdate } from '../../../../shared/schemas/ussd';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['ussd-translations'] as const;

export function useUssdTranslations() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<UssdTranslationsAnswer>('/ussd/translations', { signal }),
    staleTime: 0,
    refetchOnReconnect: false,
    meta: { errorToast: false },
  });
}

export function useSaveUssdTranslations(language: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UssdTranslationsUpdate) =>
      apiRequest<UssdTranslationsAnswer, UssdTranslationsUpdate>(`/ussd/translations/${language}`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
