import { expect, test, type APIRequestContext, type Page } from './support/test';
import { formatKwacha, toKwacha, toNgwee } from '../src/shared/money';
import { orderReference } from '../src/shared/order-status';
import { expectNoSeriousViolations } from './support/a11y';
import { e2eShopSecret, orderLinkPath } from './support/order-link';
import {
  apiToken,
  bearer,
  demoProducts,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  toast,
  openAdminOrder,
  payByMobileMoney,
} from './support/shop';
import { smallTouchTargets } from './support/touch-targets';

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

type Credentials = { email: string; password: string };

/** Signs the page in as this account before it loads (the login screen has its own journeys). */
async function signInAs(page: Page, credentials: Credentials) {
  const res = await page.request.post('/api/users/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  const session = await res.json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  return session.token as string;
}

/** A second admin, made by the first: the co-op's maker-checker needs two people. */
async function secondAdmin(request: APIRequestContext, firstToken: string, tag: string) {
  const credentials = {
    name: `Mutale Checker ${tag}`,
    email: `checker-${tag}@e2e.example`,
    password: 'checker-password-1',
  };
  const made = await request.post('/api/users', { data: credentials });
  expect(made.status(), await made.text()).toBe(201);
  const promoted = await request.put(`/api/users/${(await made.json())._id}`, {
    headers: bearer(firstToken),
    data: { isAdmin: true },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return credentials;
}

/** A fresh customer's MTN order, paid from their phone through the simulator. */
async function paidMtnOrder(page: Page, request: APIRequestContext, tag: string) {
  const customer = await registerByApi(page, `Chipo Refund ${tag}`);
  const token = await apiToken(request, customer);
  const product = (await demoProducts(request)).find((p) => p.countInStock >= 5)!;
  const order = await placeOrderWithToken(request, token, [{ product, quantity: 1 }], 'mtn');
  const phone = `096${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await payByMobileMoney(request, order._id, bearer(token), phone);
  return { customer, order, token, phone };
}

/** 0961234567 as the confirm step writes it: 096 123 4567. */
const asDialled = (phone: string) => `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;

const openOrder = openAdminOrder;

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `.scratch/shots/refunds/${test.info().project.name}-${name}.png`, fullPage: true });

/** The order dialog scrolls inside itself: the panel is brought into view for the picture. */
async function shootPanel(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Refunds', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `.scratch/shots/refunds/${test.info().project.name}-${name}.png` });
}

test('one admin asks for a refund, another approves it, and the shopper sees it on their order @layout', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const { customer, order, phone } = await paidMtnOrder(page, request, tag);
  const firstToken = await apiToken(request, E2E_ADMIN);
  const checker = await secondAdmin(request, firstToken, tag);
  const totalNgwee = toNgwee(order.totalPrice);
  const part = Math.floor(totalNgwee / 2);

  // Admin A asks for part of the money back.
  await signInAs(page, E2E_ADMIN);
  const dialog = await openOrder(page, order._id);
  const money = dialog.getByTestId('refund-money');
  await expect(money).toContainText(`Collected${formatKwacha(order.totalPrice)}`);
  await expect(money).toContainText(`Net${formatKwacha(order.totalPrice)}`);
  await expect(dialog.getByText('No refunds yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Refund' });
  const amount = form.getByRole('textbox', { name: 'Amount (kwacha)' });
  // All that was collected, by default; the keyboard starts on the amount.
  await expect(amount).toHaveValue(order.totalPrice.toFixed(2));
  await expect(amount).toBeFocused();
  await expect(form.getByRole('combobox', { name: 'Send back through' })).toContainText(phone.slice(0, 3));
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('reason is required: say why the money goes back')).toBeVisible();
  await amount.fill(toKwacha(part).toFixed(2));
  await form
    .getByRole('textbox', { name: 'Why does the money go back?' })
    .fill(`One of two baskets arrived broken (${tag})`);
  await form.getByRole('button', { name: 'Continue' }).click();
  // The confirm step says what will happen, before anything is sent.
  // The journeys' shop has MTN's disbursement settings (simulators/shop-env.ts): an MTN payment goes back as an MTN refund.
  await expect(
    form.getByText(
      `${formatKwacha(toKwacha(part))} goes back to ${asDialled(phone)} by MTN. Another admin must approve it.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'refund confirm step');
  await form.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(toast(page, 'Refund asked: another admin must approve it')).toBeVisible();
  await expect(form).toBeHidden();

  const refunds = dialog.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText('Waiting for approval');
  await expect(refunds.first()).toContainText(formatKwacha(toKwacha(part)));
  await expect(refunds.first()).toContainText(`One of two baskets arrived broken (${tag})`);
  // The admin who asked cannot approve: the button says why, and the server refuses it too.
  const approve = refunds
    .first()
    .getByRole('button', { name: `Approve the refund of ${formatKwacha(toKwacha(part))}` });
  await expect(approve).toBeDisabled();
  await expect(refunds.first()).toContainText('Another admin must approve this refund.');
  await expect(approve).toHaveAccessibleDescription('Another admin must approve this refund.');
  const listed = await (await request.get(`/api/orders/${order._id}/refunds`, { headers: bearer(firstToken) })).json();
  const own = await request.put(`/api/refunds/${listed.refunds[0]._id}/approve`, { headers: bearer(firstToken) });
  expect(own.status()).toBe(403);
  expect((await own.json()).message).toBe('A refund must be approved by another admin');
  await expect(money).toContainText('Asked, not yet sent back');
  await expectNoSeriousViolations(page, 'refund panel waiting for approval');
  expect(await smallTouchTargets(page)).toEqual([]);
  await shootPanel(page, 'panel-waiting');

  // Admin B finds it under Payments > Refunds, waiting for approval, and approves it in the order.
  await signInAs(page, checker);
  await page.goto('/admin/payments');
  await page.getByRole('navigation', { name: 'Payments lists' }).getByRole('link', { name: 'Refunds' }).click();
  await expect(page).toHaveURL(/view=refunds/);
  const filter = page.getByRole('combobox', { name: 'Show refunds' });
  await expect(filter).toHaveValue('waiting');
  await expect(filter.getByRole('option', { name: /^Waiting for approval \(\d+\)$/ })).toBeAttached();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'refunds list');
  await shoot(page, 'payments-refunds');
  await page
    .getByRole('button', { name: `View order ${orderReference(order._id)}` })
    .filter({ visible: true })
    .click();
  const checked = page.getByRole('dialog', { name: 'Order Details' });
  const waiting = checked.getByRole('list', { name: 'Refunds' }).getByRole('listitem').first();
  await waiting.getByRole('button', { name: `Approve the refund of ${formatKwacha(toKwacha(part))}` }).click();
  await expect(toast(page, 'Refund approved')).toBeVisible();
  await expect(waiting).toContainText(`Approved by ${checker.name}`);
  // The refund sender sends it to the simulator and reads it there until MTN says successful (decision 032);
  // the open panel reads again while a refund is on its way, so the admin sees it arrive without a reload.
  await expect(waiting.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(waiting).toContainText('Reached the shopper');
  await expect(waiting).toContainText('Transaction id');
  await expect(checked.getByText('Partly refunded', { exact: true })).toBeVisible();
  await shootPanel(page, 'panel-refunded');

  // The shopper's order page and its SMS link say what came back, under the paid mark.
  const words = new RegExp(`^Partly refunded: K\\s${toKwacha(part).toFixed(2)} of K\\s${order.totalPrice.toFixed(2)}$`);
  const shopperToken = await signInAs(page, customer);
  const seen = await (await request.get(`/api/orders/${order._id}`, { headers: bearer(shopperToken) })).json();
  expect(seen).toMatchObject({ refundedNgwee: part, refundStatus: 'partly refunded' });
  await page.goto(`/account/orders/${order._id}`);
  await expect(page.getByText(/^Paid on /)).toBeVisible();
  await expect(page.getByTestId('refund-mark')).toHaveText(words);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'shopper-order');
  await page.goto(orderLinkPath(order._id, e2eShopSecret()));
  await expect(page.getByTestId('refund-mark')).toHaveText(words);
  await shoot(page, 'shopper-link');
});

test('a refund of more than may still go back is refused with the server’s words; one not yet sent is cancelled with a note', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const { order, phone } = await paidMtnOrder(page, request, tag);
  const adminToken = await signInAs(page, E2E_ADMIN);
  const dialog = await openOrder(page, order._id);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Refund' });
  const amount = form.getByRole('textbox', { name: 'Amount (kwacha)' });
  await expect(amount).toHaveValue(order.totalPrice.toFixed(2));

  // The form knows the most: more is refused before anything is sent.
  await amount.fill((order.totalPrice + 1).toFixed(2));
  await form.getByRole('textbox', { name: 'Why does the money go back?' }).fill(`Paid twice (${tag})`);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText(`At most ${formatKwacha(order.totalPrice)} can go back for this order`)).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  // Meanwhile another admin asks for K 1 of it: the whole total is no longer there, and the server says so.
  await amount.fill(order.totalPrice.toFixed(2));
  await form.getByRole('button', { name: 'Continue' }).click();
  const { sources } = await (
    await request.get(`/api/orders/${order._id}/refunds`, { headers: bearer(adminToken) })
  ).json();
  const other = await request.post(`/api/orders/${order._id}/refunds`, {
    headers: bearer(adminToken),
    data: { amountNgwee: 100, reason: `Meanwhile (${tag})`, attemptId: sources[0].attemptId },
  });
  expect(other.status(), await other.text()).toBe(201);
  await form.getByRole('button', { name: 'Confirm refund' }).click();
  const refusal = form.getByRole('alert');
  await expect(refusal).toHaveText(`At most ${formatKwacha(order.totalPrice - 1)} can go back for this order`);
  // What was asked still shows: the refusal is about it.
  await expect(
    form.getByText(
      `${formatKwacha(order.totalPrice)} goes back to ${asDialled(phone)} by MTN. Another admin must approve it.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'refund refused');
  await shoot(page, 'refused');
  // Back to the form, which still holds what was typed.
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue(order.totalPrice.toFixed(2));
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // The K 1 asked meanwhile is called off before it was sent, with a note kept beside it.
  const waiting = dialog.getByRole('list', { name: 'Refunds' }).getByRole('listitem').first();
  await expect(waiting).toContainText('Waiting for approval');
  await waiting.getByRole('button', { name: `Cancel the refund of ${formatKwacha(1)}` }).click();
  const cancelling = page.getByRole('dialog', { name: 'Cancel refund' });
  const note = cancelling.getByRole('textbox', { name: 'Why is it called off?' });
  await expect(note).toBeFocused();
  await note.fill(`Asked by mistake (${tag})`);
  await cancelling.getByRole('button', { name: 'Cancel refund' }).click();
  await expect(toast(page, 'Refund cancelled')).toBeVisible();
  await expect(waiting).toContainText('Cancelled');
  await expect(waiting).toContainText(`Asked by mistake (${tag})`);
  await expect(waiting.getByRole('button')).toHaveCount(0);
  await expect(dialog.getByTestId('refund-money')).not.toContainText('Asked, not yet sent back');
});
