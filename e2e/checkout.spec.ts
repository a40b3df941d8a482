import { expect, test, type Page } from './support/test';
import { computeTotalsInKwacha } from '../src/shared/money';
import {
  E2E_ADMIN,
  expectCartCount,
  expectNoSidewaysScroll,
  demoProductCards,
  payManually,
  productCards,
  registerByApi,
  storedCart,
  toast,
} from './support/shop';

const REQUIRED_MESSAGES = [
  'First name is required',
  'Last name is required',
  'Invalid email address',
  'Phone number is required',
  'Address is required',
  'City is required',
  'Province is required',
  'Postal/ZIP code is required',
];

async function signIn(page: Page, redirect = '') {
  const shopper = await registerByApi(page, 'Chanda Mulenga');
  await page.goto(`/login${redirect}`);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  return shopper;
}

async function addFirstProductToCart(page: Page, index = 0) {
  await page.goto('/products');
  const card = demoProductCards(page).nth(index);
  const name = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(toast(page, `${name} added to cart`)).toBeVisible();
  return name;
}

async function goToCheckout(page: Page) {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function fillShipping(page: Page) {
  await page.getByLabel('Phone Number').fill('0977123456');
  await page.getByLabel('Address').fill('Plot 12, Kabulonga Road');
  await page.getByLabel('City').fill('Lusaka');
  await page.getByLabel('Province').selectOption('Lusaka');
  await page.getByLabel('Postal/ZIP Code').fill('10101');
}

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token);
}

test('checkout asks a visitor to log in and brings them back afterwards', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=checkout$/);
  await expect(toast(page, 'Please login to checkout')).toBeVisible();
  await signIn(page, '?redirect=checkout');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('with an empty cart checkout sends the shopper to the products', async ({ page }) => {
  await signIn(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText('Add some products to your cart before checking out.')).toBeVisible();
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('an empty form explains every missing field next to it', async ({ page }) => {
  await signIn(page);
  await addFirstProductToCart(page);
  await goToCheckout(page);
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  for (const label of ['First Name', 'Last Name', 'Email']) await page.getByLabel(label).fill('');
  await page.getByRole('button', { name: 'Place Order' }).click();
  for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('First name is required');
  await expect(page.getByLabel('Postal/ZIP Code')).toHaveAccessibleDescription('Postal/ZIP code is required');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a shopper orders a product and the success page shows what the server stored @layout', async ({
  page,
}, testInfo) => {
  // The narrowest phone we support.
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
  const shopper = await signIn(page);
  const name = await addFirstProductToCart(page);
  await goToCheckout(page);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('First Name')).toHaveValue('Chanda');
  await expect(page.getByRole('radio', { name: 'Airtel Money' })).toBeChecked();
  await expect(page.getByRole('complementary').getByText(`1 x ${name}`)).toBeVisible();
  await fillShipping(page);
  const expected = computeTotalsInKwacha((await storedCart(page)).items);
  const shownTotal = await page.getByTestId('summary-total').innerText();
  await expectNoSidewaysScroll(page);
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({ path: `.scratch/shots/checkout-${testInfo.project.name}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order placed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByRole('heading', { name: 'Thank You For Your Order!' })).toBeVisible();
  await expect(
    page.getByText(`Your order #${orderId.slice(0, 8)} has been received and is being processed.`),
  ).toBeVisible();
  await expect(page.getByText(orderId, { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(shownTotal);
  // Airtel Money is collected by the shop: the panel asks to confirm the checkout's number; the manual way stays.
  await expect(page.getByLabel('Airtel Money number')).toHaveValue('0977123456');
  await expect(page.getByRole('button', { name: `Pay ${shownTotal}` })).toBeVisible();
  await payManually(page);
  await expect(page.getByTestId('pay-reference')).toHaveText(orderId.slice(0, 8));
  await expect(page.getByTestId('pay-number')).not.toBeEmpty();
  await expectCartCount(page, 0);
  await expectNoSidewaysScroll(page);
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({ path: `.scratch/shots/checkout-success-${testInfo.project.name}.png`, fullPage: true });

  const res = await page.request.get(`/api/orders/${orderId}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const order = await res.json();
  expect(order).toMatchObject({
    itemsPrice: expected.itemsPrice,
    taxPrice: expected.taxPrice,
    shippingPrice: expected.shippingPrice,
    totalPrice: expected.totalPrice,
    paymentMethod: 'airtel',
  });
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a double tap on Place Order creates one order', async ({ page }) => {
  await signIn(page);
  await addFirstProductToCart(page, 1);
  await goToCheckout(page);
  await fillShipping(page);
  const keys: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/orders'))
      keys.push(request.headers()['idempotency-key']);
  });
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size).toBe(1);
  const res = await page.request.get('/api/orders/myorders', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(await res.json()).toHaveLength(1);
});

test('a price change before ordering is shown, the cart is updated and nothing is ordered', async ({
  page,
}, testInfo) => {
  await signIn(page);
  // Each project changes its own product: the two run at the same time.
  const name = await addFirstProductToCart(page, testInfo.project.name === 'phone' ? 2 : 3);
  const [line] = (await storedCart(page)).items;
  await goToCheckout(page);
  await fillShipping(page);

  // Meanwhile the cooperative changes the price.
  const login = await page.request.post('/api/users/login', { data: E2E_ADMIN });
  const admin = { authorization: `Bearer ${(await login.json()).token}` };
  const product = await (await page.request.get(`/api/products/${line.id}`)).json();
  const newPrice = Math.round((line.price + 7.5) * 100) / 100;
  const put = (price: number) =>
    page.request.put(`/api/products/${line.id}`, { headers: admin, data: { ...product, price } });
  expect((await put(newPrice)).status()).toBe(200);
  try {
    await page.getByRole('button', { name: 'Place Order' }).click();
    const alert = page.getByRole('alert').filter({ hasText: name });
    await expect(alert).toContainText('price changed');
    await expect(alert).toContainText('nothing was charged');
    if (process.env.E2E_SHOTS === '1')
      await page.screenshot({ path: `.scratch/shots/checkout-conflict-${testInfo.project.name}.png` });
    expect((await storedCart(page)).items[0].price).toBe(newPrice);
    const token = await tokenOf(page);
    const before = await page.request.get('/api/orders/myorders', { headers: { authorization: `Bearer ${token}` } });
    expect(await before.json()).toHaveLength(0);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
    const after = await (
      await page.request.get('/api/orders/myorders', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(after).toHaveLength(1);
    expect(after[0].orderItems[0].price).toBe(newPrice);
  } finally {
    await put(line.price);
  }
});

test('an expired session sends the shopper to log in again and keeps the cart', async ({ page }) => {
  await signIn(page);
  await addFirstProductToCart(page);
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('userInfo') ?? '{}');
    localStorage.setItem('userInfo', JSON.stringify({ ...user, token: 'expired.token.value' }));
  });
  await goToCheckout(page);
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Your session has expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=checkout$/);
  await expectCartCount(page, 1);
});
