import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { demoProducts, registerByApi } from './support/shop';

const SHOTS = '.scratch/shots';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string, fullPage = true) {
  if (fullPage) {
    // Scroll through once so lazy images load as they would for a shopper scrolling down.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
    });
  }
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage });
}

test('screenshots of every public screen', { tag: '@shots' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const products = await demoProducts(request);
  const withImages = products.find((p) => p.images.length > 1) ?? products[0];

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await shoot(page, 'home-top', false);
  await shoot(page, 'home');

  await page.goto('/products');
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  await shoot(page, 'products');
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  if (await filters.isVisible()) {
    await filters.click();
    await shoot(page, 'products-filters', false);
  }
  await page.goto('/products?keyword=oil&category=skincare&maxPrice=200');
  await expect(page.getByRole('list', { name: 'Active filters' })).toBeVisible();
  await shoot(page, 'products-chips', false);

  await page.goto(`/products/${withImages._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'product');
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await shoot(page, 'cart');

  for (const [path, name, heading] of [
    ['/about', 'about', 'About Our Cooperative'],
    ['/contact', 'contact', 'Contact Us'],
    ['/login', 'login', 'Welcome Back'],
    ['/register', 'register', 'Create an Account'],
    ['/no-such-page', 'not-found', 'Oops! Page not found'],
    ['/products/00000000-0000-4000-8000-000000000000', 'product-not-found', 'Product Not Found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await shoot(page, name);
  }

  await page.evaluate(() => localStorage.removeItem('cart'));
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await shoot(page, 'cart-empty', false);

  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await shoot(page, 'menu-open', false);
    await page.getByRole('button', { name: 'Close menu' }).click();
  }

  const shopper = await registerByApi(page, 'Chipo Mwansa');
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await shoot(page, 'home-logged-in', false);
});
