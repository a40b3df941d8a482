import { StrictMode, useEffect } from 'react';
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
  // Preact adopts the page in one pass (100-150 ms for a product or a listing on a 4x slowed CPU,
  // docs/performance.md), keeping the server's nodes; it does not repair markup that differs from
  // the first render, which is why that render draws the server's view (lib/hydration.ts).
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

startServiceWorkerAfterLoad();
