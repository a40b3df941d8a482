import { matchAppPage, PAYING_PAGES } from '../../../shared/app-pages';
import type { CardWidget } from '../../../shared/schemas/payments';

/** Lenco's popup (docs/providers/lenco-api.md §2): the global its script defines. */
interface LencoPay {
  getPaid(options: {
    key: string;
    reference: string;
    amount: number;
    currency: string;
    email: string;
    label: string;
    onSuccess?: (response: { reference: string }) => void;
    onClose?: () => void;
    onConfirmationPending?: () => void;
  }): void;
}

declare global {
  interface Window {
    LencoPay?: LencoPay;
  }
}

/** How the widget ended, as the page understands it; none of it pays the order (the server's read does). */
export type WidgetOutcome = 'success' | 'pending' | 'closed';

const loading = new Map<string, Promise<LencoPay>>();

/**
 * Loads Lenco's script once, only when a card payment starts (never in the first-load bundle); a failed
 * load is forgotten so the next try loads it again.
 */
function loadLencoScript(url: string): Promise<LencoPay> {
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<LencoPay>((resolve, reject) => {
    if (window.LencoPay) return resolve(window.LencoPay);
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.LencoPay ? resolve(window.LencoPay) : reject(new Error('no LencoPay')));
    script.onerror = () => reject(new Error('script failed'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading.delete(url);
    document.querySelectorAll(`script[src="${CSS.escape(url)}"]`).forEach((s) => s.remove());
    throw error;
  });
  loading.set(url, promise);
  return promise;
}

/** Opens Lenco's popup with the server's options; resolves with how it ended. The card never passes through our code. */
export async function openLencoWidget(widget: CardWidget): Promise<WidgetOutcome> {
  const lenco = await loadLencoScript(widget.scriptUrl);
  return new Promise((resolve) => {
    lenco.getPaid({
      key: widget.key,
      reference: widget.reference,
      amount: widget.amount,
      currency: widget.currency,
      email: widget.email,
      label: widget.label,
      onSuccess: () => resolve('success'),
      onConfirmationPending: () => resolve('pending'),
      onClose: () => resolve('closed'),
    });
  });
}

const RESUME_KEY = 'pay-card-after-reload';

/**
 * The server lets the widget's origin in only on the pages that pay (decision 036). The policy is the one
 * of the page the app was loaded on: when that was another (the shopper came through the cart and checkout
 * in the app), this page is loaded anew, and the payment starts by itself after the reload.
 */
export function widgetAllowedHere(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  const first = new URL(entry?.name || location.href);
  const page = matchAppPage(first.pathname);
  return first.pathname === location.pathname && page !== null && PAYING_PAGES.includes(page.name);
}

export function reloadToPay(orderId: string): void {
  sessionStorage.setItem(RESUME_KEY, orderId);
  location.reload();
}

/** True once, after reloadToPay for this order. */
export function resumesPayment(orderId: string): boolean {
  if (sessionStorage.getItem(RESUME_KEY) !== orderId) return false;
  sessionStorage.removeItem(RESUME_KEY);
  return true;
}
