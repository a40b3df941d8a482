import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import {
  apiToken,
  bearer,
  createTestProduct,
  demoProducts,
  E2E_ADMIN,
  expectCartCount,
  placeOrderWithToken,
  registerByApi,
  storedCart,
  toast,
} from './support/shop';
import { appReady, holdScripts, slowPhone } from './support/slow-phone';
import { formatKwacha } from '../src/shared/money';
import type { Product } from '../src/shared/schemas/products';

/**
 * Issue 41 and docs/decisions/067-sizes-and-sets.md, the shopper's side: a product in three sizes is one
 * card ("from K 85.00") and one page whose size buttons the server draws, so a size tapped before the app
 * has started is the size put in the cart; a gift set's stock is what its parts allow. On a phone with
 * its CPU slowed 4x.
 */

const THREE_SIZES = (litreImage: string) => ({
  options: ['Size'],
  variants: [
    { options: ['100 ml'], size: '100 ml', price: 85, countInStock: 5, isDefault: true },
    { options: ['250 ml'], size: '250 ml', price: 150, countInStock: 4 },
    { options: ['1 litre'], size: '1 litre', price: 400, countInStock: 0, image: litreImage },
  ],
});

type Sized = Product & { variants: NonNullable<Product['variants']> };

async function adminHeaders(request: APIRequestContext) {
  return bearer(await apiToken(request, E2E_ADMIN));
}

/** An oil of the journey's own in 100 ml (K 85, the default), 250 ml (K 150) and 1 litre (K 400, sold out, its own photo). */
async function sizedOil(request: APIRequestContext, admin: Record<string, string>) {
  const demo = await demoProducts(request);
  const created = await createTestProduct(request, admin, { kind: 'Sizes Oil', price: 85, countInStock: 0 });
  const litreImage = demo.map((p) => p.mainImage).find((image) => image && image !== demo[0].mainImage) ?? '';
  const answer = await request.put(`/api/products/${created._id}/variants`, {
    headers: admin,
    data: THREE_SIZES(litreImage),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const oil = (await answer.json()) as Sized;
  const size = (label: string) => oil.variants.find((v) => v.label === label)!;
  return { oil, small: size('100 ml'), medium: size('250 ml'), litre: size('1 litre') };
}

async function removeProducts(request: APIRequestContext, admin: Record<string, string>, ids: string[]) {
  // A set first: a part cannot be deleted while a set holds it.
  for (const id of ids) await request.delete(`/api/products/${id}`, { headers: admin }).catch(() => undefined);
}

/** Only the CPU slowed 4x (slowPhone also slows the line), for the steps after the first page. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

const sizeButton = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });

test.describe('sizes and gift sets @phone', () => {
  test('a size tapped before the app has started, then Add to Cart, puts that size in the cart at its price', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminHeaders(page.request);
    const { oil, small, medium } = await sizedOil(page.request, admin);
    try {
      await slowPhone(page);
      const release = await holdScripts(page, '**/assets/*.js');
      await page.goto(`/products/${oil._id}`, { waitUntil: 'commit' });
      // The server drew the default size chosen and each size as a button.
      await expect(sizeButton(page, '100 ml')).toHaveAttribute('aria-pressed', 'true');
      await expect(sizeButton(page, '250 ml')).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('button', { name: '1 litre Out of Stock' })).toBeVisible();
      await sizeButton(page, '250 ml').evaluate((button) => button.setAttribute('data-drawn', 'by the server'));
      await sizeButton(page, '250 ml').tap();
      await page.getByRole('button', { name: 'Add to Cart' }).tap();
      expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
      release();
      await appReady(page);

      await expect(toast(page, `${oil.name} (250 ml) added to cart`)).toHaveCount(1);
      await expectCartCount(page, 1);
      const cart = await storedCart(page);
      expect(cart.items).toEqual([
        {
          id: oil._id,
          variant: medium._id,
          name: `${oil.name} (250 ml)`,
          price: 150,
          image: oil.mainImage,
          quantity: 1,
        },
      ]);
      expect(cart.totalAmount).toBe(150);
      // Adopted, not drawn again: the button is the server's node, now chosen, and the address names its size.
      await expect(sizeButton(page, '250 ml')).toHaveAttribute('aria-pressed', 'true');
      await expect(sizeButton(page, '250 ml')).toHaveAttribute('data-drawn', 'by the server');
      await expect(sizeButton(page, '100 ml')).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('main').getByText(formatKwacha(150), { exact: true }).first()).toBeVisible();
      expect(new URL(page.url()).searchParams.get('variant')).toBe(medium._id);
      expect(small.isDefault).toBe(true);
    } finally {
      await removeProducts(page.request, admin, [oil._id]);
    }
  });

  test('a sold-out size can be chosen but not added; two sizes are two cart lines, ordered as those sizes', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminHeaders(page.request);
    const { oil, small, medium, litre } = await sizedOil(page.request, admin);
    try {
      await slowCpu(page);
      // One card, from the lowest price, that leads to the page rather than adding the default unasked.
      await page.goto(`/products?keyword=${encodeURIComponent(oil.name)}`);
      const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: oil.name });
      await expect(card).toHaveCount(1);
      await expect(card.getByText('from', { exact: true })).toBeVisible();
      await expect(card.getByText(formatKwacha(85))).toBeVisible();
      await expect(card.getByRole('button')).toHaveCount(0);
      await card.getByRole('link', { name: `Choose size of ${oil.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/products/${oil._id}$`));

      // The sold-out litre: chosen, its price and photo, Add to Cart waits; keyboard only.
      const photo = page.getByRole('main').getByRole('img', { name: oil.name }).first();
      const smallPhoto = await photo.getAttribute('src');
      await sizeButton(page, '250 ml').focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: '1 litre Out of Stock' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: '1 litre Out of Stock' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('In Stock', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
      await expect(page.getByRole('main').getByText(formatKwacha(400), { exact: true }).first()).toBeVisible();
      await expect(photo).not.toHaveAttribute('src', smallPhoto ?? '');
      expect(new URL(page.url()).searchParams.get('variant')).toBe(litre._id);
      await expectNoSeriousViolations(page, 'product page with sizes, a sold-out size chosen');

      // A reload (or a shared link) opens the size the address names, drawn by the server.
      await page.reload();
      await expect(page.getByRole('button', { name: '1 litre Out of Stock' })).toHaveAttribute('aria-pressed', 'true');

      await sizeButton(page, '100 ml').click();
      await page.getByRole('button', { name: `Increase quantity of ${oil.name} (100 ml)` }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(toast(page, `${oil.name} (100 ml) added to cart`)).toBeVisible();
      // The quantity chosen stays with the next size (there are 4 of the 250 ml).
      await sizeButton(page, '250 ml').click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expectCartCount(page, 4);

      await page.goto('/cart');
      const rows = page.getByRole('table').getByRole('rowheader');
      const line = (label: string, price: number) => `${oil.name} (${label})${formatKwacha(price)} each`;
      await expect(rows).toHaveText([line('100 ml', 85), line('250 ml', 150)]);
      await expect(page.getByTestId('cart-total')).toHaveText(formatKwacha(470));
      await page
        .getByRole('button', { name: `Remove ${oil.name} (100 ml) from cart` })
        .first()
        .click();
      await expect(rows).toHaveText([line('250 ml', 150)]);
      await expectCartCount(page, 2);
      await page.goto(`/products/${oil._id}?variant=${small._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expectCartCount(page, 3);

      // The checkout sends each line's size: the order names them, at their prices, and takes their stock.
      const shopper = await registerByApi(page, 'Natasha Mweemba');
      const login = await page.request.post('/api/users/login', {
        data: { email: shopper.email, password: shopper.password },
      });
      await page.evaluate((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(await login.json()));
      await page.goto('/checkout');
      await page.getByLabel('Phone Number').fill('0977123456');
      await page.getByLabel('Address').fill('Plot 12, Kabulonga Road');
      await page.getByLabel('City').fill('Lusaka');
      await page.getByLabel('Province').selectOption('Lusaka');
      await page.getByLabel('Postal/ZIP Code').fill('10101');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
      await expect(page.getByText(`${oil.name} (250 ml)`).first()).toBeVisible();
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      const token = JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo'))) ?? '{}').token as string;
      const order = await (await page.request.get(`/api/orders/${orderId}`, { headers: bearer(token) })).json();
      expect(
        order.orderItems.map((line: Record<string, unknown>) => [line.name, line.variant, line.price, line.quantity]),
      ).toEqual([
        [`${oil.name} (250 ml)`, medium._id, 150, 2],
        [`${oil.name} (100 ml)`, small._id, 85, 1],
      ]);
      const after = (await (await page.request.get(`/api/products/${oil._id}`)).json()) as Sized;
      expect(after.variants.map((v) => [v.label, v.countInStock])).toEqual([
        ['100 ml', 4],
        ['250 ml', 2],
        ['1 litre', 0],
      ]);
    } finally {
      await removeProducts(page.request, admin, [oil._id]);
    }
  });

  test('a gift set whose part sells out shows Out of Stock, with its parts listed', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await adminHeaders(page.request);
    const { oil, medium } = await sizedOil(page.request, admin);
    const part = await createTestProduct(page.request, admin, { kind: 'Set Soap', price: 40, countInStock: 1 });
    const set = await createTestProduct(page.request, admin, { kind: 'Gift Set', price: 220, countInStock: 0 });
    try {
      const parts = await page.request.put(`/api/products/${set._id}/set-parts`, {
        headers: admin,
        data: {
          parts: [
            { product: oil._id, variant: medium._id, quantity: 1 },
            { product: part._id, quantity: 1 },
          ],
        },
      });
      expect(parts.status(), await parts.text()).toBe(200);
      expect(((await parts.json()) as Product).countInStock).toBe(1);

      await slowPhone(page);
      await page.goto(`/products/${set._id}`);
      await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
      const list = page.getByRole('region', { name: 'In this set' }).getByRole('listitem');
      await expect(list).toHaveText([`1 x ${oil.name} (250 ml)`, `1 x ${part.name}`]);

      // The soap sells on its own: the set has nothing left to be made of.
      const shopper = await registerByApi(page, 'Chipo Mudenda');
      const token = await apiToken(page.request, shopper);
      await placeOrderWithToken(page.request, token, [{ product: part, quantity: 1 }]);

      await page.goto(`/products/${set._id}`);
      await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
      await expect(list).toHaveText([`1 x ${oil.name} (250 ml)`, `1 x ${part.name}Sold out`]);
      await list.getByRole('link', { name: `1 x ${oil.name} (250 ml)` }).click();
      await expect(page).toHaveURL(new RegExp(`/products/${oil._id}\\?variant=${medium._id}$`));
      await expect(sizeButton(page, '250 ml')).toHaveAttribute('aria-pressed', 'true');
    } finally {
      await removeProducts(page.request, admin, [set._id, part._id, oil._id]);
    }
  });
});

test('screenshots of sizes and sets', { tag: '@shots' }, async ({ page }) => {
  test.setTimeout(120_000);
  const dir = process.env.SHOTS_DIR ?? '.scratch/shots';
  mkdirSync(dir, { recursive: true });
  const shoot = async (name: string, fullPage = true) => {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}.png`, fullPage });
  };
  const admin = await adminHeaders(page.request);
  const { oil, small, medium, litre } = await sizedOil(page.request, admin);
  const set = await createTestProduct(page.request, admin, { kind: 'Gift Set', price: 220, countInStock: 0 });
  try {
    await page.request.put(`/api/products/${set._id}/set-parts`, {
      headers: admin,
      data: {
        parts: [
          { product: oil._id, variant: medium._id, quantity: 2 },
          { product: oil._id, variant: litre._id, quantity: 1 },
        ],
      },
    });
    await page.goto('/products');
    const choose = page.getByRole('link', { name: `Choose size of ${oil.name}` });
    await expect(choose).toBeVisible();
    await shoot('sizes-listing', false);
    await choose.evaluate((link) => link.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${dir}/${test.info().project.name}-sizes-listing-card.png` });
    await page.goto(`/products/${oil._id}?variant=${litre._id}`);
    await shoot('sizes-product-sold-out-size');
    // The buying part close up: from the product's name down (a full page is shrunk when looked at).
    const fromName = async (name: string) => {
      await page.getByRole('heading', { level: 1 }).evaluate((heading) => heading.scrollIntoView());
      await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}.png` });
    };
    await fromName('sizes-product-sold-out-size-close');
    await page.goto(`/products/${set._id}`);
    await shoot('sizes-gift-set');
    await fromName('sizes-gift-set-close');
    for (const variant of [small, medium]) {
      await page.goto(`/products/${oil._id}?variant=${variant._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
    }
    await page.goto('/cart');
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(2);
    await shoot('sizes-cart');
  } finally {
    await removeProducts(page.request, admin, [set._id, oil._id]);
  }
});
