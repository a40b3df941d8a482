import { useEffect } from 'react';
import { FALLBACK_SHOP_NAME, useShopSettings } from './shop-settings';

/** SPEC §1; the server writes the same titles into the page (src/server/features/ssr/page-meta.ts). */
export const TAGLINE = 'Empowering Women, Preserving Nature';

/** Keeps the tab title right after client-side navigation (the server sets it for the first load). */
export function useDocumentTitle(title: string | undefined) {
  const { data } = useShopSettings();
  const shopName = data?.shopName ?? FALLBACK_SHOP_NAME;
  useEffect(() => {
    document.title = title ? `${title} | ${shopName}` : `${shopName} | ${TAGLINE}`;
  }, [title, shopName]);
}
