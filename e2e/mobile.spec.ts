import { expect, test } from './support/test';
import { demoProductCards, demoProducts, expectCartCount, expectNoSidewaysScroll } from './support/shop';

test.describe('on a phone', { tag: '@phone' }, () => {
  test('the menu opens, closes on a choice and on Escape, and the cart icon stays visible', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Products' })).toBeHidden();
    await expect(banner.getByRole('link', { name: /^Cart/ })).toBeVisible();

    const toggle = banner.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(banner.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await banner.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(banner.getByRole('link', { name: 'About' })).toBeHidden();

    await toggle.click();
    await expect(banner.getByRole('link', { name: 'Contact' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(banner.getByRole('link', { name: 'Contact' })).toBeHidden();
  });

  test('the floating cart button shows the count and opens the cart', async ({ page }) => {
    await page.goto('/products');
    const floating = page.getByTestId('floating-cart');
    // An empty cart has nothing to open: the button comes with the first item.
    await expect(floating).toHaveCount(0);
    const card = demoProductCards(page).first();
    const name = await card.getByRole('heading').innerText();
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expect(floating).toHaveAccessibleName('Cart, 2 items');
    await expect(floating.getByText('2')).toBeVisible();
    await expectCartCount(page, 2);
    await floating.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('floating-cart')).toHaveCount(0);
  });

  test('no public page scrolls sideways at 360 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const [product] = await demoProducts(request);
    for (const path of [
      '/',
      '/products',
      `/products/${product._id}`,
      '/about',
      '/contact',
      '/login',
      '/register',
      '/cart',
      '/nowhere',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoSidewaysScroll(page);
    }
  });
});

test('wide screens show the navigation and no floating cart', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  for (const name of ['Home', 'Products', 'About', 'Contact', 'Login'])
    await expect(banner.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(page.getByTestId('floating-cart')).toBeHidden();
  await banner.getByRole('link', { name: 'Products' }).click();
  await expect(banner.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
});
