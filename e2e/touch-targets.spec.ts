import { expect, test, type Locator, type Page } from './support/test';
import { demoProductCards, demoProducts, registerByApi, signInAsAdmin, toast } from './support/shop';
import { smallTouchTargets, TOUCH_TARGET_PX } from './support/touch-targets';

// On a phone a toast once covered the header's menu and cart for 4 s, with a 20 x 20 px close
// button; some controls were smaller than a thumb. What is measured and what is exempt: support/touch-targets.ts.

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectThumbSized(page: Page, screen: string) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect
    .soft(await smallTouchTargets(page), `controls under ${TOUCH_TARGET_PX} x ${TOUCH_TARGET_PX} px on ${screen}`)
    .toEqual([]);
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({ path: `.scratch/shots/targets/${screen.replaceAll(' ', '-')}.png`, fullPage: true });
}

async function addFirstProductToCart(page: Page) {
  await page.goto('/products');
  const card = demoProductCards(page).first();
  const name = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  return name;
}

test.describe('on a phone', { tag: '@phone' }, () => {
  test('a toast leaves the header menu and cart uncovered and closes with a thumb-sized button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = await addFirstProductToCart(page);
    const shown = toast(page, `${name} added to cart`);
    await expect(shown).toBeVisible();
    const banner = page.getByRole('banner');
    // Measured where the toast comes to rest: it slides in from above, over the header, for a moment.
    const note = page.locator('[data-sonner-toast]').filter({ hasText: `${name} added to cart` });
    await note.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    for (const control of [
      banner.getByRole('button', { name: 'Open menu' }),
      banner.getByRole('link', { name: /^Cart/ }),
    ]) {
      await expect
        .poll(async () => overlaps(await boxOf(note), await boxOf(control)), { message: `the toast covers ${control}` })
        .toBe(false);
    }
    // The header can be used while the toast is up.
    await banner.getByRole('button', { name: 'Open menu' }).click();
    await expect(banner.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');

    const close = page.getByRole('button', { name: 'Close toast' });
    const size = await boxOf(close);
    expect(size.width).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    expect(size.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    if (process.env.E2E_SHOTS === '1') await page.screenshot({ path: '.scratch/shots/toast-on-phone.png' });
    await close.click();
    await expect(shown).toHaveCount(0);
  });

  test('every control on the main storefront screens is at least 44 x 44 px', async ({ page, request }) => {
    const [product] = await demoProducts(request);
    for (const [screen, path] of [
      ['the home page', '/'],
      ['the product listing', '/products'],
      ['a product page', `/products/${product._id}`],
      ['the login page', '/login'],
      ['the register page', '/register'],
    ]) {
      await page.goto(path);
      await expectThumbSized(page, screen);
    }
    await page.goto('/products');
    await page
      .getByRole('button', { name: /filters/i })
      .first()
      .click();
    await expectThumbSized(page, 'the listing with its filters open');

    const shopper = await registerByApi(page, 'Mutinta Hamoonga');
    const session = await (await page.request.post('/api/users/login', { data: shopper })).json();
    await page.evaluate((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
    await addFirstProductToCart(page);
    await page.goto('/cart');
    await expectThumbSized(page, 'the cart');
    await page.goto('/checkout');
    await expectThumbSized(page, 'the checkout');
    await page.goto('/account');
    await expectThumbSized(page, 'the account');
  });

  test('every control on the admin products, orders and customers lists is at least 44 x 44 px, checkboxes too', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    // A phone shows the lists as cards; from 768 px (a tablet, touch too) they are tables.
    for (const [device, width, height] of [
      ['phone', 390, 844],
      ['tablet', 820, 1180],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [screen, path, shown] of [
        ['the admin products list', '/admin/products', /^Edit /],
        ['the admin orders list', '/admin/orders', /^View order /],
        ['the admin customers list', '/admin/customers', /^Select all customers/],
      ] as const) {
        await page.goto(path);
        await page.getByLabel(shown).filter({ visible: true }).first().waitFor();
        await expectThumbSized(page, `${screen} on a ${device}`);
      }
    }
  });
});
