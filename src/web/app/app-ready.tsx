import { useEffect } from 'react';

/**
 * Marks the page as taken over by the app (`<html data-ready>`) once the screen inside the same Suspense
 * boundary has been drawn or adopted: a drawn page's screen is adopted after the frame around it, when
 * its chunk has arrived. For support, and for the journeys, which wait for it after each visit
 * (e2e/support/test.ts).
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}
