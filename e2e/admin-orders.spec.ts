import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { computeTotalsInKwacha, formatKwacha, lineTotalInKwacha } from '../src/shared/money';
import { orderReference } from '../src/shared/order-status';
import { mailSubjectsTo, textsTo } from './support/outbox';
import {
  apiToken,
  bearer,
  demoProducts,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  signInAsAdmin,
  toast,
  type ListedProduct,
} from './support/shop';

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

async function productsInStock(request: APIRequestContext): Promise<ListedProduct[]> {
  return (await demoProducts(request)).filter((p) => p.countInStock >= 5);
}

/** A fresh customer places an order through the API, as the checkout does. */
async function placeOrder(
  page: Page,
  request: APIRequestContext,
  customerName: string,
  lines: { product: ListedProduct; quantity: number }[],
) {
  const customer = await registerByApi(page, customerName);
  const token = await apiToken(request, customer);
  const auth = bearer(token);
  const totals = computeTotalsInKwacha(lines.map((l) => ({ price: l.product.price, quantity: l.quantity })));
  const kitwe = {
    address: 'Plot 7, Chilimbulu Road',
    city: 'Kitwe',
    province: 'Copperbelt',
    zipCode: '10101',
    phoneNumber: '0966123456',
  };
  const order = await placeOrderWithToken(request, token, lines, 'mtn', kitwe);
  return { customer, order, totals, auth };
}

async function openOrders(page: Page, query = '') {
  await page.goto(`/admin/orders${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search orders...' });
const statusFilter = (page: Page) => page.getByRole('combobox', { name: 'Filter by status' });
/** Rows (desktop) or cards (phone) of the list, whichever the screen shows. */
const shownOrders = (page: Page) => page.locator('tbody tr, ul[aria-label="Orders"] > li').filter({ visible: true });

test('an admin finds an order by its number or the customer e-mail and works it through @layout', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const [first, second] = await productsInStock(request);
  const lines = [
    { product: first, quantity: 2 },
    { product: second, quantity: 1 },
  ];
  const { customer, order, totals, auth } = await placeOrder(page, request, `Precious Banda ${tag}`, lines);
  const ref = orderReference(order._id);
  // The customer entered the transaction id of a mobile-money payment.
  const reference = `MP${tag.toUpperCase()}77`;
  const pay = await request.put(`/api/orders/${order._id}/pay`, {
    headers: auth,
    data: { paymentReference: reference },
  });
  expect(pay.status(), await pay.text()).toBe(200);

  await openOrders(page);
  await searchBox(page).fill(ref);
  await expect(page).toHaveURL(new RegExp(`q=${ref}`));
  await expect(shownOrders(page)).toHaveCount(1);
  const row = shownOrders(page).first();
  await expect(row).toContainText(ref);
  await expect(row).toContainText(`Precious Banda ${tag}`);
  await expect(row).toContainText(formatKwacha(totals.totalPrice));
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Unpaid');
  await expectNoSidewaysScroll(page);

  // The search survives a reload.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(ref);
  await expect(shownOrders(page)).toHaveCount(1);

  await searchBox(page).fill(customer.email.toUpperCase());
  await expect(page).toHaveURL(/q=SHOPPER/);
  await expect(shownOrders(page)).toHaveCount(1);
  await expect(shownOrders(page).first()).toContainText(ref);

  await statusFilter(page).selectOption('Processing');
  await expect(page).toHaveURL(/status=Processing/);
  await expect(page.getByText('No orders found.')).toBeVisible();
  await expect(page.getByText('Try different search criteria.')).toBeVisible();
  await statusFilter(page).selectOption('Pending');
  await expect(shownOrders(page)).toHaveCount(1);

  await page.getByRole('button', { name: `View order ${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(order._id);
  await expect(dialog).toContainText(`Precious Banda ${tag}`);
  await expect(dialog).toContainText(customer.email);
  await expect(dialog).toContainText('Plot 7, Chilimbulu Road');
  await expect(dialog).toContainText('0966123456');
  await expect(dialog).toContainText('MTN Mobile Money');
  await expect(dialog).toContainText(reference);
  const items = dialog.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const [index, line] of lines.entries()) {
    await expect(items.nth(index)).toContainText(line.product.name);
    await expect(items.nth(index)).toContainText(`${line.quantity} x ${formatKwacha(line.product.price)}`);
    await expect(items.nth(index)).toContainText(formatKwacha(lineTotalInKwacha(line.product.price, line.quantity)));
  }
  for (const [label, amount] of [
    ['Items Total', totals.itemsPrice],
    ['Tax', totals.taxPrice],
    ['Shipping', totals.shippingPrice],
    ['Total', totals.totalPrice],
  ] as const) {
    await expect(dialog.locator('dl div').filter({ has: page.getByText(label, { exact: true }) })).toContainText(
      formatKwacha(amount),
    );
  }
  await expectNoSidewaysScroll(page);

  const update = dialog.getByRole('combobox', { name: 'Update Status' });
  await expect(update).toHaveValue('Pending');
  await expect(update.getByRole('option')).toHaveText(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
  await update.selectOption('Shipped');
  await page
    .getByRole('alertdialog', { name: 'Mark as Shipped?' })
    .getByRole('button', { name: 'Mark as Shipped' })
    .click();
  await expect(toast(page, 'Order status updated to Shipped')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Filtered on Pending, the order has left the list; on all statuses it shows its new badge.
  await expect(page.getByText('No orders found.')).toBeVisible();
  await statusFilter(page).selectOption('');
  await expect(page).not.toHaveURL(/status=/);
  await expect(shownOrders(page).first()).toContainText('Shipped');

  await page.getByRole('button', { name: `View order ${ref}` }).click();
  await expect(dialog.getByRole('combobox', { name: 'Update Status' })).toHaveValue('Shipped');
  await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
  // A mark by hand says why; the reason shows with the order from then on.
  const marking = page.getByRole('dialog', { name: 'Mark as Paid' });
  await marking
    .getByRole('textbox', { name: 'How was it paid?' })
    .fill(`Airtel Money ${reference} checked on the co-op's phone`);
  await marking.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(toast(page, 'Payment processed successfully')).toBeVisible();
  await expect(marking).toBeHidden();
  await expect(dialog).toContainText('Paid');
  await expect(dialog).toContainText(`Airtel Money ${reference} checked on the co-op's phone`);
  await expect(dialog.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Mark as Delivered' }).click();
  await page
    .getByRole('alertdialog', { name: 'Mark as Delivered?' })
    .getByRole('button', { name: 'Mark as Delivered' })
    .click();
  await expect(toast(page, 'Order marked as delivered')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Update Status' })).toHaveValue('Delivered');
  await expect(dialog.getByRole('button', { name: 'Mark as Delivered' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(shownOrders(page).first()).toContainText('Delivered');
  await expect(shownOrders(page).first()).toContainText('Paid');

  const stored = await (await request.get(`/api/orders/${order._id}`, { headers: auth })).json();
  expect(stored).toMatchObject({ status: 'Delivered', isPaid: true, isDelivered: true, paymentReference: reference });
});

test('a change the customer hears of asks first: Cancel changes nothing, yes changes it and tells them once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signInAsAdmin(page);
  const [product] = await productsInStock(request);
  const customer = await registerByApi(page, 'Chipo Mweemba');
  // A number of its own, so the texts counted below are this order's.
  const mobile = `096${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const address = {
    address: 'Plot 3, Mosi-oa-Tunya Road',
    city: 'Livingstone',
    province: 'Southern',
    zipCode: '20100',
    phoneNumber: mobile,
  };
  const order = await placeOrderWithToken(
    request,
    await apiToken(request, customer),
    [{ product, quantity: 1 }],
    'mtn',
    address,
  );
  const ref = orderReference(order._id);
  const stored = async () =>
    (await (await request.get(`/api/orders/${order._id}`, { headers: bearer(token) })).json()).status;
  const statusCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/api\/orders\/[^/]+\/(status|deliver)$/.test(r.url())) statusCalls.push(r.url());
  });

  await openOrders(page, `?q=${ref}`);
  await page.getByRole('button', { name: `View order ${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  const update = dialog.getByRole('combobox', { name: 'Update Status' });
  await expect(update).toHaveValue('Pending');

  // Shipped asks, saying what will happen; Cancel leaves everything as it was. (A person choosing in the
  // select has it focused; selectOption alone does not focus it.)
  await update.focus();
  await update.selectOption('Shipped');
  const shipping = page.getByRole('alertdialog', { name: 'Mark as Shipped?' });
  await expect(shipping).toContainText('The customer gets an e-mail and a text.');
  await expect(shipping.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-confirm-shipped.png` });
  await shipping.getByRole('button', { name: 'Cancel' }).click();
  await expect(shipping).toBeHidden();
  await expect(update).toHaveValue('Pending');
  await expect(update).toBeFocused();

  // Cancelling the order asks too, and Escape on the keyboard keeps the order.
  await update.selectOption('Cancelled');
  const cancelling = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await expect(cancelling).toContainText('Stock goes back and the customer is told by e-mail and text.');
  await page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-confirm-cancel.png` });
  await page.keyboard.press('Escape');
  await expect(cancelling).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(update).toHaveValue('Pending');
  expect(await stored()).toBe('Pending');
  expect(statusCalls).toEqual([]);

  // Yes, by keyboard: from Cancel, Tab to the action and press Enter.
  await update.selectOption('Shipped');
  await expect(shipping.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(shipping.getByRole('button', { name: 'Mark as Shipped' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Order status updated to Shipped')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(statusCalls).toHaveLength(1);
  expect(await stored()).toBe('Shipped');

  // One mail and one text of the shipping, none of a cancellation.
  await expect.poll(() => mailSubjectsTo(customer.email)).toEqual([`Order #${ref} received`, `Order #${ref} shipped`]);
  await expect
    .poll(async () => (await textsTo(request, `+260${mobile.slice(1)}`)).filter((text) => text.includes('on its way')))
    .toHaveLength(1);
  expect((await textsTo(request, `+260${mobile.slice(1)}`)).filter((text) => /cancel/i.test(text))).toEqual([]);
});

test("a refused status change keeps the dialog open with the server's reason", async ({ page, request }) => {
  const token = await signInAsAdmin(page);
  const admin = { authorization: `Bearer ${token}` };
  // One of the oldest products, a different one per project running side by side: the journeys that buy
  // pick from the newest.
  const oldest = (await productsInStock(request)).filter((p) => p.countInStock <= 900);
  const product = oldest.at(test.info().project.name === 'phone' ? -1 : -2)!;
  const { order } = await placeOrder(page, request, 'Cancelled Buyer', [{ product, quantity: 1 }]);
  const setStatus = (id: string, status: string) =>
    request.put(`/api/orders/${id}/status`, { headers: admin, data: { status } });
  expect((await setStatus(order._id, 'Cancelled')).status()).toBe(200);
  // Someone else buys every piece left, the returned one included: the cancelled order cannot take it again.
  const left = (await (await request.get(`/api/products/${product._id}`)).json()).countInStock;
  const { order: bigOrder } = await placeOrder(page, request, 'Quicker Buyer', [{ product, quantity: left }]);
  // Whatever happens below, the stock comes back for the other journeys.
  try {
    const ref = orderReference(order._id);
    await openOrders(page, `?q=${ref}`);
    await page.getByRole('button', { name: `View order ${ref}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Details' });
    // A cancelled order cannot be paid, so the button is not offered.
    await expect(dialog.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
    const update = dialog.getByRole('combobox', { name: 'Update Status' });
    await expect(update).toHaveValue('Cancelled');
    await update.selectOption('Pending');
    await expect(toast(page, `Not enough stock for ${product.name}: only 0 left`)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(update).toHaveValue('Cancelled');
    await expect(update).toBeEnabled();
    await expect(shownOrders(page).first()).toContainText('Cancelled');
  } finally {
    expect((await setStatus(bigOrder._id, 'Cancelled')).status()).toBe(200);
  }
});

test('a search for nothing says so, and the list pages', async ({ page }) => {
  await signInAsAdmin(page);
  await openOrders(page);
  await searchBox(page).fill('no-such-order-zzz');
  await expect(page.getByText('No orders found.')).toBeVisible();
  await expect(page.getByText('Try different search criteria.')).toBeVisible();

  await searchBox(page).fill('');
  await expect(page).not.toHaveURL(/q=/);
  await expect(shownOrders(page)).toHaveCount(20);
  const firstOnPageOne = await shownOrders(page).first().innerText();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(shownOrders(page).first()).not.toHaveText(firstOnPageOne);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  // A new search starts again from page 1.
  await searchBox(page).fill('a');
  await expect(page).toHaveURL(/q=a/);
  await expect(page).not.toHaveURL(/page=2/);
});

test('the orders screen and its details dialog pass axe @layout', async ({ page }) => {
  await signInAsAdmin(page);
  await openOrders(page);
  await expect(shownOrders(page).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'orders');
  await page
    .getByRole('button', { name: /^View order / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Order Details' })).toBeVisible();
  await expectNoSeriousViolations(page, 'order details dialog');
});

test('screenshots of the orders screen', { tag: '@shots' }, async ({ page }) => {
  const shoot = (name: string) =>
    page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-${name}.png` });
  await signInAsAdmin(page);
  await openOrders(page);
  await expect(shownOrders(page).first()).toBeVisible();
  await shoot('orders');
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2400 });
  await shoot('orders-long');
  await page.setViewportSize(size);
  await page
    .getByRole('button', { name: /^View order / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Order Details' })).toBeVisible();
  await shoot('order-details');
  await page.setViewportSize({ width: size.width, height: 2000 });
  await shoot('order-details-long');
  await page.setViewportSize(size);
  await page.keyboard.press('Escape');
  await searchBox(page).fill('no-such-order-zzz');
  await expect(page.getByText('No orders found.')).toBeVisible();
  await shoot('orders-empty');
});
