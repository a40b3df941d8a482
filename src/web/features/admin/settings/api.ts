import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopSettingsUpdate } from '../../../../shared/schemas/settings';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY, type ShopSettings } from '../../../lib/shop-settings';

/** Always asked again when the screen opens: an admin edits what is stored now, not a copy from page load. */
export function useSettingsForEditing() {
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<ShopSettings>('/settings', { signal }),
    staleTime: 0,
    // A reconnect on a flaky line must not swap the values under someone typing.
    refetchOnReconnect: false,
    meta: { errorToast: false },
  });
}

/** Sends only the changed fields: the server merges them, so two admins editing different fields both win. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ShopSettingsUpdate) =>
      apiRequest<ShopSettings, ShopSettingsUpdate>('/settings', { method: 'PUT', body: changes }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
}
