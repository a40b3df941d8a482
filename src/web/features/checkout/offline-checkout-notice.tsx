import WifiOff from 'lucide-react/icons/wifi-off';

export const OFFLINE_CHECKOUT_NOTICE_ID = 'checkout-offline';

/**
 * Next to "Place Order" (where the shopper's eyes are on a phone) while there is no connection; the
 * buttons it disables point to it. The layout's "You are offline" banner is the live region that
 * announces the change; this one is read with the buttons.
 */
export function OfflineCheckoutNotice() {
  return (
    <p
      id={OFFLINE_CHECKOUT_NOTICE_ID}
      className="flex gap-3 rounded-2xl border-2 border-honey-500 bg-sand-100 px-5 py-4 text-bark-900"
    >
      <WifiOff size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-honey-700" />
      <span>
        <strong className="block">You are offline.</strong> Your details are kept; place the order when you are back
        online.
      </span>
    </p>
  );
}
