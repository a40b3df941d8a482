import { expect, test } from './support/test';
import { demoProductCards, expectCartCount, storedCart, toast } from './support/shop';

test('a shopper fills the cart, changes quantities, removes a line and finds it all after a reload @layout', async ({
  page,
}) => {
  await page.goto('/products');
  const cards = demoProductCards(page);
  const first = cards.nth(0);
  const second = cards.nth(1);
  const firstName = await first.getByRole('heading').innerText();
  const secondName = await second.getByRole('heading').innerText();

  await first.getByRole('button', { name: `Add ${firstName} to cart` }).click();
  await expect(toast(page, `${firstName} added to cart`)).toBeVisible();
  await expect(toast(page, '1 item(s) added').first()).toBeVisible();
  await first.getByRole('button', { name: `Add ${firstName} to cart` }).click();
  await second.getByRole('button', { name: `Add ${secondName} to cart` }).click();
  await expectCartCount(page, 3);

  let cart = await storedCart(page);
  expect(cart.items.map((i) => [i.name, i.quantity])).toEqual([
    [firstName, 2],
    [secondName, 1],
  ]);
  expect(cart.totalItems).toBe(3);
  const firstPrice = cart.items[0].price;
  const secondPrice = cart.items[1].price;
  expect(cart.totalAmount).toBeCloseTo(firstPrice * 2 + secondPrice, 2);

  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText([new RegExp(firstName), new RegExp(secondName)]);
  await expect(page.getByText('Calculated at checkout', { exact: true })).toBeVisible();
  await expect(page.getByText('Taxes calculated at checkout')).toBeVisible();

  // Quantity steps by 1 and never below 1.
  await page.getByRole('button', { name: `Increase quantity of ${secondName}` }).click();
  await expectCartCount(page, 4);
  await page.getByRole('button', { name: `Decrease quantity of ${secondName}` }).click();
  await expect(page.getByRole('button', { name: `Decrease quantity of ${secondName}` })).toBeDisabled();
  await expectCartCount(page, 3);

  await page
    .getByRole('button', { name: `Remove ${firstName} from cart` })
    .first()
    .click();
  await expect(toast(page, 'Item removed from cart')).toBeVisible();
  await expectCartCount(page, 1);

  await page.reload();
  await expect(table.getByRole('rowheader')).toHaveText([new RegExp(secondName)]);
  await expectCartCount(page, 1);
  cart = await storedCart(page);
  expect(cart).toMatchObject({ totalItems: 1, totalAmount: secondPrice });

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=checkout$/);
  await expect(toast(page, 'Please login to checkout')).toBeVisible();

  await page.goto('/cart');
  await page
    .getByRole('button', { name: `Remove ${secondName} from cart` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('the featured grid on the home page adds one unit with Add', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('list', { name: 'Featured products' }).getByRole('listitem').first();
  const name = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expectCartCount(page, 1);
  await expect(toast(page, `${name} added to cart`)).toBeVisible();
});

test('the cart is saved as soon as the badge shows it, so a page left at once keeps the tap', async ({ page }) => {
  await page.goto('/products');
  const card = demoProductCards(page).first();
  const name = await card.getByRole('heading').innerText();
  await expect(page.locator('html[data-ready]')).toBeAttached();
  // Watches the badge from inside the page: the moment the header's cart link is named for one item
  // (a microtask after that render, before the next frame), the phone's copy must already hold it.
  const storedWhenDrawn = page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const link = [...document.querySelectorAll('header a')].find((a) =>
          (a.getAttribute('aria-label') ?? '').startsWith('Cart'),
        );
        if (!link) throw new Error('no cart link in the header');
        new MutationObserver(() => {
          if (link.getAttribute('aria-label') === 'Cart, 1 item') resolve(localStorage.getItem('cart'));
        }).observe(link, { attributes: true, subtree: true, childList: true, characterData: true });
      }),
  );
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  const stored = JSON.parse((await storedWhenDrawn) ?? '{}') as { items?: { name: string }[] };
  expect(stored.items?.map((item) => item.name)).toEqual([name]);
});
