import { expect, test, type Page } from './support/test';
import { cartOrderText, productOrderText, whatsappDigits } from '../src/shared/whatsapp';
import { apiToken, bearer, demoProducts, E2E_ADMIN, storedCart } from './support/shop';

const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS === '1'
    ? page.screenshot({ path: `.scratch/shots/whatsapp/${name}-${test.info().project.name}.png`, fullPage: true })
    : null;

/** The link's parts: the chat's number and the message, decoded. */
async function whatsappHref(page: Page) {
  const link = page.getByRole('link', { name: /Order on WhatsApp/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const url = new URL((await link.getAttribute('href'))!);
  return { origin: url.origin, number: url.pathname.slice(1), text: url.searchParams.get('text') };
}

async function shopSettings(page: Page): Promise<{ shopName: string; whatsappNumber: string }> {
  return (await page.request.get('/api/settings')).json();
}

test('a shopper orders a product and then the cart on WhatsApp, with the order written out', async ({ page }) => {
  const settings = await shopSettings(page);
  // The demo shop has a WhatsApp number; the journey that clears it runs alone, after this one.
  expect(whatsappDigits(settings.whatsappNumber)).toMatch(/^260\d{9}$/);
  const [first, second] = (await demoProducts(page.request)).filter((p) => p.countInStock > 2);

  await page.goto(`/products/${first._id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await page.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  const product = await whatsappHref(page);
  expect(product.origin).toBe('https://wa.me');
  expect(product.number).toBe(whatsappDigits(settings.whatsappNumber));
  expect(product.text).toBe(
    productOrderText(settings.shopName, {
      name: first.name,
      price: first.price,
      quantity: 2,
      url: `${new URL(page.url()).origin}/products/${first._id}`,
    }),
  );
  // A secondary link: under the main button, which stays where it was.
  const addBox = (await page.getByRole('button', { name: 'Add to Cart' }).boundingBox())!;
  const linkBox = (await page.getByRole('link', { name: /Order on WhatsApp/ }).boundingBox())!;
  expect(linkBox.y).toBeGreaterThan(addBox.y + addBox.height - 1);
  await shot(page, 'product');

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto(`/products/${second._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  const cart = await storedCart(page);
  expect(cart.items.map((item) => [item.name, item.quantity])).toEqual([
    [first.name, 2],
    [second.name, 1],
  ]);
  const fromCart = await whatsappHref(page);
  expect(fromCart.number).toBe(whatsappDigits(settings.whatsappNumber));
  expect(fromCart.text).toBe(cartOrderText(settings.shopName, cart.items));
  expect(fromCart.text).toContain('Shipping and tax are confirmed by the co-op.');
  const checkoutBox = (await page.getByRole('link', { name: 'Proceed to Checkout' }).boundingBox())!;
  expect((await page.getByRole('link', { name: /Order on WhatsApp/ }).boundingBox())!.y).toBeGreaterThan(
    checkoutBox.y + checkoutBox.height - 1,
  );
  await shot(page, 'cart');
});

// @alone: it clears the shop's WhatsApp number for a moment, so it runs after the journeys that read it, and puts it back.
test('no WhatsApp link when the shop has no WhatsApp number @alone', async ({ page }) => {
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const before = await shopSettings(page);
  const [product] = await demoProducts(page.request);
  try {
    expect((await page.request.put('/api/settings', { headers: admin, data: { whatsappNumber: '' } })).status()).toBe(
      200,
    );
    await page.goto(`/products/${product._id}`);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Order on WhatsApp/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Order on WhatsApp/ })).toHaveCount(0);
  } finally {
    await page.request.put('/api/settings', { headers: admin, data: { whatsappNumber: before.whatsappNumber } });
  }
});
