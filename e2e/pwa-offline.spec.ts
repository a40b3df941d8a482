import { expect, test } from './support/test';
import { demoProductCards, expectCartCount, headerCart } from './support/shop';
import { mainImagesLoaded, offlineNotice, waitForWorkerControl } from './support/pwa';

test('pages seen stay readable offline, the cart works, and a notice says so until the connection is back @pwa', async ({ page, context }) => {
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
