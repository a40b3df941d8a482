import { useQuery } from '@tanstack/react-query';
import type { ShopSettings } from '../../shared/schemas/settings';
import { apiRequest } from './api-client';
import { pageLoadedAt, usePageData } from './initial-data';
import { isRecord } from './storage';

export type { ShopSettings };

/** Used only until the real identity arrives, so the header never shows an empty name. */
export const FALLBACK_SHOP_NAME = 'Forest Co-op Shop';

const isSettings = (value: unknown) => isRecord(value) && typeof value.shopName === 'string';

/** One cache entry for the shop's identity: the storefront reads it, the back office's settings screen writes it. */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

export function useShopSettings() {
  const pageData = usePageData();
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<ShopSettings>('/settings', { signal, publicRead: true }),
    initialData: () => pageData.take<ShopSettings>('settings', isSettings),
    initialDataUpdatedAt: pageLoadedAt,
    meta: { errorToast: false },
  });
}
