import { expect, test, type Page } from './support/test';
import { demoProducts, expectCartCount, storedCart, toast, type ListedProduct } from './support/shop';
import { appReady, holdScripts, slowPhone } from './support/slow-phone';

/**
 * Decision 020 (docs/decisions/020-early-taps-and-one-pass-adoption.md): a drawn page's buttons show
 * before its app has adopted the page (1-3 s on a slow phone). A tap then is held and carried out once
 * the app is up, exactly once; two taps give what two taps give after adoption: two units. Each journey
 * holds the page's scripts back until it has tapped, so its taps certainly land before the adoption, on
 * a phone slowed 4x on a 400 kbit/s line.
 */

const ENTRY_AND_APP = '**/assets/*.js';
const APP_ONLY = '**/assets/main-*.js';

/** Whether the app had adopted the page at each tap, read before any script of the page sees the tap. */
async function recordTaps(page: Page) {
  await page.addInitScript(() => {
    const taps: boolean[] = [];
    Object.assign(window, { taps });
    window.addEventListener(
      'click',
      (event) => event.isTrusted && taps.push(document.documentElement.dataset.ready !== undefined),
      true,
    );
  });
}
const tapsSeen = (page: Page) => page.evaluate(() => (window as unknown as { taps: boolean[] }).taps);

async function inStock(page: Page): Promise<ListedProduct> {
  const product = (await demoProducts(page.request)).find((listed) => listed.countInStock > 3);
  if (!product) throw new Error('The demo catalogue has no product in stock');
  return product;
}

async function expectInCart(page: Page, lines: { id: string; quantity: number }[]) {
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  await expectCartCount(page, total);
  await expect
    .poll(async () => (await storedCart(page))?.items.map(({ id, quantity }) => ({ id, quantity })))
    .toEqual(lines);
  expect((await storedCart(page)).totalItems).toBe(total);
}

test.describe('a tap before the app has adopted the page @phone', () => {
  test.beforeEach(async ({ page }) => {
    await slowPhone(page);
    await recordTaps(page);
  });

  test('Add to Cart on a product page, tapped before even the entry script ran, puts one unit in the cart', async ({
    page,
  }) => {
    const product = await inStock(page);
    const release = await holdScripts(page, ENTRY_AND_APP);
    await page.goto(`/products/${product._id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    release();
    await appReady(page);

    await expectInCart(page, [{ id: product._id, quantity: 1 }]);
    await expect(toast(page, `${product.name} added to cart`)).toHaveCount(1);
    expect(await tapsSeen(page)).toEqual([false]);
  });

  test('a double tap before the adoption adds two units, as two taps after it do', async ({ page }) => {
    const product = await inStock(page);
    const release = await holdScripts(page, APP_ONLY);
    await page.goto(`/products/${product._id}`, { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.tap();
    await add.tap();
    release();
    await appReady(page);
    await expectInCart(page, [{ id: product._id, quantity: 2 }]);

    await add.tap();
    await add.tap();
    await expectInCart(page, [{ id: product._id, quantity: 4 }]);
    expect(await tapsSeen(page)).toEqual([false, false, true, true]);
  });

  test('taps on the quantity and then Add to Cart are carried out in the order made', async ({ page }) => {
    const product = await inStock(page);
    const release = await holdScripts(page, ENTRY_AND_APP);
    await page.goto(`/products/${product._id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).tap();
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    release();
    await appReady(page);
    await expectInCart(page, [{ id: product._id, quantity: 2 }]);
    expect(await tapsSeen(page)).toEqual([false, false]);
  });

  test('Add on a featured product of the home page puts one unit in the cart', async ({ page }) => {
    const release = await holdScripts(page, APP_ONLY);
    await page.goto('/', { waitUntil: 'commit' });
    const featured = page.getByRole('list', { name: 'Featured products' }).getByRole('listitem');
    const add = featured.getByRole('button', { name: /^Add .* to cart$/ }).first();
    const label = (await add.getAttribute('aria-label')) ?? '';
    await add.tap();
    release();
    await appReady(page);

    const name = label.replace(/^Add (.*) to cart$/, '$1');
    const cart = await storedCartWhenFilled(page);
    expect(cart.items.map((item) => [item.name, item.quantity])).toEqual([[name, 1]]);
    await expectCartCount(page, 1);
    await expect(toast(page, `${name} added to cart`)).toHaveCount(1);
    expect(await tapsSeen(page)).toEqual([false]);
  });

  test('Add on the listing, with a cart already stored, adds its unit to the stored lines', async ({ page }) => {
    const [stored, other] = (await demoProducts(page.request)).filter((listed) => listed.countInStock > 3);
    const saved = {
      items: [{ id: stored._id, name: stored.name, price: stored.price, image: stored.mainImage, quantity: 2 }],
      totalItems: 2,
      totalAmount: stored.price * 2,
    };
    await page.addInitScript((cart) => localStorage.setItem('cart', cart), JSON.stringify(saved));
    const release = await holdScripts(page, ENTRY_AND_APP);
    await page.goto(`/products?keyword=${encodeURIComponent(other.name)}`, { waitUntil: 'commit' });
    await page
      .getByRole('button', { name: `Add ${other.name} to cart` })
      .first()
      .tap();
    release();
    await appReady(page);

    await expectInCart(page, [
      { id: stored._id, quantity: 2 },
      { id: other._id, quantity: 1 },
    ]);
    expect(await tapsSeen(page)).toEqual([false]);
  });
});

async function storedCartWhenFilled(page: Page) {
  await expect.poll(async () => (await storedCart(page))?.totalItems ?? 0).toBeGreaterThan(0);
  return storedCart(page);
}
