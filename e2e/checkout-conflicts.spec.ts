import { expect, test, type APIRequestContext, type Page } from './support/test';
import {
  apiToken,
  bearer,
  createTestProduct,
  E2E_ADMIN,
  E2E_UNPAID_BOUNDS,
  placeOrderWithToken,
  registerByApi,
  storedCart,
  toast,
} from './support/shop';
import { NOT_A_ZAMBIAN_MOBILE } from '../src/shared/phone-numbers';

async function signIn(page: Page) {
  const shopper = await registerByApi(page, 'Chanda Mulenga');
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  return shopper;
}

async function adminHeaders(request: APIRequestContext) {
  return bearer(await apiToken(request, E2E_ADMIN));
}

const createProduct = (request: APIRequestContext, admin: Record<string, string>, countInStock: number) =>
  createTestProduct(request, admin, { kind: 'Marula Balm', price: 120.5, countInStock });

async function addToCart(page: Page, product: { _id: string; name: string }, quantity: number) {
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  for (let n = 1; n < quantity; n++)
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${product.name} added to cart`)).toBeVisible();
}

async function fillCheckout(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Phone Number').fill('0977123456');
  await page.getByLabel('Address').fill('Plot 12, Kabulonga Road');
  await page.getByLabel('City').fill('Lusaka');
  await page.getByLabel('Province').selectOption('Lusaka');
  await page.getByLabel('Postal/ZIP Code').fill('10101');
}

async function myOrders(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token);
  const res = await page.request.get('/api/orders/myorders', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

test('stock that ran short meanwhile: the shopper sees the product and what is left, the cart is capped, nothing is ordered', async ({
  page,
}) => {
  const admin = await adminHeaders(page.request);
  const product = await createProduct(page.request, admin, 10);
  try {
    await signIn(page);
    await addToCart(page, product, 3);
    expect((await storedCart(page)).items).toMatchObject([{ id: product._id, quantity: 3 }]);
    await fillCheckout(page);

    // Meanwhile the cooperative sells the rest at the market.
    const current = await (await page.request.get(`/api/products/${product._id}`)).json();
    const put = await page.request.put(`/api/products/${product._id}`, {
      headers: admin,
      data: { ...current, countInStock: 1 },
    });
    expect(put.status(), await put.text()).toBe(200);

    await page.getByRole('button', { name: 'Place Order' }).click();
    const alert = page.getByRole('alert').filter({ hasText: product.name });
    await expect(alert).toContainText(`${product.name}: only 1 left, your quantity is now 1`);
    await expect(alert).toContainText('nothing was charged');
    await expect(toast(page, 'Your cart was updated. Please check it and place the order again.')).toBeVisible();
    await expect(page.getByRole('complementary').getByText(`1 x ${product.name}`)).toBeVisible();
    expect((await storedCart(page)).items).toMatchObject([{ id: product._id, quantity: 1 }]);
    expect(await myOrders(page)).toHaveLength(0);

    // The capped cart goes through.
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
    const [order] = await myOrders(page);
    expect(order.orderItems).toMatchObject([{ product: product._id, quantity: 1 }]);
  } finally {
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

test('a product deleted meanwhile is named, taken out of the cart and nothing is ordered', async ({ page }) => {
  const admin = await adminHeaders(page.request);
  const product = await createProduct(page.request, admin, 5);
  await signIn(page);
  await addToCart(page, product, 1);
  await fillCheckout(page);

  const deleted = await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await page.getByRole('button', { name: 'Place Order' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: `${product.name} is no longer available and was removed from your cart` });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`A product in your cart is no longer available: ${product.name}`);
  await expect(alert).toContainText('Nothing was charged.');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  expect((await storedCart(page)).items).toEqual([]);
  expect(await myOrders(page)).toHaveLength(0);
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({
      path: `.scratch/shots/account/checkout-gone-${test.info().project.name}.png`,
      fullPage: true,
    });
});

test('unpaid orders already hold what one shopper may: the shop says to pay first, in an alert that stays, and keeps the cart', async ({
  page,
}) => {
  const admin = await adminHeaders(page.request);
  const most = E2E_UNPAID_BOUNDS.items;
  const product = await createProduct(page.request, admin, most + 5);
  let unpaid: string | undefined;
  try {
    const shopper = await signIn(page);
    // An order not paid yet already holds as many items as one shopper may.
    const phoneNumber = `097${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const address = { address: '12 Forest Road', city: 'Choma', province: 'Southern', zipCode: '20100', phoneNumber };
    const token = await apiToken(page.request, shopper);
    unpaid = (await placeOrderWithToken(page.request, token, [{ product, quantity: most }], 'airtel', address))._id;

    await addToCart(page, product, 1);
    await fillCheckout(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Orders waiting for payment can hold at most' });
    await expect(alert).toContainText(
      `Orders waiting for payment can hold at most ${most} items. Your unpaid orders already hold ${most}, so this order cannot add any. Please pay for an order first, or order fewer items.`,
    );
    await expect(alert).toContainText('Nothing was ordered or charged, and your cart is kept.');
    await expect(alert.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/account/orders');
    expect((await storedCart(page)).items).toMatchObject([{ id: product._id, quantity: 1 }]);
    expect(await myOrders(page)).toHaveLength(1);
  } finally {
    if (unpaid)
      await page.request.put(`/api/orders/${unpaid}/status`, { headers: admin, data: { status: 'Cancelled' } });
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

test('each checkout rule explains itself when the value is there but too short or malformed', async ({ page }) => {
  const admin = await adminHeaders(page.request);
  const product = await createProduct(page.request, admin, 5);
  try {
    await signIn(page);
    await addToCart(page, product, 1);
    await fillCheckout(page);
    const cases: [label: string, bad: string, message: string, good: string][] = [
      ['First Name', 'C', 'First name is required', 'Chanda'],
      ['Last Name', 'M', 'Last name is required', 'Mulenga'],
      ['Email', 'chanda@', 'Invalid email address', 'chanda@example.com'],
      ['Phone Number', '097712345', 'Phone number is required', '0977123456'],
      ['Address', 'Plot', 'Address is required', 'Plot 12'],
      ['City', 'L', 'City is required', 'Lusaka'],
      ['Province', '', 'Province is required', 'Lusaka'],
    ];
    // Province is a select (the ten provinces): its bad value is the unchosen placeholder.
    const set = (label: string, value: string) =>
      label === 'Province'
        ? page.getByLabel(label, { exact: true }).selectOption(value)
        : page.getByLabel(label, { exact: true }).fill(value);
    for (const [label, bad] of cases) await set(label, bad);
    await page.getByRole('button', { name: 'Place Order' }).click();
    for (const [label, , message] of cases)
      await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
    await expect(page.getByLabel('Postal/ZIP Code')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/checkout$/);

    // Valid values clear each message.
    for (const [label, , , good] of cases) await set(label, good);
    for (const [label] of cases)
      await expect(page.getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    expect(await myOrders(page)).toHaveLength(0);
  } finally {
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

// A 14-digit number once placed an order. The field says what sign-in and the pay panel say.
test('a phone number that is not a Zambian mobile is refused at the field, with the words of sign-in', async ({
  page,
}) => {
  const admin = await adminHeaders(page.request);
  const product = await createProduct(page.request, admin, 5);
  try {
    await signIn(page);
    await addToCart(page, product, 1);
    await fillCheckout(page);
    const phone = page.getByLabel('Phone Number');
    for (const bad of ['09712345678901', '0211 234 567']) {
      await phone.fill(bad);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(phone).toHaveAccessibleDescription(NOT_A_ZAMBIAN_MOBILE);
      await expect(phone).toBeFocused();
    }
    await expect(page).toHaveURL(/\/checkout$/);
    if (process.env.E2E_SHOTS === '1')
      await page.screenshot({ path: `.scratch/shots/checkout-bad-phone-${test.info().project.name}.png` });
    expect(await myOrders(page)).toHaveLength(0);

    // What a shopper may type for a good number: the message goes and the order is placed.
    await phone.fill('+260 97 712 3456');
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
    expect(await myOrders(page)).toMatchObject([{ shippingAddress: { phoneNumber: '+260 97 712 3456' } }]);
  } finally {
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});
