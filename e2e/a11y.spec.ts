import { expect, test, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { demoProducts } from './support/shop';

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

test('every public page passes axe without serious or critical violations @layout', async ({ page, request }) => {
  test.setTimeout(120_000);
  const products = await demoProducts(request);
  const reviewed = products.find((p) => p.numReviews > 0) ?? products[0];
  const pages: [string, string][] = [
    ['/', 'Empowering Women, Preserving Nature'],
    ['/products', 'Our Products'],
    [`/products/${reviewed._id}`, reviewed.name],
    ['/about', 'About Our Cooperative'],
    ['/contact', 'Contact Us'],
    ['/login', 'Welcome Back'],
    ['/register', 'Create an Account'],
    ['/cart', 'Your Cart is Empty'],
    ['/no-such-page', 'Oops! Page not found'],
    ['/products/00000000-0000-4000-8000-000000000000', 'Product Not Found'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, path);
  }

  // States that only appear after an action.
  await page.goto(`/products/${reviewed._id}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'product reviews tab with a toast');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expectNoSeriousViolations(page, 'cart with a line');
  await page.goto('/products');
  // isVisible does not wait: the page must have rendered before it is asked whether the button shows.
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  if (await filters.isVisible()) {
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
  }
  await expectNoSeriousViolations(page, 'products with filters open');
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await expectNoSeriousViolations(page, 'mobile menu open');
  }
});

test('the shop can be used from the keyboard: skip link, menu, add to cart @layout', async ({ page }) => {
  await page.goto('/products');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // Tab to the first Add button and press it.
  const firstAdd = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: /^Add / }).first();
  for (let i = 0; i < 40 && !(await firstAdd.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(firstAdd).toBeFocused();
  // The focus ring is visible (an outline, not just a colour change).
  const outline = await firstAdd.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});
