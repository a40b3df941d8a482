/**
 * Starts offline support once the page has loaded and is idle, from its own lazily loaded chunk
 * (./service-worker.ts), so that registering the worker and what it keeps never compete with the page's
 * own first bytes or its first taps. On a phone that saves data, a first visit's first page registers
 * nothing: the worker comes with the second page a shopper opens, so a shopper who looks at one page pays
 * for that page alone (decision 071). Only in a production build: never under `vite` (dev) or Vitest.
 */
export function startServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./service-worker')
      .then((module) => module.registerServiceWorker())
      .catch((error: unknown) => console.warn('Offline support not started:', error));
  };
  const whenIdle = () =>
    afterIdle(savesData() && !navigator.serviceWorker.controller ? () => onSecondPage(start) : start);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** The browser's data saver is on (it then sends `Save-Data: on` with every request, too). */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** When the main thread is next idle, or after a few seconds on a page that never is. */
function afterIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}

const PAGE_SEEN_KEY = 'shop:page-seen';

/**
 * Runs `run` on the shopper's second page: at once when a page of the shop was opened before on this
 * phone, else at the first move to another page in this one (a link, back or forward).
 */
export function onSecondPage(run: () => void): void {
  try {
    if (localStorage.getItem(PAGE_SEEN_KEY)) return run();
    localStorage.setItem(PAGE_SEEN_KEY, '1');
  } catch {
    // Storage refused (a private window, a full disk): the worker waits for a move all the same.
  }
  const navigation = (window as Window & { navigation?: EventTarget }).navigation;
  const moved = () => {
    navigation?.removeEventListener('currententrychange', moved);
    window.removeEventListener('popstate', moved);
    run();
  };
  // The app moves between pages with history.pushState, which the Navigation API reports and popstate does not.
  navigation?.addEventListener('currententrychange', moved);
  window.addEventListener('popstate', moved);
}
