import { expect, test, type Page } from './support/test';
import { waitForWorkerControl } from './support/pwa';

/** Every address the phone's Cache Storage holds, from every cache, without the query a precache adds. */
async function keptAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
    }
    return kept;
  });
}

const keeps = (kept: string[], screen: string) => kept.some((path) => path.startsWith(`/assets/${screen}-`));

test('a first visit keeps the screens a shopper is likely to open next, and a screen opened later once seen @pwa', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await waitForWorkerControl(page);
  const kept = await keptAddresses(page);
  for (const screen of ['products-page', 'product-detail-page', 'cart-page', 'about-page', 'contact-page'])
    expect(keeps(kept, screen), screen).toBe(true);
  // Not downloaded ahead: the sign-in, the checkout and the account come when a shopper opens them.
  for (const screen of ['login-page', 'checkout-page', 'account-page']) expect(keeps(kept, screen), screen).toBe(false);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect.poll(async () => keeps(await keptAddresses(page), 'login-page')).toBe(true);

  // Offline, the sign-in page is drawn from the app shell with the script kept when it was opened.
  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

/** A browser with its data saver on: the header on every request, and the flag the page reads. */
const SAVE_DATA = `{
  const info = navigator.connection;
  if (info) Object.defineProperty(Object.getPrototypeOf(info), 'saveData', { get: () => true });
}`;

test.describe('with the data saver on', () => {
  test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } });

  test('the first page registers no service worker, and the second page does @pwa', async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.addInitScript({ content: SAVE_DATA });
    await page.goto('/');
    // The page has decided (it notes the page it has seen) and registered nothing.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('shop:page-seen'))).toBe('1');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null)).toBeNull();

    await page.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await waitForWorkerControl(page);
  });
});
