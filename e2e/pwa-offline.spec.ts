import { expect, test, type Page } from './support/test';
import { demoProductCards, demoProducts, expectCartCount, headerCart } from './support/shop';
import { mainImagesLoaded, offlineNotice, waitForWorkerControl } from './support/pwa';

test('pages seen stay readable offline, the cart works, and a notice says so until the connection is back @pwa', async ({
  page,
  context,
}) => {
  // Many page loads, online then offline, on a phone-sized browser: longer than one screen's journey.
  test.setTimeout(120_000);
  // Online: the home page, the product list and one product, as a shopper browses.
  await page.goto('/');
  await waitForWorkerControl(page);
  await page.reload();
  await expect(demoProductCards(page).first()).toBeVisible();
  await page.goto('/products');
  const card = demoProductCards(page).first();
  const name = await card.getByRole('heading').innerText();
  await expect.poll(() => mainImagesLoaded(page)).toBe(true);
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect.poll(() => mainImagesLoaded(page)).toBe(true);
  const productUrl = page.url();
  await expect(offlineNotice(page)).toHaveCount(0);

  await context.setOffline(true);
  await expect(offlineNotice(page)).toBeVisible();

  // The product page, opened again with no connection: name, price and picture from the phone's copies.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(offlineNotice(page)).toBeVisible();
  await expect.poll(() => mainImagesLoaded(page)).toBe(true);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectCartCount(page, 1);

  await page.goto('/products');
  await expect(demoProductCards(page).filter({ hasText: name })).toBeVisible();
  await expect(offlineNotice(page)).toBeVisible();
  await page.goto('/');
  await expect(demoProductCards(page).first()).toBeVisible();
  // A search never made online has no copy: the worker's network is cut too, not only the page's.
  await page.goto('/products?keyword=never-searched');
  await expect(page.getByText('Failed to load products. Please try again.')).toBeVisible();

  // The cart was never opened online: the app shell shows it from what the phone keeps.
  await headerCart(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('main').getByText(name)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByText(name)).toBeVisible();
  await expect(offlineNotice(page)).toBeVisible();

  await context.setOffline(false);
  await expect(offlineNotice(page)).toHaveCount(0);
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

/**
 * A cheap Android phone: the CPU slowed 4x, as the shop's shoppers have. With this second DevTools
 * session the page's navigator.onLine stays true under context.setOffline (the network is cut all the
 * same), so these journeys do not look for the "You are offline" notice.
 */
async function onCheapPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

test('offline, a product never opened says it is not saved on this phone, then opens once back online @pwa', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const product = (await demoProducts(request))[0];
  await onCheapPhone(page);
  await page.goto('/');
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not saved on this phone' })).toBeVisible();
  await expect(
    page.getByText(
      'This product is not saved on this phone yet, and there is no connection. It will open when you are back online.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Product Not Found')).toHaveCount(0);
  await expect(page.getByText(/has been removed/)).toHaveCount(0);
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({ path: '.scratch/shots/pwa/offline-product-not-saved.png', fullPage: true });

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('the home page a visit started on is kept for offline, though it came before the service worker @pwa', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await onCheapPhone(page);
  await page.goto('/');
  const first = await demoProductCards(page).first().getByRole('heading').innerText();
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  // The page itself, kept with its data, not the app shell (which has none, and no catalogue copy to show).
  await expect(page.locator('#initial-data')).toHaveCount(1);
  await expect(demoProductCards(page).filter({ hasText: first })).toBeVisible();
  // As when it is opened again from the phone's home screen.
  await page.goto('/about');
  await page.goto('/');
  await expect(demoProductCards(page).filter({ hasText: first })).toBeVisible();
});

test("a page drawn offline from the app shell shows the shop's name and contact details @pwa", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const settings = await (await request.get('/api/settings')).json();
  await onCheapPhone(page);
  await page.goto('/');
  await waitForWorkerControl(page);

  await context.setOffline(true);
  // Never opened: the worker has no copy, so the app shell draws it.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Our Cooperative' })).toBeVisible();
  await expect(page.locator('#initial-data')).toHaveCount(0);
  await expect(page.getByRole('banner').getByText(settings.shopName, { exact: true })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(settings.shopName, { exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: settings.email })).toBeVisible();
  await expect(footer.getByRole('link', { name: settings.phone })).toBeVisible();
  await expect(footer.getByText(settings.address)).toBeVisible();
  await expect(page).toHaveTitle(`About Us | ${settings.shopName}`);
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({ path: '.scratch/shots/pwa/offline-shell-about.png', fullPage: true });
});
