import { expect, test, type Browser, type Page } from './support/test';
import { simulatorURL } from '../playwright.config';
import { formatKwacha } from '../src/shared/money';
import { apiToken, bearer, createTestProduct, E2E_ADMIN, expectNoSidewaysScroll, registerByApi } from './support/shop';

// The card through Lenco's widget (the simulator's stand-in, decision 036) and Zamtel Kwacha through Lenco.
test.use({ reducedMotion: 'reduce' });

const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS !== '1'
    ? null
    : page.screenshot({ path: `.scratch/shots/pay-card/${name}-${test.info().project.name}.png`, fullPage: true });

async function shopperWithProduct(page: Page) {
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const product = await createTestProduct(page.request, admin, { kind: 'card', price: 85, countInStock: 10 });
  const shopper = await registerByApi(page, 'Chipo Mwale');
  const session = await (await page.request.post('/api/users/login', { data: shopper })).json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  await page.addInitScript(
    (p) =>
      localStorage.setItem(
        'cart',
        JSON.stringify({
          items: [{ id: p._id, name: p.name, price: p.price, image: '', quantity: 1 }],
          totalItems: 1,
          totalAmount: p.price,
        }),
      ),
    product,
  );
  return {
    token: session.token as string,
    removeProduct: async () => void (await page.request.delete(`/api/products/${product._id}`, { headers: admin })),
  };
}

/** Checkout in the app, paying with this method; answers the order's id once on the success page. */
async function placeAtCheckout(page: Page, phone: string, method: string) {
  await page.goto('/checkout');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Address').fill('Plot 7, Independence Avenue');
  await page.getByLabel('City').fill('Lusaka');
  await page.getByLabel('Province').selectOption('Lusaka');
  await page.getByLabel('Postal/ZIP Code').fill('10101');
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
  return new URL(page.url()).searchParams.get('orderId')!;
}

const cardPanel = (page: Page) => page.getByTestId('pay-by-card');
const widget = (page: Page) => page.frameLocator('iframe[title="Lenco payment"]');

async function storedOrder(page: Page, token: string, id: string) {
  return (await page.request.get(`/api/orders/${id}`, { headers: bearer(token) })).json();
}

test('a card payment in the widget: approved, the server reads it, the order is paid', async ({ page }) => {
  test.setTimeout(90_000);
  const { token, removeProduct } = await shopperWithProduct(page);
  try {
    const orderId = await placeAtCheckout(page, '0971234567', 'Credit / Debit Card');
    const total = formatKwacha((await storedOrder(page, token, orderId)).totalPrice);
    await expect(cardPanel(page).getByRole('heading', { name: 'Pay by card' })).toBeVisible();
    await expect(cardPanel(page)).toContainText('this shop never sees them');
    await expectNoSidewaysScroll(page);
    await shot(page, 'card-panel');
    // The app was loaded on /checkout, whose policy is closed to the widget: the page reloads and opens it.
    await cardPanel(page)
      .getByRole('button', { name: `Pay ${total} by card` })
      .click();
    await expect(widget(page).getByRole('heading', { name: /Pay ZMW/ })).toBeVisible({ timeout: 20_000 });
    await shot(page, 'card-widget');
    await widget(page).getByRole('button', { name: 'Pay (approved)' }).click();
    await expect(cardPanel(page).getByRole('status')).toContainText('Payment received', { timeout: 20_000 });
    await expect(cardPanel(page).getByRole('status')).toContainText(`${total} by card`);
    await shot(page, 'card-paid');
    await expect.poll(async () => (await storedOrder(page, token, orderId)).isPaid).toBe(true);
  } finally {
    await removeProduct();
  }
});

test('a declined card, then a retry that is approved', async ({ page }) => {
  test.setTimeout(90_000);
  const { token, removeProduct } = await shopperWithProduct(page);
  try {
    const orderId = await placeAtCheckout(page, '0971234567', 'Credit / Debit Card');
    // Straight to the order's page (a paying page): the widget opens without a reload.
    await page.goto(`/account/orders/${orderId}`);
    const total = formatKwacha((await storedOrder(page, token, orderId)).totalPrice);
    await cardPanel(page)
      .getByRole('button', { name: `Pay ${total} by card` })
      .click();
    await widget(page).getByRole('button', { name: 'Pay (declined by the bank)' }).click();
    await expect(cardPanel(page).getByRole('status')).toContainText('Payment not completed', { timeout: 20_000 });
    await shot(page, 'card-declined');
    expect((await storedOrder(page, token, orderId)).isPaid).toBe(false);
    await cardPanel(page).getByRole('button', { name: 'Try again' }).click();
    await widget(page).getByRole('button', { name: 'Pay (approved)' }).click();
    await expect(cardPanel(page).getByRole('status')).toContainText('Payment received', { timeout: 20_000 });
    await expect.poll(async () => (await storedOrder(page, token, orderId)).isPaid).toBe(true);
  } finally {
    await removeProduct();
  }
});

test('3-D Secure: the bank is still checking when the widget closes; the focus lands on the result, then the approval pays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token, removeProduct } = await shopperWithProduct(page);
  try {
    const orderId = await placeAtCheckout(page, '0971234567', 'Credit / Debit Card');
    await page.goto(`/account/orders/${orderId}`);
    const total = formatKwacha((await storedOrder(page, token, orderId)).totalPrice);
    // By keyboard: the pay button, then the widget's 3-D Secure button.
    await cardPanel(page)
      .getByRole('button', { name: `Pay ${total} by card` })
      .focus();
    await page.keyboard.press('Enter');
    const threeDs = widget(page).getByRole('button', { name: 'Pay (3-D Secure: wait for the bank)' });
    await threeDs.focus();
    await page.keyboard.press('Enter');
    const status = cardPanel(page).getByRole('status');
    await expect(status).toContainText('Your bank is still checking the payment', { timeout: 20_000 });
    // The widget's frame is gone: the keyboard user is on what happened, not at the top of the page.
    await expect(status).toBeFocused();
    await shot(page, 'card-3ds-waiting');
    expect((await storedOrder(page, token, orderId)).isPaid).toBe(false);
    // The bank approves (the simulator's control API); the server's status read pays the order.
    const [attempt] = await (
      await page.request.get(`/api/orders/${orderId}/payments`, { headers: bearer(token) })
    ).json();
    const approved = await page.request.post(`${simulatorURL}/_sim/requests/${attempt.reference}/approve`);
    expect(approved.status()).toBe(200);
    await expect(status).toContainText('Payment received', { timeout: 30_000 });
    await expect.poll(async () => (await storedOrder(page, token, orderId)).isPaid).toBe(true);
    await shot(page, 'card-3ds-paid');
  } finally {
    await removeProduct();
  }
});

test('closing the widget without paying: the focus lands on what happened, and Try again is next', async ({ page }) => {
  test.setTimeout(90_000);
  const { token, removeProduct } = await shopperWithProduct(page);
  try {
    const orderId = await placeAtCheckout(page, '0971234567', 'Credit / Debit Card');
    await page.goto(`/account/orders/${orderId}`);
    const total = formatKwacha((await storedOrder(page, token, orderId)).totalPrice);
    await cardPanel(page)
      .getByRole('button', { name: `Pay ${total} by card` })
      .click();
    await widget(page).getByRole('button', { name: 'Close (abandon)' }).click();
    const status = cardPanel(page).getByRole('status');
    await expect(status).toContainText('The card window was closed before paying');
    await expect(status).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cardPanel(page).getByRole('button', { name: 'Try again' })).toBeFocused();
    await shot(page, 'card-closed');
  } finally {
    await removeProduct();
  }
});

async function approveOnThePhone(browser: Browser, e164: string) {
  const phone = await browser.newPage();
  try {
    await phone.goto(simulatorURL);
    const prompt = phone
      .getByRole('listitem')
      .filter({ hasText: `from ${e164}` })
      .filter({ has: phone.getByRole('button', { name: 'Enter PIN and approve' }) });
    await expect(prompt).toHaveCount(1);
    await prompt.getByRole('button', { name: 'Enter PIN and approve' }).click();
    await expect(prompt).toHaveCount(0);
  } finally {
    await phone.close();
  }
}

test('Zamtel Kwacha through Lenco: the prompt approved on the phone pays the order', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { token, removeProduct } = await shopperWithProduct(page);
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  try {
    const orderId = await placeAtCheckout(page, `095${rest}`, 'Zamtel Kwacha');
    const total = formatKwacha((await storedOrder(page, token, orderId)).totalPrice);
    const panel = page.getByTestId('pay-by-phone');
    await expect(panel.getByRole('heading', { name: 'Pay with Zamtel Kwacha' })).toBeVisible();
    await panel.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(panel.getByRole('status')).toContainText('Check your phone');
    await approveOnThePhone(browser, `+26095${rest}`);
    await expect(panel.getByRole('status')).toContainText('Payment received', { timeout: 30_000 });
    await expect.poll(async () => (await storedOrder(page, token, orderId)).isPaid).toBe(true);
  } finally {
    await removeProduct();
  }
});
