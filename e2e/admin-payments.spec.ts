import { expect, test, type APIRequestContext, type Page } from './support/test';
import { simulatorURL } from '../playwright.config';
import { formatKwacha } from '../src/shared/money';
import { orderReference } from '../src/shared/order-status';
import { expectNoSeriousViolations } from './support/a11y';
import {
  apiToken,
  bearer,
  demoProducts,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  signInAsAdmin,
  toast,
  payByMobileMoney,
  approveMobileMoney,
} from './support/shop';

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

const AIRTEL_PHONE = '0977123456';

/**
 * A fresh customer orders with Airtel Money and asks to pay from their phone; the simulator's phone
 * declines; the shop hears of it (callback, else its poller) and the attempt ends failed.
 */
async function declinedAirtelPayment(page: Page, request: APIRequestContext, customerName: string) {
  const customer = await registerByApi(page, customerName);
  const auth = bearer(await apiToken(request, customer));
  const product = (await demoProducts(request)).find((p) => p.countInStock >= 5)!;
  const order = await placeOrderWithToken(
    request,
    auth.authorization.slice('Bearer '.length),
    [{ product, quantity: 1 }],
    'airtel',
  );
  const started = await request.post(`/api/orders/${order._id}/payments`, {
    headers: auth,
    data: { phone: AIRTEL_PHONE },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { reference } = await started.json();
  const declined = await request.post(`${simulatorURL}/_sim/requests/${reference}/decline`);
  expect(declined.status(), await declined.text()).toBe(200);
  await expect
    .poll(
      async () => (await (await request.get(`/api/orders/${order._id}/payments`, { headers: auth })).json())[0].state,
      { timeout: 20_000 },
    )
    .toBe('failed');
  return { customer, order, auth };
}

async function openPayments(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  // On a phone the sidebar starts closed.
  if (!(await sidebar.isVisible())) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await sidebar.getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search payments...' });
const filterSelect = (page: Page) => page.getByRole('combobox', { name: 'Show payments' });
/** Rows (desktop) or cards (phone) of the list, whichever the screen shows. */
const shownPayments = (page: Page) =>
  page.locator('tbody tr, ul[aria-label="Payments"] > li').filter({ visible: true });

test('a declined payment shows in Payments as failed; the admin marks its order paid with a reason and sees it recorded @layout', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Namukolo Mwale ${tag}`;
  const { customer, order, auth } = await declinedAirtelPayment(page, request, name);
  const ref = orderReference(order._id);

  const adminToken = await signInAsAdmin(page);
  await openPayments(page);
  // The reconciliation round starts on what needs attention.
  await expect(filterSelect(page)).toHaveValue('attention');
  await searchBox(page).fill(ref);
  await expect(page).toHaveURL(new RegExp(`q=${ref}`));
  await expect(shownPayments(page)).toHaveCount(1);
  const row = shownPayments(page).first();
  await expect(row).toContainText(ref);
  await expect(row).toContainText(name);
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText(formatKwacha(order.totalPrice));
  await expect(row).toContainText('Airtel Money');
  await expect(row).toContainText('+260977123456');
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('Transaction declined by the subscriber');
  await expect(row).toContainText('Unpaid');
  await expect(filterSelect(page).getByRole('option', { name: 'Needs attention (1)' })).toBeAttached();
  await expectNoSidewaysScroll(page);

  await filterSelect(page).selectOption('failed');
  await expect(page).toHaveURL(/filter=failed/);
  await expect(shownPayments(page)).toHaveCount(1);
  await filterSelect(page).selectOption('flagged');
  await expect(page.getByText('No payments found.')).toBeVisible();
  await filterSelect(page).selectOption('attention');
  await expect(page).not.toHaveURL(/filter=/);
  await expectNoSeriousViolations(page, 'payments');

  await shownPayments(page)
    .first()
    .getByRole('button', { name: `View order ${ref}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(order._id);
  const attempts = dialog.getByRole('list', { name: 'Mobile-money payments' }).getByRole('listitem');
  await expect(attempts).toHaveCount(1);
  await expect(attempts.first()).toContainText('Failed');
  await expect(attempts.first()).toContainText('Transaction declined by the subscriber');
  await expectNoSeriousViolations(page, 'order details with its payments');

  // The customer paid cash instead: the admin marks the order paid, and must say why.
  await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
  const marking = page.getByRole('dialog', { name: 'Mark as Paid' });
  await expect(marking).toBeVisible();
  const reason = marking.getByRole('textbox', { name: 'How was it paid?' });
  await expect(reason).toBeFocused();
  await marking.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(marking.getByText('Please say how the payment arrived')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'mark as paid dialog');
  const why = `Paid K${order.totalPrice} in cash at the Choma market stall (${tag})`;
  await reason.fill(why);
  await marking.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(toast(page, 'Payment processed successfully')).toBeVisible();
  await expect(marking).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
  await expect(dialog).toContainText('Marked paid by');
  await expect(dialog).toContainText(why);
  const adminName = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').name as string);
  await expect(dialog.locator('dd').filter({ hasText: adminName })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // A failure of an order that is now paid needs no one; it is still listed among the failures.
  await expect(page.getByText('No payments found.')).toBeVisible();
  await filterSelect(page).selectOption('failed');
  await expect(shownPayments(page)).toHaveCount(1);
  await expect(shownPayments(page).first()).toContainText('Paid');

  // The mark is recorded on the server: admins read who, when and why; the customer does not.
  const asAdmin = await (await page.request.get(`/api/orders/${order._id}`, { headers: bearer(adminToken) })).json();
  expect(asAdmin).toMatchObject({ isPaid: true, markedPaid: { by: { name: adminName }, note: why } });
  const asCustomer = await (await request.get(`/api/orders/${order._id}`, { headers: auth })).json();
  expect(asCustomer).toMatchObject({ isPaid: true });
  expect(asCustomer.markedPaid).toBeUndefined();
});

/**
 * A fresh customer pays an MTN order from a number of its own, for which the simulator collects 5 kwacha
 * short; the shop flags the attempt and leaves the order unpaid.
 */
async function shortMtnPayment(page: Page, request: APIRequestContext, customerName: string) {
  const phone = `096${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const short = await request.post(`${simulatorURL}/_sim/behaviour`, { data: { phone, amountDeltaNgwee: -500 } });
  expect(short.status(), await short.text()).toBe(200);
  const customer = await registerByApi(page, customerName);
  const auth = bearer(await apiToken(request, customer));
  const product = (await demoProducts(request)).find((p) => p.countInStock >= 5)!;
  const order = await placeOrderWithToken(
    request,
    auth.authorization.slice('Bearer '.length),
    [{ product, quantity: 1 }],
    'mtn',
  );
  await approveMobileMoney(request, order._id, auth, phone);
  await expect
    .poll(
      async () => (await (await request.get(`/api/orders/${order._id}/payments`, { headers: auth })).json())[0].flagged,
      { timeout: 20_000 },
    )
    .toBe(true);
  return { customer, order, auth };
}

test('a payment collected for the wrong amount is flagged with a plain note, and its order stays unpaid', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { order } = await shortMtnPayment(page, request, 'Short Payer');

  const ref = orderReference(order._id);
  await signInAsAdmin(page);
  await page.goto(`/admin/payments?filter=flagged&q=${ref}`);
  await expect(shownPayments(page)).toHaveCount(1);
  const row = shownPayments(page).first();
  await expect(row).toContainText('Flagged');
  await expect(row).toContainText(
    `Collected ${formatKwacha(order.totalPrice - 5)}, but the order's total is ${formatKwacha(order.totalPrice)}`,
  );
  await expect(row).toContainText('Settle it by hand with MTN Mobile Money');
  await expect(row).toContainText('Unpaid');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'payments with a flagged row');
  await page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-payments-flagged.png` });
});

test('the admin marks a flagged payment as dealt with: it leaves Needs attention and keeps what was done', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const { order, auth } = await shortMtnPayment(page, request, `Refunded Payer ${tag}`);
  const ref = orderReference(order._id);
  const shoot = (name: string) =>
    page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-${name}.png` });

  await signInAsAdmin(page);
  await page.goto(`/admin/payments?q=${ref}`);
  await expect(filterSelect(page)).toHaveValue('attention');
  await expect(shownPayments(page)).toHaveCount(1);
  await expect(filterSelect(page).getByRole('option', { name: 'Needs attention (1)' })).toBeAttached();
  await expect(filterSelect(page).getByRole('option', { name: 'Flagged (1)' })).toBeAttached();
  await shoot('payments-resolvable');

  await shownPayments(page)
    .first()
    .getByRole('button', { name: `Mark the payment for order ${ref} as dealt with` })
    .click();
  const form = page.getByRole('dialog', { name: 'Mark as dealt with' });
  await expect(form).toBeVisible();
  await expect(form).toContainText(ref);
  const note = form.getByRole('textbox', { name: 'What was done?' });
  await expect(note).toBeFocused();
  // The note is required (the shared schema's rule, before anything is sent).
  await note.fill('   ');
  await form.getByRole('button', { name: 'Mark as dealt with' }).click();
  await expect(form.getByText('note is required: say what was done')).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'mark as dealt with form');
  await shoot('resolve-form');
  const what = `Refunded K 5 by MTN reversal ${tag}`;
  await note.fill(what);
  await form.getByRole('button', { name: 'Mark as dealt with' }).click();
  await expect(toast(page, 'Payment marked as dealt with')).toBeVisible();
  await expect(form).toBeHidden();

  // Off the list, and the counts follow.
  await expect(page.getByText('No payments found.')).toBeVisible();
  await expect(filterSelect(page).getByRole('option', { name: 'Needs attention (0)' })).toBeAttached();
  await expect(filterSelect(page).getByRole('option', { name: 'Flagged (0)' })).toBeAttached();
  await expect(filterSelect(page).getByRole('option', { name: 'All payments (1)' })).toBeAttached();

  // Still in all, with who, when and what was done, and no button to do it again.
  await filterSelect(page).selectOption('all');
  await expect(shownPayments(page)).toHaveCount(1);
  const row = shownPayments(page).first();
  const adminName = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').name as string);
  await expect(row).toContainText(`Dealt with by ${adminName}`);
  await expect(row).toContainText(what);
  await expect(row).not.toContainText('Settle it by hand');
  await expect(row.getByRole('button', { name: /as dealt with/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'payments with a dealt-with row');
  await shoot('payments-resolved');

  // The order's list of attempts shows it too; the customer's does not.
  await row.getByRole('button', { name: `View order ${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  const attempt = dialog.getByRole('list', { name: 'Mobile-money payments' }).getByRole('listitem').first();
  await expect(attempt).toContainText(`Dealt with by ${adminName}`);
  await expect(attempt).toContainText(what);
  await shoot('payment-order-resolved');
  const asCustomer = await (await request.get(`/api/orders/${order._id}/payments`, { headers: auth })).json();
  expect(asCustomer[0]).toMatchObject({ flagged: true });
  expect(asCustomer[0].resolution).toBeUndefined();
});

/** A fresh customer's MTN order, paid from their phone through the simulator. */
async function paidMtnOrder(page: Page, request: APIRequestContext, customerName: string) {
  const phone = `096${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const customer = await registerByApi(page, customerName);
  const auth = bearer(await apiToken(request, customer));
  const product = (await demoProducts(request)).find((p) => p.countInStock >= 5)!;
  const order = await placeOrderWithToken(
    request,
    auth.authorization.slice('Bearer '.length),
    [{ product, quantity: 1 }],
    'mtn',
  );
  await payByMobileMoney(request, order._id, auth, phone);
  return { customer, order, phone };
}

test('a paid order that is cancelled shows on Needs attention as money owed back, with the wallet and a way to refund it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Owed Back ${tag}`;
  const { customer, order, phone } = await paidMtnOrder(page, request, name);
  const ref = orderReference(order._id);
  const adminToken = await signInAsAdmin(page);
  const cancelled = await request.put(`/api/orders/${order._id}/status`, {
    headers: bearer(adminToken),
    data: { status: 'Cancelled' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.goto(`/admin/payments?q=${ref}`);
  await expect(filterSelect(page)).toHaveValue('attention');
  // One row for the order: the money owed, not the payment that paid it as well.
  await expect(shownPayments(page)).toHaveCount(1);
  const row = shownPayments(page).first();
  const total = formatKwacha(order.totalPrice);
  await expect(row).toContainText(ref);
  await expect(row).toContainText(name);
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText(`${total} owed back`);
  await expect(row).toContainText(`To MTN Mobile Money ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
  await expect(row).toContainText(`Cancelled after it took ${total}.`);
  await expect(row).toContainText('Owed back');
  await expect(filterSelect(page).getByRole('option', { name: 'Needs attention (1)' })).toBeAttached();
  await expect(filterSelect(page).getByRole('option', { name: 'Owed back (1)' })).toBeAttached();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'payments with money owed back');
  await page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-payments-owed-back.png` });

  // The way to refund it: the order, with its refunds.
  await row.getByRole('button', { name: `Refund order ${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog).toContainText(order._id);
  await expect(dialog.getByRole('heading', { name: 'Refunds', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
});

test('screenshots of the payments screen', { tag: '@shots' }, async ({ page, request }) => {
  test.setTimeout(90_000);
  const shoot = (name: string) =>
    page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-${name}.png` });
  const { order } = await declinedAirtelPayment(page, request, 'Screenshot Shopper');
  const ref = orderReference(order._id);
  await signInAsAdmin(page);
  await openPayments(page);
  await expect(shownPayments(page).first()).toBeVisible();
  await shoot('payments');
  await filterSelect(page).selectOption('all');
  await expect(shownPayments(page).first()).toBeVisible();
  await shoot('payments-all');
  // Its own order: the other project's journey may mark its order paid meanwhile.
  await page
    .getByRole('button', { name: `View order ${ref}` })
    .filter({ visible: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog.getByRole('list', { name: 'Mobile-money payments' })).toBeVisible();
  await shoot('payment-order');
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2000 });
  await shoot('payment-order-long');
  await page.setViewportSize(size);
  await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
  const marking = page.getByRole('dialog', { name: 'Mark as Paid' });
  await marking.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(marking.getByText('Please say how the payment arrived')).toBeVisible();
  await shoot('mark-paid');
  await marking
    .getByRole('textbox', { name: 'How was it paid?' })
    .fill('Cash at the Choma market stall, counted by two members');
  await marking.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(dialog.getByText('Marked paid by')).toBeVisible();
  await shoot('marked-paid');
});
