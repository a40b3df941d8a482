import { expect, test, type Page } from './support/test';
import { expectCartCount, storedCart, toast } from './support/shop';

/** Puts raw text into localStorage before the app starts, once (later reloads see what the app wrote). */
async function storeBeforeStart(page: Page, entries: Record<string, string>) {
  await page.addInitScript((values) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

test('a cart that is not even JSON is replaced by an empty one', async ({ page }) => {
  await storeBeforeStart(page, { cart: '{"items": [oops', userInfo: 'not json either' });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expectCartCount(page, 0);
  expect(await storedCart(page)).toEqual({ items: [], totalItems: 0, totalAmount: 0 });
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

test('a cart with wrong shapes keeps its good lines, merged, with true totals', async ({ page }) => {
  const broken = {
    items: [
      { id: 'p-1', name: 'Good Oil', price: 10.5, image: '', quantity: 2 },
      { id: 5, name: 'Bad id', price: 1, quantity: 1 },
      'junk',
      null,
      { id: 'p-2', name: 'Negative', price: -1, quantity: 1 },
      { id: 'p-3', name: 'Zero quantity', price: 3, quantity: 0 },
      { id: 'p-1', name: 'Good Oil', price: 10.5, quantity: '3' },
      { id: 'p-4', name: 'Fractional', price: '4', quantity: 1.7 },
    ],
    totalItems: 999,
    totalAmount: 'lots',
  };
  await storeBeforeStart(page, { cart: JSON.stringify(broken) });
  await page.goto('/cart');
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveText([/Good Oil/, /Fractional/]);
  await expectCartCount(page, 6);
  const cart = await storedCart(page);
  expect(cart).toEqual({
    items: [
      { id: 'p-1', name: 'Good Oil', price: 10.5, image: '', quantity: 5 },
      { id: 'p-4', name: 'Fractional', price: 4, image: '', quantity: 1 },
    ],
    totalItems: 6,
    totalAmount: 56.5,
  });
});

test('other wrong shapes (array, number, null items) never crash the shop', async ({ page }) => {
  await page.goto('/');
  for (const value of ['[]', '42', '{"items": null}', '"text"', '{"items": {"0": 1}}']) {
    await page.evaluate((v) => localStorage.setItem('cart', v), value);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Empowering Women, Preserving Nature' })).toBeVisible();
    await expectCartCount(page, 0);
  }
});

test('a stored session without a token is dropped; one with a token but odd fields still works', async ({ page }) => {
  await storeBeforeStart(page, { userInfo: JSON.stringify({ name: 'No Token', email: 'x@y.z', isAdmin: true }) });
  await page.goto('/');
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);

  await page.evaluate(() =>
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ token: 'abc', firstName: 'Chipo', lastName: 'Mwansa', isAdmin: 'yes' }),
    ),
  );
  await page.goto('/admin');
  // 'yes' is not true: not an admin.
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
  expect(stored).toMatchObject({ token: 'abc', name: 'Chipo Mwansa', isAdmin: false });
});

test('a product that has left the catalogue still shows in the cart and leads to a clear page', async ({ page }) => {
  const gone = {
    id: '00000000-0000-4000-8000-000000000000',
    name: 'Discontinued Balm',
    price: 50,
    image: '/uploads/ffffffffffffffffffffffffffffffff.webp',
    quantity: 1,
  };
  await storeBeforeStart(page, { cart: JSON.stringify({ items: [gone], totalItems: 1, totalAmount: 50 }) });
  await page.goto('/cart');
  await page.getByRole('table').getByRole('link', { name: 'Discontinued Balm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await expect(page.getByText('The product you are looking for does not exist or has been removed.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

/** A listing opened from a footer link is fetched by the browser (one opened from the address arrives drawn, data and all). */
const footerLink = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('link', { name, exact: true });

test('when the server fails, the listing says so instead of breaking', async ({ page }) => {
  await page.goto('/about');
  await page.route('**/api/products?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await footerLink(page, 'All Products').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load products. Please try again.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
});

test('a proxy error page (not JSON) or a dropped connection gives the same calm message', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/about');
  await page.route('**/api/products?*', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
  );
  await footerLink(page, 'Skincare').click();
  await expect(page.getByText('Failed to load products. Please try again.')).toBeVisible();
  expect(logged.some((line) => line.startsWith('Server responded with non-JSON content: 502'))).toBe(true);

  await page.unroute('**/api/products?*');
  await page.route('**/api/products?*', (route) => route.abort('internetdisconnected'));
  await footerLink(page, 'Body Care').click();
  await expect(page.getByText('Failed to load products. Please try again.')).toBeVisible();
});

test('featured products and product details fail gracefully when fetched on the way', async ({ page }) => {
  await page.goto('/about');
  await page.route('**/api/products/featured', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await page.getByRole('link', { name: 'Shop Our Products' }).click();
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Forest|Co-op|Shop/ })
    .first()
    .click();
  await expect(page.getByText('No featured products available at the moment.')).toBeVisible();
  await expect(toast(page, 'Failed to fetch featured products')).toBeVisible();

  await page.goto('/products');
  const product = /\/api\/products\/[0-9a-f-]{36}$/;
  await page.route(product, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await expect(toast(page, 'Failed to load product details.')).toBeVisible();

  // No answer at all (a dropped connection): the product is not gone, this phone just has no copy of it.
  await page.unroute(product);
  await page.route(product, (route) => route.abort('failed'));
  await page.goBack();
  await cards.nth(1).getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Not saved on this phone' })).toBeVisible();
});
