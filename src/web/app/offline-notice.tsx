import WifiOff from 'lucide-react/icons/wifi-off';
import { useOnline } from '../lib/use-online';

/**
 * "You are offline", right under the sticky header on every storefront page while there is no
 * connection. The live region is always in the page (empty when online) so that screen readers announce
 * the notice when it appears.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" className="sticky top-16 z-30">
      {!online && (
        <p
          className="flex items-center justify-center gap-2 bg-bark-900 px-4 py-2 text-center text-sm font-semibold text-white"
          data-testid="offline-notice"
        >
          <WifiOff size={18} aria-hidden="true" className="shrink-0" />
          <span>You are offline. Pages you have seen and your cart still work.</span>
        </p>
      )}
    </div>
  );
}
