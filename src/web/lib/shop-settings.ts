import { useQuery } from '@tanstack/react-query';
import type { ShopSettings } from '../../shared/schemas/settings';
import { apiRequest } from './api-client';
import { pageLoadedAt, takeInitialData } from './initial-data';
import { isRecord } from './storage';

export type { ShopSettings };

/** Used only until the real identity arrives, so the header never shows an empty name. */
export const FALLBACK_SHOP_NAME = 'Forest Co-op Shop';

const isSettings = (value: unknown) => isRecord(value) && typeof value.shopName === 'string';

export function useShopSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiRequest<ShopSettings>('/settings', { signal }),
    initialData: () => takeInitialData<ShopSettings>('settings', isSettings),
    initialDataUpdatedAt: pageLoadedAt,
    meta: { errorToast: false },
  });
}
