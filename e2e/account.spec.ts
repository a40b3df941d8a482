import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { formatKwacha } from '../src/shared/money';
import { MY_ORDERS_PAGE_SIZE } from '../src/shared/schemas/orders';
import {
  apiToken,
  bearer,
  createTestProduct,
  demoProducts,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  openMenuOnPhone,
  payManually,
  placeOrderByApi,
  placeOrderWithToken,
  registerByApi,
  toast,
} from './support/shop';

// Axe checks toasts in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

type Shopper = Awaited<ReturnType<typeof registerByApi>>;

const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS === '1'
    ? page.screenshot({ path: `.scratch/shots/account/${name}-${test.info().project.name}.png`, fullPage: true })
    : null;

async function logIn(page: Page, shopper: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
}

/** Two of a product placed through the API, as the checkout does; each project orders its own product. */
async function placeOrder(request: APIRequestContext, shopper: Shopper, paymentMethod = 'airtel') {
  const stocked = (await demoProducts(request)).filter((p) => p.countInStock > 5);
  const product = stocked[(test.info().project.name === 'phone' ? 4 : 5) % stocked.length];
  const order = await placeOrderByApi(request, shopper, [{ product, quantity: 2 }], paymentMethod);
  return { order, product };
}

test('the account page shows the profile and a saved change survives a reload', async ({ page }) => {
  const shopper = await registerByApi(page, 'Chanda Mulenga');
  await logIn(page, shopper);
  const tokenBefore = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Chanda');
  await expect(page.getByLabel('Last Name')).toHaveValue('Mulenga');
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expectNoSidewaysScroll(page);
  await shot(page, 'account');
  await expectNoSeriousViolations(page, 'account page');

  await page.getByLabel('First Name').fill('Natasha');
  await page.getByLabel('Phone Number').fill('0977123456');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
  expect(stored).toMatchObject({
    firstName: 'Natasha',
    name: 'Natasha Mulenga',
    phone: '0977123456',
    token: tokenBefore,
  });

  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Natasha');
  await expect(page.getByLabel('Phone Number')).toHaveValue('0977123456');
  const profile = await (await page.request.get('/api/users/profile', { headers: bearer(tokenBefore) })).json();
  expect(profile).toMatchObject({ firstName: 'Natasha', lastName: 'Mulenga', phone: '0977123456' });

  // The form checks before it sends.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address');
});

test('a wrong current password shows the server message and changes nothing', async ({ page }) => {
  const shopper = await registerByApi(page, 'Mwila Banda');
  await logIn(page, shopper);
  await page.goto('/account');
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('Confirm New Password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Current password is incorrect')).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveAccessibleDescription('Current password is incorrect');
  expect((await page.request.post('/api/users/login', { data: shopper })).status()).toBe(200);

  await page.getByLabel('Confirm New Password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match');
});

test('after a password change this device stays logged in and the new password logs in', async ({ page }) => {
  const shopper = await registerByApi(page, 'Loveness Phiri');
  await logIn(page, shopper);
  await page.goto('/account');
  const newPassword = 'moringa-and-baobab-42';
  await page.getByLabel('Current Password').fill(shopper.password);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed successfully')).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  // Still logged in here, with the fresh token the answer carried (no second login behind the scenes).
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').email)).toBe(shopper.email);
  await page
    .getByRole('main')
    .getByRole('link', { name: /My Orders/ })
    .click();
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  await shot(page, 'my-orders-empty');

  expect((await page.request.post('/api/users/login', { data: shopper })).status()).toBe(401);
  await openMenuOnPhone(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, { email: shopper.email, password: newPassword });
});

test('my orders lists an order placed through the API and opens its details', async ({ page }) => {
  const shopper = await registerByApi(page, 'Precious Hamoonga');
  const { order, product } = await placeOrder(page.request, shopper);
  const reference = order._id.slice(0, 8);
  await logIn(page, shopper);
  await page.goto('/account');
  await page
    .getByRole('main')
    .getByRole('link', { name: /My Orders/ })
    .click();
  await expect(page).toHaveURL(/\/account\/orders$/);

  const row = page.getByRole('list', { name: 'Your orders' }).getByRole('link');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`#${reference}`);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText(formatKwacha(order.totalPrice));
  await expectNoSidewaysScroll(page);
  await shot(page, 'my-orders');
  await expectNoSeriousViolations(page, 'my orders');

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${order._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${reference}` })).toBeVisible();
  await expect(page.getByText(order._id, { exact: true })).toBeVisible();
  await expect(page.getByText(`${product.name} x 2`)).toBeVisible();
  // The shop collects Airtel Money by itself: the pay panel comes first, the manual way behind it.
  await expect(page.getByRole('heading', { name: 'Pay with Airtel Money' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
  await payManually(page);
  await expect(page.getByTestId('pay-reference')).toHaveText(reference);
  await expectNoSidewaysScroll(page);
  await shot(page, 'order');
  await expectNoSeriousViolations(page, 'order page');
});

/** One at a time with one token (placeOrderByApi logs in per order), so they are stored oldest first. */
async function placeOrdersByApi(
  request: APIRequestContext,
  token: string,
  product: { _id: string; price: number },
  count: number,
) {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push((await placeOrderWithToken(request, token, [{ product, quantity: 1 }]))._id);
  return ids;
}

test('my orders loads older orders on demand, shows it is busy and retries a failed page', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const product = await createTestProduct(page.request, admin, {
    kind: 'Order History Balm',
    price: 20,
    countInStock: 1000,
  });
  try {
    const shopper = await registerByApi(page, 'Mutinta Hachilala');
    const ids = await placeOrdersByApi(
      page.request,
      await apiToken(page.request, shopper),
      product,
      MY_ORDERS_PAGE_SIZE + 1,
    );
    const [oldest, secondOldest, newest] = [ids[0], ids[1], ids[ids.length - 1]].map((id) => `#${id.slice(0, 8)}`);

    // Older orders fail to arrive (the query client's own retry too) until the test lets them through;
    // even then they wait for its word, so the busy state can be seen.
    let olderCalls = 0;
    let failing = true;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/orders\/myorders\?page=2$/, async (route) => {
      olderCalls += 1;
      if (failing) return route.abort('connectionfailed');
      await released;
      return route.continue();
    });

    await logIn(page, shopper);
    await page.goto('/account/orders');
    const rows = page.getByRole('list', { name: 'Your orders' }).getByRole('link');
    await expect(rows).toHaveCount(MY_ORDERS_PAGE_SIZE);
    await expect(rows.first()).toContainText(newest);
    await expect(rows.last()).toContainText(secondOldest);
    const older = page.getByRole('button', { name: 'Show older orders' });
    await expect(older).toBeVisible();
    expect(olderCalls, 'the next page waits until asked for').toBe(0);
    await expectNoSidewaysScroll(page);

    await older.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch your orders' })).toBeVisible();
    await expect(rows, 'the orders already shown stay').toHaveCount(MY_ORDERS_PAGE_SIZE);
    failing = false;
    const callsBeforeRetry = olderCalls;
    const retry = page.getByRole('button', { name: 'Try Again' });
    await retry.click();
    const busy = page.getByRole('button', { name: 'Loading older orders...' });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(busy).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch your orders' })).toHaveCount(0);
    await shot(page, 'my-orders-loading-older');

    release();
    await expect(rows).toHaveCount(MY_ORDERS_PAGE_SIZE + 1);
    await expect(rows.last()).toContainText(oldest);
    await expect(rows.last(), 'focus goes on to the first order just loaded').toBeFocused();
    await expect(
      page.getByRole('button', { name: /older orders|Try Again/ }),
      'a part page is the last one',
    ).toHaveCount(0);
    expect(olderCalls, 'one more call for the retry').toBe(callsBeforeRetry + 1);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'my orders with older orders');
  } finally {
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

type Box = { x: number; y: number; width: number; height: number };

/** Where the floating cart button shows, it must leave the box free (both as they sit on the screen now). */
async function expectClearOfFloatingCart(page: Page, box: Box | null, what: string) {
  expect(box, what).not.toBeNull();
  // The round button sits in a bar across the screen's bottom: the bar is what must stay clear.
  const floating = page.getByTestId('floating-cart');
  const button = (await floating.isVisible()) ? await floating.locator('..').boundingBox() : null;
  if (!button || !box) return;
  const overlaps =
    button.x < box.x + box.width &&
    box.x < button.x + button.width &&
    button.y < box.y + box.height &&
    box.y < button.y + button.height;
  expect(overlaps, `the floating cart button covers ${what}`).toBe(false);
}

/** The box of an element's text itself: a paragraph's box runs the full width whatever its words do. */
const textBox = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });

test(
  'the floating cart button covers neither the transaction id button nor the end of a page',
  { tag: '@phone' },
  async ({ page }) => {
    const shopper = await registerByApi(page, 'Namwinga Tembo');
    const { order, product } = await placeOrder(page.request, shopper, 'mtn');
    await logIn(page, shopper);
    await page.evaluate(
      (p) =>
        localStorage.setItem(
          'cart',
          JSON.stringify({
            items: [{ id: p._id, name: p.name, price: p.price, image: p.mainImage, quantity: 1 }],
            totalItems: 1,
            totalAmount: p.price,
          }),
        ),
      product,
    );

    // The account pages leave it out (the header's cart link stays).
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(page.getByTestId('floating-cart')).toHaveCount(0);

    // A shopping page shows it: scrolled to the end, the footer's last line is clear of it.
    await page.goto('/about');
    await expect(page.getByTestId('floating-cart')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.getByRole('contentinfo').getByText(/All rights reserved/);
    await expectClearOfFloatingCart(page, await textBox(lastLine), "the footer's last line");

    // The order page: its full-width submit button at the bottom edge of the screen, where a thumb finds it.
    await page.goto(`/account/orders/${order._id}`);
    await payManually(page);
    const submit = page.getByRole('button', { name: 'Save Transaction ID' });
    await expect(submit).toBeVisible();
    await submit.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await expectClearOfFloatingCart(page, await submit.boundingBox(), 'the Save Transaction ID button');
    await page.getByRole('link', { name: 'Back to My Orders' }).scrollIntoViewIfNeeded();
    await expectClearOfFloatingCart(
      page,
      await page.getByRole('link', { name: 'Back to My Orders' }).boundingBox(),
      'the Back to My Orders button',
    );
  },
);

test('the customer enters and corrects the mobile money transaction id; the order stays unpaid', async ({ page }) => {
  const shopper = await registerByApi(page, 'Memory Siamoonga');
  const { order } = await placeOrder(page.request, shopper, 'mtn');
  await logIn(page, shopper);
  // The success page leads there.
  await page.goto(`/checkout/success?orderId=${order._id}`);
  await payManually(page);
  await page.getByRole('link', { name: 'Enter your transaction ID' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${order._id}$`));
  await payManually(page);

  const token = await apiToken(page.request, shopper);
  const stored = async () => (await page.request.get(`/api/orders/${order._id}`, { headers: bearer(token) })).json();

  await page.getByRole('button', { name: 'Save Transaction ID' }).click();
  await expect(page.getByLabel('Mobile money transaction ID')).toHaveAccessibleDescription(
    'Please enter the transaction ID',
  );

  await page.getByLabel('Mobile money transaction ID').fill('MP240101.1234.A56789');
  await page.getByRole('button', { name: 'Save Transaction ID' }).click();
  await expect(toast(page, 'Transaction ID saved')).toBeVisible();
  await expect(page.getByTestId('payment-reference')).toHaveText('MP240101.1234.A56789');
  await expect(page.getByText('We will confirm your payment soon.')).toBeVisible();
  expect(await stored()).toMatchObject({ paymentReference: 'MP240101.1234.A56789', isPaid: false });
  await shot(page, 'order-reference');
  // A customer who paid by hand sees the manual way first when coming back, not the prompt.
  await page.reload();
  await expect(page.getByTestId('payment-reference')).toHaveText('MP240101.1234.A56789');
  await expect(page.getByRole('button', { name: 'Pay with a prompt on my phone' })).toBeVisible();

  await page.getByRole('button', { name: 'Correct the transaction ID' }).click();
  await expect(page.getByLabel('Mobile money transaction ID')).toHaveValue('MP240101.1234.A56789');
  await page.getByLabel('Mobile money transaction ID').fill('MP240101.1234.A56790');
  await page.getByRole('button', { name: 'Save Transaction ID' }).click();
  await expect(page.getByTestId('payment-reference')).toHaveText('MP240101.1234.A56790');
  expect(await stored()).toMatchObject({ paymentReference: 'MP240101.1234.A56790', isPaid: false });

  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('link')).toContainText(
    'Payment being checked',
  );
});

test('a paid order says when it was paid and asks for nothing more', async ({ page }) => {
  const shopper = await registerByApi(page, 'Grace Mweemba');
  const { order } = await placeOrder(page.request, shopper);
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const paid = await page.request.put(`/api/orders/${order._id}/pay`, {
    headers: admin,
    data: { paymentReference: 'AM-778899' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const paidAt = new Date((await paid.json()).paidAt);

  await logIn(page, shopper);
  await page.goto(`/account/orders/${order._id}`);
  const date = paidAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Africa/Lusaka',
  });
  await expect(page.getByText(`Paid on ${date}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
  await expect(page.getByLabel('Mobile money transaction ID')).toHaveCount(0);
});

test("another customer's order is not found", async ({ page }) => {
  const owner = await registerByApi(page, 'Agnes Owner');
  const { order } = await placeOrder(page.request, owner);
  const other = await registerByApi(page, 'Beatrice Other');
  await logIn(page, other);
  await page.goto(`/account/orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByText(order._id)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
});

test('a visitor is sent to log in', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=account$/);
  await expect(toast(page, 'You must be logged in to view your account')).toBeVisible();
  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/login\?redirect=account%2Forders$/);
  await expect(toast(page, 'You must be logged in to view your orders')).toBeVisible();
});

test('an expired session on the account pages asks the customer to log in again', async ({ page }) => {
  const shopper = await registerByApi(page, 'Ruth Expired');
  await logIn(page, shopper);
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('userInfo') ?? '{}');
    localStorage.setItem('userInfo', JSON.stringify({ ...user, token: 'expired.token.value' }));
  });
  await page.goto('/account/orders');
  await expect(toast(page, 'Your session has expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=account%2Forders$/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});
