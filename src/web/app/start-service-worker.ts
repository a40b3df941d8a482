/**
 * Starts offline support once the page has loaded, from its own lazily loaded chunk
 * (./service-worker.ts), so that registering the worker and the first precache downloads never compete
 * with the page's own first bytes. Only in a production build: never under `vite` (dev) or Vitest.
 */
export function startServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./service-worker')
      .then((module) => module.registerServiceWorker())
      .catch((error: unknown) => console.warn('Offline support not started:', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
