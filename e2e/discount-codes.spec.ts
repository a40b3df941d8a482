import { expect, test, type Page } from './support/test';
import {
  apiToken,
  bearer,
  createTestProduct,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  registerByApi,
  signInAsAdmin,
  toast,
} from './support/shop';

const stamp = () => `${test.info().project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;

async function signIn(page: Page) {
  const shopper = await registerByApi(page, 'Chanda Mulenga');
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  return shopper;
}

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({ path: `.scratch/shots/${name}-${test.info().project.name}.png`, fullPage: true });
};

test('a discount code in the cart and the checkout, through to the placed order', async ({ page }) => {
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const product = await createTestProduct(page.request, admin, { kind: 'Discount Balm', price: 120, countInStock: 50 });
  const code = `SAVE${stamp()}`;
  const made = await page.request.post('/api/discounts', {
    headers: admin,
    data: { code, kind: 'percent', value: 15, maxUsesPerCustomer: 1 },
  });
  expect(made.status(), await made.text()).toBe(201);
  try {
    await signIn(page);
    await page.goto(`/products/${product._id}`);
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, `${product.name} added to cart`)).toBeVisible();

    await page.goto('/cart');
    const entry = page.getByRole('form', { name: 'Discount code' });
    await entry.getByLabel('Discount code').fill('NOSUCHCODE1');
    await entry.getByRole('button', { name: 'Apply' }).click();
    await expect(entry.getByRole('alert')).toHaveText('This code is not valid.');
    await entry.getByLabel('Discount code').fill(code.toLowerCase());
    await entry.getByRole('button', { name: 'Apply' }).click();
    // 2 x K120 = K240; 15% = K36.
    await expect(page.getByTestId('cart-discount')).toHaveText(/K\s?36\.00/);
    await expect(page.getByTestId('cart-total')).toHaveText(/K\s?204\.00/);
    await expect(page.getByTestId('applied-code')).toContainText(code);
    await expectNoSidewaysScroll(page);
    await shot(page, 'discount-cart');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByTestId('summary-subtotal')).toHaveText(/K\s?240\.00/);
    await expect(page.getByTestId('summary-discount')).toHaveText(/K\s?36\.00/);
    // VAT on K204 = K32.64; delivery K75 (under K500).
    await expect(page.getByTestId('summary-tax')).toHaveText(/K\s?32\.64/);
    await expect(page.getByTestId('summary-shipping')).toHaveText(/K\s?75\.00/);
    await expect(page.getByTestId('summary-total')).toHaveText(/K\s?311\.64/);
    await page.getByLabel('Phone Number').fill('0977123456');
    await page.getByLabel('Address').fill('Plot 12, Kabulonga Road');
    await page.getByLabel('City').fill('Lusaka');
    await page.getByLabel('Province').selectOption('Lusaka');
    await page.getByLabel('Postal/ZIP Code').fill('10101');
    await expectNoSidewaysScroll(page);
    await shot(page, 'discount-checkout');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(toast(page, 'Order placed successfully')).toBeVisible();
    await expect(page.getByTestId('order-discount')).toHaveText(/K\s?36\.00/);
    await expect(page.getByTestId('order-total')).toHaveText(/K\s?311\.64/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token);
    const order = await (await page.request.get(`/api/orders/${orderId}`, { headers: bearer(token) })).json();
    expect(order).toMatchObject({ discountCode: code, discountAmount: 36, totalPrice: 311.64 });
  } finally {
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

test('an admin makes a code, edits it and switches it off', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/discounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
  const code = `WEEK${stamp()}`;
  await page.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByLabel('Kind').selectOption('percent');
  await dialog.getByLabel('Percent off (1-100)').fill('150');
  await dialog.getByRole('button', { name: 'Save code' }).click();
  await expect(dialog.getByText('A percent discount must be a whole number from 1 to 100')).toBeVisible();
  await dialog.getByLabel('Percent off (1-100)').fill('10');
  await dialog.getByLabel('Total uses (optional)').fill('100');
  await dialog.getByRole('button', { name: 'Save code' }).click();
  await expect(toast(page, `${code} made`)).toBeVisible();
  const card = page.getByRole('list', { name: 'Discount codes' }).getByRole('listitem').filter({ hasText: code });
  await expect(card).toContainText('10% off');
  await expect(card).toContainText('0 of 100');

  await card.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${code}` });
  await edit.getByLabel('Kind').selectOption('fixed');
  await edit.getByLabel('Amount off (K)').fill('25');
  await edit.getByLabel('Minimum items total (K, optional)').fill('200');
  await edit.getByRole('button', { name: 'Save code' }).click();
  await expect(toast(page, `${code} saved`)).toBeVisible();
  await expect(card).toContainText(/K\s?25\.00 off, items of K\s?200\.00 or more/);
  await expectNoSidewaysScroll(page);
  await shot(page, 'admin-discounts');

  // Limited to a category and a product, ticked and found by name: no ids to type.
  const product = await createTestProduct(page.request, bearer(await apiToken(page.request, E2E_ADMIN)), {
    kind: 'Picker Balm',
    price: 80,
    countInStock: 5,
  });
  try {
    await card.getByRole('button', { name: `Edit ${code}` }).click();
    const limit = page.getByRole('dialog', { name: `Edit ${code}` });
    await limit.getByRole('checkbox', { name: 'Oil', exact: true }).check();
    await limit.getByRole('searchbox', { name: 'Find a product' }).fill(product.name);
    await limit.getByRole('list', { name: 'Products found' }).getByRole('checkbox', { name: product.name }).check();
    await expect(limit.getByRole('list', { name: 'Products chosen' })).toContainText(product.name);
    await limit.getByRole('button', { name: 'Save code' }).click();
    // The first edit's toast may still be showing.
    await expect(toast(page, `${code} saved`).last()).toBeVisible();
    await expect(card).toContainText('(some items only)');
    // Opened again, the code names its product by name and can take it off.
    await card.getByRole('button', { name: `Edit ${code}` }).click();
    const again = page.getByRole('dialog', { name: `Edit ${code}` });
    await expect(again.getByRole('checkbox', { name: 'Oil', exact: true })).toBeChecked();
    await again.getByRole('button', { name: `Take ${product.name} off` }).click();
    await expect(again.getByRole('list', { name: 'Products chosen' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await shot(page, 'admin-discount-picker');
    await again.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await page.request.delete(`/api/products/${product._id}`, {
      headers: bearer(await apiToken(page.request, E2E_ADMIN)),
    });
  }

  await card.getByRole('button', { name: `Switch ${code} off` }).click();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Switch ${code} on` })).toBeVisible();
});
