import { useEffect } from 'react';

/**
 * Marks the page as taken over by the app: `<html data-ready>`. For support and the journeys, which wait
 * for it after each visit (e2e/support/test.ts), and for the taps a drawn page held until then
 * (src/shared/early-taps.ts), which are carried out when it is set: every button must answer by then.
 */
export function markAppReady(): void {
  document.documentElement.dataset.ready = '';
}

/**
 * Marks the page as taken over once the screen inside the same Suspense boundary has been drawn: a page
 * the browser draws is ready when its screen's chunk has arrived. A drawn page is marked when it has been
 * adopted (src/web/main.tsx), also when its screen failed and the error boundary shows "Reload the page".
 */
export function AppReady() {
  useEffect(markAppReady, []);
  return null;
}
