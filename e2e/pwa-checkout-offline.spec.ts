import { expect, test, type Page } from './support/test';
import { bearer, demoProductCards, registerByApi, toast } from './support/shop';
import { offlineNotice, waitForWorkerControl } from './support/pwa';

const OFFLINE_TEXT = 'You are offline. Your details are kept; place the order when you are back online.';

const SHIPPING = {
  'Phone Number': '0977123456',
  Address: 'Plot 7, Offline Close',
  City: 'Choma',
  'Postal/ZIP Code': '20100',
};

async function signInByApi(page: Page): Promise<string> {
  const shopper = await registerByApi(page, 'Mutinta Hamoonga');
  const res = await page.request.post('/api/users/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = await res.json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  return session.token as string;
}

test('checkout offline keeps the form, explains why it waits, and places the order once when back online @pwa', async ({
  page,
  context,
}) => {
  // Many page loads, online then offline, on a phone-sized browser: longer than one screen's journey.
  test.setTimeout(120_000);
  const token = await signInByApi(page);
  await page.goto('/products');
  await waitForWorkerControl(page);
  const card = demoProductCards(page).nth(4);
  const name = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(toast(page, `${name} added to cart`)).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  for (const [label, value] of Object.entries(SHIPPING)) await page.getByLabel(label).fill(value);
  await page.getByLabel('Province').selectOption('Southern');
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeEnabled();

  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders')
      posted.push(request.headers()['idempotency-key'] ?? '');
  });

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await expect(offlineNotice(page)).toBeVisible();
  await expect(placeOrder).toBeDisabled();
  await expect(placeOrder).toHaveAccessibleDescription(OFFLINE_TEXT);
  await expect(page.getByRole('button', { name: 'Complete Order' })).toBeDisabled();
  // Enter in a field does not send it either.
  await page.getByLabel('Address').press('Enter');
  for (const [label, value] of Object.entries(SHIPPING)) await expect(page.getByLabel(label)).toHaveValue(value);
  await expect(page.getByLabel('Province')).toHaveValue('Southern');

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  await expect(offlineNotice(page)).toHaveCount(0);
  // Coming back online sends nothing by itself: the shopper decides.
  await expect(placeOrder).toBeEnabled();
  for (const [label, value] of Object.entries(SHIPPING)) await expect(page.getByLabel(label)).toHaveValue(value);
  expect(posted).toEqual([]);

  await placeOrder.click();
  await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
  expect(posted).toHaveLength(1);
  const orders = await (await page.request.get('/api/orders/myorders', { headers: bearer(token) })).json();
  expect(orders).toHaveLength(1);
  expect(orders[0].shippingAddress).toMatchObject({
    address: SHIPPING.Address,
    city: SHIPPING.City,
    province: 'Southern',
  });
  expect(orders[0].orderItems.map((line: { name: string }) => line.name)).toEqual([name]);
});
