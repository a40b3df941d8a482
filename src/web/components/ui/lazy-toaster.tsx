import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner, onToastRequested } from '../../lib/toast';

/**
 * The sticky header is 64 px (h-16, storefront and back office): toasts come in below it, so the menu, the
 * cart and the search stay free while one shows. Not at the bottom: the phone's floating cart
 * bar and the admin settings' save bar live there.
 */
const BELOW_HEADER_PX = 64;

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastRequested(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        offset={{ top: BELOW_HEADER_PX + 12 }}
        mobileOffset={{ top: BELOW_HEADER_PX + 8 }}
        richColors
        closeButton
        duration={4000}
      />
    </Suspense>
  );
}
