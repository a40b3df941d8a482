import { expect, test, type Browser, type Page, type Request } from './support/test';
import { simulatorURL } from '../playwright.config';
import { formatKwacha } from '../src/shared/money';
import { expectNoSeriousViolations } from './support/a11y';
import {
  apiToken,
  bearer,
  createTestProduct,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  toast,
} from './support/shop';

// Axe checks the panel in its final colours rather than half-way through a fade.
test.use({ reducedMotion: 'reduce' });

const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS === '1'
    ? page.screenshot({ path: `.scratch/shots/pay/${name}-${test.info().project.name}.png`, fullPage: true })
    : null;

/** A number of the network no other journey uses, so the simulator's phone page shows this journey's prompt by it. */
function freshNumber(prefix: '097' | '096' | '077' | '076') {
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { local: `${prefix}${rest}`, e164: `+260${prefix.slice(1)}${rest}` };
}

/** A product of the journey's own (phone and desktop pay at the same time), and a signed-in shopper. */
async function shopperWithProduct(page: Page) {
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const product = await createTestProduct(page.request, admin, { kind: 'pay', price: 85, countInStock: 10 });
  const shopper = await registerByApi(page, 'Mwila Banda');
  const session = await (await page.request.post('/api/users/login', { data: shopper })).json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  const removeProduct = async () =>
    void (await page.request.delete(`/api/products/${product._id}`, { headers: admin }));
  return { product, shopper, token: session.token as string, removeProduct };
}

/** An order placed through the API with the checkout's totals, paying by this method from this number. */
async function placeOrder(
  page: Page,
  token: string,
  product: { _id: string; price: number },
  method: 'airtel' | 'mtn',
  phoneNumber: string,
) {
  return placeOrderWithToken(page.request, token, [{ product, quantity: 1 }], method, {
    address: '3 Mukuba Road',
    city: 'Kitwe',
    province: 'Copperbelt',
    zipCode: '10101',
    phoneNumber,
  });
}

/** The simulator's page, played by the shopper's phone in a second page: answers the prompt sent to this number. */
async function answerOnThePhone(
  browser: Browser,
  e164: string,
  answer: 'Enter PIN and approve' | 'Decline' | 'Wrong PIN',
) {
  const phone = await browser.newPage();
  try {
    await phone.goto(simulatorURL);
    const prompt = phone
      .getByRole('listitem')
      .filter({ hasText: `from ${e164}` })
      .filter({ has: phone.getByRole('button', { name: answer }) });
    await expect(prompt).toHaveCount(1);
    await prompt.getByRole('button', { name: answer }).click();
    // Answered: the prompt has left the list of those waiting for the PIN.
    await expect(prompt).toHaveCount(0);
  } finally {
    await phone.close();
  }
}

const panel = (page: Page) => page.getByRole('region', { name: /^Pay with / });
const status = (page: Page) => panel(page).getByRole('status');
const orderDetails = (page: Page) => page.getByRole('region', { name: 'Order Details' });

async function storedOrder(page: Page, token: string, id: string) {
  return (await page.request.get(`/api/orders/${id}`, { headers: bearer(token) })).json();
}

test('a shopper pays an Airtel Money order from the success page by approving the prompt on the phone', async ({
  page,
  browser,
}) => {
  // Two pages, axe scans and the panel's back-off (reads up to 10 s apart) after the phone answers.
  test.setTimeout(90_000);
  const { product, token, removeProduct } = await shopperWithProduct(page);
  const number = freshNumber('097');
  try {
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
    await page.goto('/checkout');
    await page.getByLabel('Phone Number').fill(number.local);
    await page.getByLabel('Address').fill('Plot 7, Independence Avenue');
    await page.getByLabel('City').fill('Lusaka');
    await page.getByLabel('Province').selectOption('Lusaka');
    await page.getByLabel('Postal/ZIP Code').fill('10101');
    await expect(page.getByRole('radio', { name: 'Airtel Money' })).toBeChecked();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const total = formatKwacha((await storedOrder(page, token, orderId)).totalPrice);

    // The number of the checkout, ready to confirm; no manual instructions in front.
    await expect(panel(page).getByRole('heading', { name: 'Pay with Airtel Money' })).toBeVisible();
    await expect(panel(page).getByLabel('Airtel Money number')).toHaveValue(number.local);
    await expect(page.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
    await expect(orderDetails(page).getByText('Unpaid', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'pay panel: confirm the number');
    await shot(page, 'confirm');

    await panel(page)
      .getByRole('button', { name: `Pay ${total}` })
      .click();
    await expect(status(page)).toContainText(`Check your phone and enter your PIN to pay ${total}`);
    await expect(status(page)).toContainText('Waiting for your approval');
    await expect(status(page)).toBeFocused();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'pay panel: waiting for the PIN');
    await shot(page, 'waiting');

    await answerOnThePhone(browser, number.e164, 'Enter PIN and approve');
    await expect(status(page)).toContainText('Payment received', { timeout: 20_000 });
    await expect(status(page)).toContainText(
      `${total} from +260 ${number.local.slice(1, 3)} ${number.local.slice(3, 6)} ${number.local.slice(6)}`,
    );
    await expect(panel(page).getByRole('button', { name: 'Pay manually instead' })).toHaveCount(0);
    // The order was read again: it is paid, so the success page offers the order page, not a transaction id form.
    await expect(page.getByRole('link', { name: 'View your order' })).toBeVisible();
    // The details below say so too: the status the server now gives, and a paid mark.
    const paid = await storedOrder(page, token, orderId);
    expect(paid).toMatchObject({ isPaid: true, paymentMethod: 'airtel' });
    await expect(orderDetails(page).getByText('Paid', { exact: true })).toBeVisible();
    await expect(orderDetails(page).getByText('Unpaid', { exact: true })).toHaveCount(0);
    await expect(orderDetails(page).getByText(paid.status, { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'pay panel: paid');
    await shot(page, 'paid');

    await page.getByRole('link', { name: 'View your order' }).click();
    await expect(page.getByRole('main').getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
  } finally {
    await removeProduct();
  }
});

test('a shopper pays an MTN order from the account order page, with the keyboard', async ({ page, browser }) => {
  // Two pages, axe scans and the panel's back-off (reads up to 10 s apart) after the phone answers.
  test.setTimeout(90_000);
  const { product, token, removeProduct } = await shopperWithProduct(page);
  const number = freshNumber('076');
  try {
    const order = await placeOrder(page, token, product, 'mtn', number.local);
    const total = formatKwacha(order.totalPrice);
    await page.goto(`/account/orders/${order._id}`);
    await expect(page.getByRole('main').getByText('Unpaid', { exact: true })).toBeVisible();
    const field = panel(page).getByLabel('MTN Mobile Money number');
    await expect(field).toHaveValue(number.local);

    await field.focus();
    await page.keyboard.press('Enter');
    await expect(status(page)).toContainText(`Check your phone and enter your PIN to pay ${total}`);
    await expect(status(page)).toBeFocused();

    await answerOnThePhone(browser, number.e164, 'Enter PIN and approve');
    await expect(status(page)).toContainText('Payment received', { timeout: 20_000 });
    await expect(page.getByRole('main').getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await expect(page.getByLabel('Mobile money transaction ID')).toHaveCount(0);
    const stored = await storedOrder(page, token, order._id);
    expect(stored).toMatchObject({ isPaid: true, paymentMethod: 'mtn' });
  } finally {
    await removeProduct();
  }
});

test('a declined prompt shows the reason; Retry asks again and "Pay manually instead" shows the manual instructions', async ({
  page,
  browser,
}) => {
  // Two pages, axe scans and the panel's back-off (reads up to 10 s apart) after the phone answers.
  test.setTimeout(90_000);
  const { product, token, removeProduct } = await shopperWithProduct(page);
  // Airtel words its own reasons; MTN answers a code the panel words.
  const airtel = test.info().project.name === 'phone';
  const number = freshNumber(airtel ? '077' : '096');
  const reason = airtel ? 'Transaction declined by the subscriber.' : 'The payment was declined on the phone.';
  try {
    const order = await placeOrder(page, token, product, airtel ? 'airtel' : 'mtn', number.local);
    await page.goto(`/checkout/success?orderId=${order._id}`);
    await panel(page)
      .getByRole('button', { name: /^Pay K/ })
      .click();
    await expect(status(page)).toContainText('Check your phone');

    await answerOnThePhone(browser, number.e164, 'Decline');
    await expect(status(page)).toContainText('Payment not completed', { timeout: 20_000 });
    await expect(status(page)).toContainText(reason);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'pay panel: declined');
    await shot(page, 'declined');

    // Retry sends a new prompt to the same number.
    await panel(page).getByRole('button', { name: 'Retry' }).click();
    await expect(status(page)).toContainText('Check your phone');
    await answerOnThePhone(browser, number.e164, 'Wrong PIN');
    await expect(status(page)).toContainText('Payment not completed', { timeout: 20_000 });
    const attempts = await (
      await page.request.get(`/api/orders/${order._id}/payments`, { headers: bearer(token) })
    ).json();
    expect(attempts.map((a: { state: string }) => a.state)).toEqual(['failed', 'failed']);

    await panel(page).getByRole('button', { name: 'Pay manually instead' }).click();
    const manual = page.getByRole('region', { name: 'How to pay' });
    await expect(manual).toBeVisible();
    await expect(manual.getByTestId('pay-number')).not.toBeEmpty();
    await expect(manual.getByTestId('pay-reference')).toHaveText(order._id.slice(0, 8));
    await expect(page.getByRole('link', { name: 'Enter your transaction ID' })).toBeVisible();
    await expectNoSeriousViolations(page, 'pay panel: manual');
    await shot(page, 'manual');
    expect(await storedOrder(page, token, order._id)).toMatchObject({ isPaid: false });

    // And back: the prompt again, from the number form.
    await page.getByRole('button', { name: 'Pay with a prompt on my phone' }).click();
    await expect(panel(page).getByLabel(airtel ? 'Airtel Money number' : 'MTN Mobile Money number')).toHaveValue(
      number.e164,
    );
  } finally {
    await removeProduct();
  }
});

test('a reload in the middle of a payment shows the live status, and following it never floods a slow phone', async ({
  page,
  browser,
}) => {
  // The panel's reads back off to one every 10 s, and the journey watches several of them.
  test.setTimeout(90_000);
  const { product, token, removeProduct } = await shopperWithProduct(page);
  const number = freshNumber('097');
  const reads: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const isRead = (request: Request) =>
    request.method() === 'GET' && new URL(request.url()).pathname.endsWith('/payments');
  page.on('request', (request) => {
    if (!isRead(request)) return;
    reads.push(Date.now());
    maxInFlight = Math.max(maxInFlight, ++inFlight);
  });
  const settled = (request: Request) => {
    if (isRead(request)) inFlight -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  try {
    const order = await placeOrder(page, token, product, 'airtel', number.local);
    const total = formatKwacha(order.totalPrice);
    await page.goto(`/account/orders/${order._id}`);
    await panel(page)
      .getByRole('button', { name: `Pay ${total}` })
      .click();
    await expect(status(page)).toContainText('Check your phone');

    await page.reload();
    await expect(status(page)).toContainText(`Check your phone and enter your PIN to pay ${total}`);
    await expect(status(page)).toContainText(`+260 ${number.local.slice(1, 3)}`);
    await expect(panel(page).getByRole('button', { name: /^Pay K/ })).toHaveCount(0);

    // While the prompt covers the browser (the tab is hidden) nothing is read.
    const hide = (state: 'hidden' | 'visible') =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await hide('hidden');
    const hiddenAt = reads.length;
    await page.waitForTimeout(8_000);
    expect(reads.length, 'reads while the tab was hidden').toBe(hiddenAt);
    await hide('visible');
    await expect.poll(() => reads.length, { message: 'a read as soon as the tab shows' }).toBe(hiddenAt + 1);

    // Back-off: over the next 12 s at most 3 reads (a 2 s interval would make 6).
    const from = reads.length;
    await page.waitForTimeout(12_000);
    expect(reads.length - from).toBeLessThanOrEqual(3);
    expect(reads.length - from).toBeGreaterThanOrEqual(2);
    expect(maxInFlight).toBe(1);

    await answerOnThePhone(browser, number.e164, 'Enter PIN and approve');
    await expect(status(page)).toContainText('Payment received', { timeout: 20_000 });
    // Ended: no more reading.
    const ended = reads.length;
    await page.waitForTimeout(12_000);
    expect(reads.length).toBe(ended);
  } finally {
    await removeProduct();
  }
});

test('a number of the wrong network, or no Zambian number at all, is explained at the field and sends nothing', async ({
  page,
}) => {
  const { product, token, removeProduct } = await shopperWithProduct(page);
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/payments'))
      starts.push(request.url());
  });
  try {
    // Checkout phone of another network: prefilled as typed, refused when confirmed.
    const order = await placeOrder(page, token, product, 'airtel', '0961234567');
    await page.goto(`/account/orders/${order._id}`);
    const field = panel(page).getByLabel('Airtel Money number');
    await expect(field).toHaveValue('0961234567');
    await panel(page)
      .getByRole('button', { name: /^Pay K/ })
      .click();
    await expect(field).toHaveAccessibleDescription(
      'This is not an Airtel number. Airtel numbers start with 097, 077 or 057; this one is MTN.',
    );
    await expect(field).toBeFocused();
    await expectNoSeriousViolations(page, 'pay panel: wrong network');
    await shot(page, 'wrong-network');

    await field.fill('12345');
    await panel(page)
      .getByRole('button', { name: /^Pay K/ })
      .click();
    await expect(field).toHaveAccessibleDescription(
      'Enter a Zambian mobile number, for example 097 123 4567 or +260 97 123 4567.',
    );
    expect(starts).toEqual([]);
    expect(
      await (await page.request.get(`/api/orders/${order._id}/payments`, { headers: bearer(token) })).json(),
    ).toEqual([]);

    // Corrected, it goes out.
    await field.fill('+260 97 765 4321');
    await panel(page)
      .getByRole('button', { name: /^Pay K/ })
      .click();
    await expect(status(page)).toContainText('+260 97 765 4321');
    expect(starts).toHaveLength(1);
  } finally {
    await removeProduct();
  }
});
