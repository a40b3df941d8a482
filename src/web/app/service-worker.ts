import { SKIP_WAITING } from '../service-worker/messages';
import { loadSonner } from '../lib/toast';

/** How often an open page asks for a new worker, besides each time the shopper comes back to the tab. */
const UPDATE_CHECK_MS = 60 * 60_000;
const UPDATE_TOAST_ID = 'new-version';

/**
 * Registers the worker (src/web/service-worker/sw.ts) and offers a reload when a new deployment's worker
 * is ready. A new worker waits for the shopper's "Reload" (it is never switched under an open page, whose
 * lazy screens must come from the build it started with, and whose checkout form must not be lost), and
 * the offer comes back each time the page is shown again until it is taken. A reload or a new visit while
 * online loads the new build's scripts anyway: pages come from the network first, and the new scripts'
 * names are not in the old worker's precache.
 */
export async function registerServiceWorker(): Promise<void> {
  // Which build this page runs (VITE_BUILD_ID at build time): for support, and for the update journey.
  document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID || 'unnamed';
  const registration: ServiceWorkerRegistration | undefined = await navigator.serviceWorker.register('/sw.js', {
    scope: '/',
    updateViaCache: 'none',
  });
  // A browser that blocks workers (a policy, some privacy modes, the journeys) may answer nothing at all.
  if (!registration) return;

  const offerIfWaiting = () => {
    // With no controller this is the first install, not an update: nothing to reload.
    if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration);
  };
  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offerIfWaiting();
    });
  };
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  offerIfWaiting();

  const checkForUpdate = () => {
    registration.update().catch(() => {
      // Offline or the server is restarting: the next check will do.
    });
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    offerIfWaiting();
    checkForUpdate();
  });
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
}

function offerReload(registration: ServiceWorkerRegistration) {
  loadSonner()
    .then(({ toast }) =>
      toast('A new version of the shop is ready.', {
        id: UPDATE_TOAST_ID,
        duration: Infinity,
        action: { label: 'Reload', onClick: () => reloadOntoNewWorker(registration) },
        // Sonner's own action button is 24 px tall: too small a target for a thumb.
        classNames: { actionButton: 'h-10! rounded-full! bg-forest-700! px-5! text-sm! font-semibold!' },
      }),
    )
    .catch(() => {
      // The toast library did not load (the connection dropped): the offer comes back when the page is shown again.
    });
}

function reloadOntoNewWorker(registration: ServiceWorkerRegistration) {
  const waiting = registration.waiting;
  // Another tab already switched to it: this page is controlled by the new worker, a reload is enough.
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: SKIP_WAITING });
}
