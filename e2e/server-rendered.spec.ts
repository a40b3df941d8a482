import { expect, test, type Page } from './support/test';
import { formatKwacha } from '../src/shared/money';
import { demoProducts, expectCartCount, registerByApi } from './support/shop';

/** Storefront pages arrive drawn by the server and are adopted by the browser without a redraw. */

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows its name, price, picture and description', async ({ page, request }) => {
    const [listed] = await demoProducts(request);
    const product = (await (await request.get(`/api/products/${listed._id}`)).json()) as typeof listed & {
      description: string;
    };
    const response = await page.goto(`/products/${product._id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('main').getByText(formatKwacha(product.price), { exact: true }).first()).toBeVisible();
    const picture = page.getByRole('main').getByRole('img', { name: product.name }).first();
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByText(product.description.slice(0, 40))).toBeVisible();
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
  });

  test('the home page shows the featured products and the listing shows its filtered page', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Featured products' }).getByRole('listitem').first()).toBeVisible();

    // Other journeys add products of their own meanwhile: the API answers for the same moment.
    const oils = await (await request.get('/api/products?category=oil&page=1&limit=12')).json();
    await page.goto('/products?category=oil');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    const count = oils.totalProducts === 1 ? '1 product' : `${oils.totalProducts} products`;
    await expect(page.getByText(count, { exact: true })).toBeVisible();
    for (const oil of oils.products.slice(0, 3))
      await expect(
        page.getByRole('list', { name: 'Products' }).getByText(oil.name, { exact: true }).first(),
      ).toBeVisible();

    await page.goto('/products?page=2');
    const pageTwo = await (await request.get('/api/products?page=2&limit=12')).json();
    await expect(
      page.getByRole('list', { name: 'Products' }).getByText(pageTwo.products[0].name, { exact: true }).first(),
    ).toBeVisible();
  });

  test('about, contact and an unknown address are drawn too, the unknown one as a 404', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const gone = await page.goto('/products/no-such-product');
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  });
});

test('the HTML of a page carries the page itself, with no inline script for the CSP to refuse', async ({ request }) => {
  const [product] = await demoProducts(request);
  const html = await (await request.get(`/products/${product._id}`, { headers: { accept: 'text/html' } })).text();
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="initial-data"'));
  expect(root).toContain(product.name.replace(/&/g, '&amp;'));
  expect(root).not.toContain('<script');
  expect(root).not.toContain('<!--$?-->');
});

test('a repeat visit is answered 304 from the ETag, and a changed page gets a new one', async ({ request }) => {
  const first = await request.get('/about');
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get('/about', { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);
  const other = await request.get('/contact');
  expect(other.headers().etag).not.toBe(etag);
});

/** Errors and warnings on the console while pages are adopted (a failed start, a script error). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The 404 page's own status and log are expected, and so is Playwright's own note that it blocked the
    // service worker (these journeys run with workers blocked); everything else is a fault.
    if (/status of 404|non-existent route|registration blocked by Playwright/.test(message.text())) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

async function visitStorefront(page: Page, productId: string) {
  for (const path of [
    '/',
    '/products',
    '/products?category=oil&page=1',
    `/products/${productId}`,
    '/about',
    '/contact',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
}

test('pages are adopted without hydration errors, signed out with an empty cart', async ({ page, request }) => {
  const [product] = await demoProducts(request);
  const problems = watchConsole(page);
  await visitStorefront(page, product._id);
  expect(problems).toEqual([]);
});

test('a signed-in shopper with a cart: the header shows both once the page is adopted, without errors', async ({
  page,
  request,
}) => {
  const [product] = await demoProducts(request);
  const shopper = await registerByApi(page, 'Hydration Shopper');
  const login = await (await page.request.post('/api/users/login', { data: shopper })).json();
  const cart = {
    items: [{ id: product._id, name: product.name, price: product.price, image: product.mainImage, quantity: 2 }],
    totalItems: 2,
    totalAmount: product.price * 2,
  };
  await page.addInitScript(
    ([session, stored]) => {
      localStorage.setItem('userInfo', session);
      localStorage.setItem('cart', stored);
    },
    [JSON.stringify(login), JSON.stringify(cart)],
  );
  const problems = watchConsole(page);
  await visitStorefront(page, product._id);
  await page.goto(`/products/${product._id}`);
  await expectCartCount(page, 2);
  // The stored cart was read, not overwritten by the empty cart the page was adopted with.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null')?.totalItems)).toBe(2);
  const accountLink = page.getByRole('link', { name: 'Hydration Shopper' });
  if (await page.getByRole('button', { name: 'Open menu' }).isVisible())
    await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(accountLink.first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a page scrolled before its script ran stays where the shopper is', async ({ page, request }) => {
  const [product] = await demoProducts(request);
  // The page's scripts are held back until the shopper has scrolled.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts run before DOMContentLoaded: wait for the drawn page instead.
  await page.goto(`/products/${product._id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const scrolled = await page.evaluate(() => window.scrollY);
  release();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});
