import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { App } from './app/app';
import { beginHydration, endHydration } from './lib/hydration';
import { createQueryClient } from './lib/query-client';
import { startServiceWorkerAfterLoad } from './app/start-service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** Runs after every first-render effect below it: from then on, device state is drawn as it is. */
function HydrationDone() {
  useEffect(endHydration, []);
  return null;
}

const app = (
  <StrictMode>
    <App queryClient={createQueryClient()} router={BrowserRouter} />
    <HydrationDone />
  </StrictMode>
);

// Storefront pages arrive drawn by the server (src/web/entry-server.tsx) and are adopted; the cart,
// checkout, account and back office arrive as an empty shell and are drawn here.
if (root.firstElementChild) {
  beginHydration();
  // As a transition, adoption yields to the browser every few milliseconds (a tap or a scroll is answered
  // at once) instead of holding a slow phone's only thread for the whole page, as Next.js and Remix do.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}

startServiceWorkerAfterLoad();
