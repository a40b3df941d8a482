import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { App } from './app/app';
import { markAppReady } from './app/app-ready';
import { loadScreenAt } from './app/routes';
import { beginHydration, endHydration } from './lib/hydration';
import { createQueryClient } from './lib/query-client';
import { startServiceWorkerAfterLoad } from './app/start-service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
/** Storefront pages arrive drawn by the server (src/web/entry-server.tsx) and are adopted. */
const drawn = root.firstElementChild !== null;

/**
 * Runs after every first-render effect below it: from then on, device state is drawn as it is, and a
 * drawn page is taken over (the taps it held are carried out), whether its screen or the error boundary
 * in its place was drawn.
 */
function HydrationDone() {
  useEffect(() => {
    endHydration();
    if (drawn) markAppReady();
  }, []);
  return null;
}

const app = (
  <>
    <App queryClient={createQueryClient()} router={BrowserRouter} />
    <HydrationDone />
  </>
);

// A drawn page is adopted; the cart, checkout, account and back office arrive as an empty shell and are
// drawn here.
if (drawn) {
  // The screen's code before the adoption (boot.ts has been fetching it since the first paint): Preact
  // adopts the page in one pass then, keeping every node the server drew. A screen still loading would
  // keep only its first element until its chunk came (the page shrank to its hero), and <html
  // data-ready> would be set before its buttons answered.
  void loadScreenAt(window.location.pathname).then(() => {
    beginHydration();
    // Preact adopts the page in one pass (100-150 ms for a product or a listing on a 4x slowed CPU,
    // docs/performance.md), keeping the server's nodes; it does not repair markup that differs from
    // the first render, which is why that render draws the server's view (lib/hydration.ts).
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}

startServiceWorkerAfterLoad();
