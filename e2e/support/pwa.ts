import { expect, type Page } from '@playwright/test';

/**
 * Waits until the shop's service worker is active and controls the page: from then on, what the page
 * fetches is kept for offline use (the first page of a first visit was fetched before the worker existed).
 */
export async function waitForWorkerControl(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
      timeout: 30_000,
      message: 'the service worker controls the page',
    })
    .toBe('activated');
}

/** The "You are offline" banner under the header of every storefront page. */
export const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });

/** Whether every picture in the page's main content has loaded (offline: from the worker's cache). */
export async function mainImagesLoaded(page: Page): Promise<boolean> {
  return page
    .locator('main img')
    .evaluateAll(
      (images) =>
        images.length > 0 &&
        images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );
}
