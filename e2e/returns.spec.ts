import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { formatKwacha, toKwacha } from '../src/shared/money';
import { orderReference } from '../src/shared/order-status';
import { expectNoSeriousViolations } from './support/a11y';
import { e2eShopSecret, orderLinkPath } from './support/order-link';
import { textsTo } from './support/outbox';
import {
  apiToken,
  bearer,
  demoProducts,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  toast,
  payByMobileMoney,
} from './support/shop';
import { smallTouchTargets } from './support/touch-targets';

/**
 * Issue 42, the screens (docs/decisions/069-returns-and-exchanges.md): a shopper asks for a return from her
 * order page, an admin accepts and receives it, a second admin approves the refund, and the shopper's texts
 * and order page say each step; and an exchange for another size asked from the order link of a text.
 */

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

// Each journey's products are deleted after it, so they never fill the first page of the listing that
// other journeys pick demo products from.
const made: { id: string; admin: Record<string, string> }[] = [];
test.afterEach(async ({ request }) => {
  for (const { id, admin } of made.splice(0)) await request.delete(`/api/products/${id}`, { headers: admin });
});

type Credentials = { email: string; password: string; name?: string };

const SHOTS = 'test-results/returns-shots';
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });

/** A 1 x 1 PNG: a photo as the camera would give one, small enough for any line. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Errors on the page's console (a failed start, a script error, a failed request) fail the journey at its end. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Signs the page in as this account before it loads; the last one asked wins. */
async function signInAs(page: Page, credentials: Credentials) {
  const res = await page.request.post('/api/users/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  const session = await res.json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  return session.token as string;
}

async function secondAdmin(request: APIRequestContext, firstToken: string, tag: string) {
  const credentials = {
    name: `Mutale Checker ${tag}`,
    email: `returns-checker-${tag}@e2e.example`,
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

/** A product of the journey's own (no other journey's stock moves), not food: no unopened rule. */
async function ownProduct(request: APIRequestContext, admin: Record<string, string>, kind: string, price: number) {
  const [model] = await demoProducts(request);
  const res = await request.post('/api/products', {
    headers: admin,
    data: {
      name: `Test Returns ${kind} ${test.info().project.name} ${Date.now()}`,
      price,
      category: 'skincare',
      description: 'Made for a browser test.',
      countInStock: 20,
      images: model.images,
      mainImage: model.mainImage,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const product = (await res.json()) as { _id: string; name: string; price: number };
  made.push({ id: product._id, admin });
  return product;
}

/**
 * A fresh shopper's MTN order of two units, paid from her phone through the simulator, then delivered: the
 * return window opens at delivery. Her texts go to a number of her own.
 */
async function deliveredOrder(page: Page, request: APIRequestContext, product: { _id: string; price: number }) {
  const customer = await registerByApi(page, `Chipo Returns ${Math.random().toString(36).slice(2, 6)}`);
  const token = await apiToken(request, customer);
  const mobile = `096${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const order = await placeOrderWithToken(request, token, [{ product, quantity: 2 }], 'mtn', {
    address: '12 Forest Road',
    city: 'Choma',
    province: 'Southern',
    zipCode: '20100',
    phoneNumber: mobile,
  });
  await payByMobileMoney(request, order._id, bearer(token), mobile);
  const admin = bearer(await apiToken(request, E2E_ADMIN));
  const delivered = await request.put(`/api/orders/${order._id}/status`, {
    headers: admin,
    data: { status: 'Delivered' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  return { customer, order, token, texts: () => textsTo(request, `+260${mobile.slice(1)}`) };
}

/** The return's state as the shopper's order page reads it (her card of it). */
const returnCard = (page: Page) => page.getByTestId('return-card').first();

async function expectCleanPage(page: Page, label: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, label);
  expect(await smallTouchTargets(page)).toEqual([]);
}

test('a shopper asks for a return on her order page; an admin accepts and receives it; another approves the refund; her texts and page say each step', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = consoleErrors(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const adminToken = await apiToken(request, E2E_ADMIN);
  const product = await ownProduct(request, bearer(adminToken), 'Balm', 120);
  const { customer, order, texts } = await deliveredOrder(page, request, product);
  const checker = await secondAdmin(request, adminToken, tag);

  // The shopper, on her order page: the window is open until a day she is told.
  await signInAs(page, customer);
  await page.goto(`/account/orders/${order._id}`);
  const section = page.getByRole('region', { name: 'Return or exchange' });
  await expect(section.getByTestId('returns-open')).toHaveText(
    /^You can return or exchange items until \w+ \d+, \d{4}\.$/,
  );
  await section.getByRole('button', { name: 'Return or exchange items' }).click();
  const form = section.getByRole('form', { name: 'Ask for a return' });

  // Sending nothing says what is missing, in her words.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Choose at least one item to return.')).toBeVisible();
  await expect(form.getByText('Choose a reason.')).toBeVisible();

  // One of the two units, damaged, with a note and a photo shown before it is sent.
  await form.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  await expect(form.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('1');
  await form.getByRole('radio', { name: 'Damaged' }).check();
  await form.getByRole('textbox', { name: 'Note (optional)' }).fill(`The lid was cracked (${tag})`);
  await form.getByLabel('Add a photo').setInputFiles({ name: 'lid.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(form.getByRole('img', { name: 'The photo you chose' })).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Money back to my wallet' })).toBeChecked();
  await expect(form.getByTestId('return-worth')).toHaveText(
    /^About K\s[\d,.]+ back to your wallet once we have the items\.$/,
  );
  await expectCleanPage(page, 'return form');
  await shoot(page, '1-shopper-form');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(page, /^Return .+ sent$/)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(returnCard(page).getByTestId('return-state')).toHaveText('Requested');
  await expect(returnCard(page).getByTestId('return-where')).not.toBeEmpty();
  await expect(returnCard(page)).toContainText(`1 x ${product.name}`);
  await expect(page.getByRole('list', { name: /^Return .+ progress$/ }).getByRole('listitem')).toHaveCount(4);
  await expectCleanPage(page, 'return requested');
  await shoot(page, '2-shopper-requested');
  const asked = (await (await request.get(`/api/orders/${order._id}/returns`, { headers: bearer(adminToken) })).json())
    .returns[0];
  expect(asked).toMatchObject({ state: 'requested', outcome: 'refund', reason: 'damaged', lines: [{ qty: 1 }] });
  expect(asked.photoUrl).toBeTruthy();
  await expect.poll(async () => (await texts()).some((t) => t.includes(asked.number)), { timeout: 20_000 }).toBe(true);

  // The admin finds it first on the Returns screen, under Requested, and opens it.
  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin/returns');
  const tabs = page.getByRole('navigation', { name: 'Returns by state' });
  await expect(tabs.getByRole('link', { name: /^Requested \(\d+\)$/ })).toHaveAttribute('aria-current', 'page');
  await expectCleanPage(page, 'returns list');
  await shoot(page, '3-admin-list');
  await page
    .getByRole('link', { name: `Open return ${asked.number}` })
    .filter({ visible: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Return ${asked.number}` })).toBeVisible();
  await expect(page.getByText(`The lid was cracked (${tag})`)).toBeVisible();
  await expect(page.getByRole('img', { name: `The shopper's photo for return ${asked.number}` })).toBeVisible();
  await expect(page.getByText(customer.name, { exact: true })).toBeVisible();
  await expectCleanPage(page, 'return detail requested');
  await shoot(page, '4-admin-detail');
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Return accepted')).toBeVisible();
  await expect(page.getByTestId('return-state')).toHaveText('Accepted');
  await expect(page.getByRole('button', { name: 'Receive' })).toBeVisible();

  // The units come back: the one unit onto the shelf.
  await page.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive the return' });
  await expect(receive.getByTestId('write-off')).toHaveText('Written off as damaged: 0');
  await expectNoSeriousViolations(page, 'receive dialog');
  await shoot(page, '5-admin-receive');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(toast(page, 'Return received')).toBeVisible();
  await expect(page.getByText('1 back on the shelf, 0 written off')).toBeVisible();
  // The refund waits for another admin, as every refund.
  const refunds = page.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await expect(refunds.first()).toContainText('Waiting for approval');
  await shoot(page, '6-admin-received');

  // The shopper's page says where it stands meanwhile.
  await signInAs(page, customer);
  await page.goto(`/account/orders/${order._id}`);
  await expect(returnCard(page).getByTestId('return-state')).toHaveText('Received');
  await shoot(page, '7-shopper-received');

  // A second admin approves the refund from the return; it reaches her wallet and the return ends.
  await signInAs(page, checker);
  await page.goto(`/admin/returns/${asked.id}`);
  const refund = formatKwacha(toKwacha(asked.amountNgwee));
  await page
    .getByRole('list', { name: 'Refunds' })
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: `Approve the refund of ${refund}` })
    .click();
  await expect(toast(page, 'Refund approved')).toBeVisible();
  // The refund reaches her wallet through the simulator; the open return reads itself again meanwhile.
  await expect(page.getByTestId('return-state')).toHaveText('Refunded', { timeout: 40_000 });
  await shoot(page, '8-admin-refunded');

  await signInAs(page, customer);
  await page.goto(`/account/orders/${order._id}`);
  await expect(returnCard(page).getByTestId('return-state')).toHaveText('Refunded');
  await expect(returnCard(page).getByTestId('return-next')).toHaveText(`${refund} sent back to your wallet.`);
  await expectCleanPage(page, 'return refunded');
  await shoot(page, '9-shopper-refunded');

  // Her texts said each step: asked (with where to bring it), accepted, received, then the refund's own text.
  const mine = async () => (await texts()).filter((t) => t.includes(`Return ${asked.number}`));
  await expect.poll(async () => (await mine()).length, { timeout: 20_000 }).toBe(3);
  const told = await mine();
  expect(told.find((t) => t.includes('asked'))).toContain(asked.where.text);
  expect(told.some((t) => t.includes(`Return ${asked.number} accepted.`))).toBe(true);
  expect(told.some((t) => t.includes(`Return ${asked.number} received.`))).toBe(true);
  await expect
    .poll(async () => (await texts()).some((t) => t.includes(`Refund of `) && t.includes(orderReference(order._id))), {
      timeout: 20_000,
    })
    .toBe(true);
  expect(errors).toEqual([]);
});

test('an exchange for another size asked from the order link of a text; received, it makes a replacement order that waits for the balance', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  const admin = bearer(await apiToken(request, E2E_ADMIN));
  const product = await ownProduct(request, admin, 'Cream', 100);
  const oil = await ownProduct(request, admin, `Sized Oil ${Math.random().toString(36).slice(2, 6)}`, 85);
  const sized = await request.put(`/api/products/${oil._id}/variants`, {
    headers: admin,
    data: {
      options: ['Size'],
      variants: [
        { options: ['100 ml'], size: '100 ml', price: 85, countInStock: 5, isDefault: true },
        { options: ['250 ml'], size: '250 ml', price: 150, countInStock: 4 },
      ],
    },
  });
  expect(sized.status(), await sized.text()).toBe(200);
  const { order } = await deliveredOrder(page, request, product);

  // No login: the link of her text.
  await page.goto(orderLinkPath(order._id, e2eShopSecret()));
  const section = page.getByRole('region', { name: 'Return or exchange' });
  await section.getByRole('button', { name: 'Return or exchange items' }).click();
  const form = section.getByRole('form', { name: 'Ask for a return' });
  // By keyboard: the form takes the focus, the first line's + is the next stop (its - is off at 0).
  await expect(form).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: `Increase quantity of ${product.name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('1');
  await form.getByRole('radio', { name: 'Changed my mind' }).check();
  await form.getByRole('radio', { name: 'Another product or size' }).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Choose what you would like instead.')).toBeVisible();

  // A small search of the catalogue, then the size.
  await form.getByRole('searchbox', { name: 'Search for a product' }).fill(oil.name);
  await form
    .getByRole('list', { name: 'Products found' })
    .getByRole('button', { name: new RegExp(oil.name) })
    .click();
  await form.getByRole('button', { name: /^250 ml/ }).click();
  const chosen = form.getByRole('list', { name: 'Your new items' }).getByRole('listitem');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText(`${oil.name} (250 ml)`);
  await expect(form.getByTestId('return-worth')).toHaveText(/^About K\s[\d,.]+ (more to pay|back to your wallet)\.$/);
  await expectCleanPage(page, 'exchange form');
  await shoot(page, 'exchange-1-form');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(page, /^Return .+ sent$/)).toBeVisible();
  await expect(returnCard(page).getByTestId('return-state')).toHaveText('Requested');
  await expect(returnCard(page)).toContainText(`For: 1 x ${oil.name} (250 ml)`);
  await expectCleanPage(page, 'exchange requested');
  await shoot(page, 'exchange-2-requested');

  const adminToken = await signInAs(page, E2E_ADMIN);
  const asked = (await (await request.get(`/api/orders/${order._id}/returns`, { headers: bearer(adminToken) })).json())
    .returns[0];
  expect(asked).toMatchObject({ outcome: 'exchange', exchange: [{ qty: 1, variantText: '250 ml' }] });
  await page.goto(`/admin/returns/${asked.id}`);
  await expect(page.getByText(`1 x ${oil.name} (250 ml)`)).toBeVisible();
  await shoot(page, 'exchange-3-admin');

  // Accepted and received: the replacement order is made, and it waits for the balance.
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('return-state')).toHaveText('Accepted');
  await page.getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('dialog', { name: 'Receive the return' }).getByRole('button', { name: 'Receive' }).click();
  await expect(toast(page, 'Return received')).toBeVisible();
  await expect(page.getByTestId('return-state')).toHaveText('Exchanged');
  const exchanged = (await (await request.get(`/api/returns/${asked.id}`, { headers: bearer(adminToken) })).json()) as {
    replacementOrderId: string;
    differenceNgwee: number;
  };
  expect(exchanged.differenceNgwee).toBeGreaterThan(0);
  const balance = formatKwacha(toKwacha(exchanged.differenceNgwee));
  await expect(page.getByText(`: waits for ${balance} from the shopper`)).toBeVisible();
  await shoot(page, 'exchange-4-admin-exchanged');

  await page.goto(orderLinkPath(order._id, e2eShopSecret()));
  await expect(returnCard(page).getByTestId('return-state')).toHaveText('Exchanged');
  await expect(returnCard(page)).toContainText(`New order: #${orderReference(exchanged.replacementOrderId)}`);
  await expect(returnCard(page)).toContainText(`${balance} to pay`);
  await expectCleanPage(page, 'exchange done on the order link');
  await shoot(page, 'exchange-5-shopper-exchanged');
  expect(errors).toEqual([]);
});

test('the Returns screen is a table on a desktop, requested first @desktop', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const adminToken = await apiToken(request, E2E_ADMIN);
  const product = await ownProduct(request, bearer(adminToken), 'Soap', 60);
  const { order, token } = await deliveredOrder(page, request, product);
  const returnable = await (
    await request.get(`/api/orders/${order._id}/returnable`, { headers: bearer(token) })
  ).json();
  const asked = await request.post(`/api/orders/${order._id}/returns`, {
    headers: bearer(token),
    data: {
      lines: [{ orderItemId: returnable.lines[0].orderItemId, qty: 2 }],
      reason: 'wrong-item',
      outcome: 'refund',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const ret = await asked.json();

  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin/returns');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: ret.number });
  await expect(row).toContainText(orderReference(order._id));
  await expect(row).toContainText('2 items · Wrong item · Money back');
  await expectCleanPage(page, 'returns table');
  await shoot(page, 'admin-list-table');
  await row.getByRole('link', { name: `Open return ${ret.number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Return ${ret.number}` })).toBeVisible();
  await expectCleanPage(page, 'return detail on a desktop');
  await shoot(page, 'admin-detail');
  expect(errors).toEqual([]);
});

test('an admin refuses a return with a reason, and the shopper reads it on her order link and in her texts', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const adminToken = await apiToken(request, E2E_ADMIN);
  const product = await ownProduct(request, bearer(adminToken), 'Lotion', 90);
  const { order, token, texts } = await deliveredOrder(page, request, product);
  const returnable = await (
    await request.get(`/api/orders/${order._id}/returnable`, { headers: bearer(token) })
  ).json();
  const asked = await request.post(`/api/orders/${order._id}/returns`, {
    headers: bearer(token),
    data: {
      lines: [{ orderItemId: returnable.lines[0].orderItemId, qty: 1 }],
      reason: 'changed-mind',
      outcome: 'refund',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const ret = await asked.json();

  await signInAs(page, E2E_ADMIN);
  await page.goto(`/admin/returns/${ret.id}`);
  await page.getByRole('button', { name: 'Refuse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refuse' });
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(dialog.getByText('Say why: the shopper is told')).toBeVisible();
  const why = `Used for a month (${tag})`;
  await dialog.getByRole('textbox', { name: 'Why is it refused?' }).fill(why);
  await expectNoSeriousViolations(page, 'refuse dialog');
  await shoot(page, 'refuse-1-dialog');
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(toast(page, 'Return refused')).toBeVisible();
  await expect(page.getByTestId('return-state')).toHaveText('Refused');
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

  // The same step again from another admin's stale screen is refused by the server, naming the state.
  const again = await request.put(`/api/returns/${ret.id}/accept`, { headers: bearer(adminToken) });
  expect(again.status()).toBe(409);

  await page.goto(orderLinkPath(order._id, e2eShopSecret()));
  await expect(returnCard(page).getByTestId('return-state')).toHaveText('Refused');
  await expect(returnCard(page).getByTestId('return-next')).toHaveText(`Refused: ${why}`);
  await expect(page.getByRole('list', { name: `Return ${ret.number} progress` }).getByRole('listitem')).toHaveText([
    /^Requested/,
    /^Refused/,
  ]);
  await expectCleanPage(page, 'return refused on the order link');
  await shoot(page, 'refuse-2-shopper-link');
  await expect
    .poll(async () => (await texts()).some((t) => t.includes(`Return ${ret.number}`) && t.includes(why)), {
      timeout: 20_000,
    })
    .toBe(true);
  expect(errors).toEqual([]);
});

test('a return whose refund was cancelled asks it again from its page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const adminToken = await apiToken(request, E2E_ADMIN);
  const admin = bearer(adminToken);
  const product = await ownProduct(request, admin, 'Scrub', 80);
  const { order, token } = await deliveredOrder(page, request, product);
  const returnable = await (
    await request.get(`/api/orders/${order._id}/returnable`, { headers: bearer(token) })
  ).json();
  const asked = await request.post(`/api/orders/${order._id}/returns`, {
    headers: bearer(token),
    data: { lines: [{ orderItemId: returnable.lines[0].orderItemId, qty: 1 }], reason: 'damaged', outcome: 'refund' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const ret = await asked.json();
  expect((await request.put(`/api/returns/${ret.id}/accept`, { headers: admin })).status()).toBe(200);
  const received = await request.put(`/api/returns/${ret.id}/receive`, {
    headers: admin,
    data: { lines: [{ lineId: ret.lines[0].id, restock: 0, writeOff: 1 }] },
  });
  expect(received.status(), await received.text()).toBe(200);

  await signInAs(page, E2E_ADMIN);
  await page.goto(`/admin/returns/${ret.id}`);
  await expect(page.getByText('0 back on the shelf, 1 written off')).toBeVisible();
  const refund = formatKwacha(toKwacha(ret.amountNgwee));
  const refunds = page.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await refunds
    .first()
    .getByRole('button', { name: `Cancel the refund of ${refund}` })
    .click();
  const cancelling = page.getByRole('dialog', { name: 'Cancel refund' });
  await cancelling.getByRole('textbox', { name: 'Why is it called off?' }).fill('Wrong wallet');
  await cancelling.getByRole('button', { name: 'Cancel refund' }).click();
  await expect(toast(page, 'Refund cancelled')).toBeVisible();
  await expect(page.getByText('The refund was cancelled: no money is on its way.')).toBeVisible();
  await expectCleanPage(page, 'return with its refund cancelled');
  await shoot(page, 'refund-again-1');
  await page.getByRole('button', { name: 'Ask the refund again' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ask again' }).click();
  await expect(toast(page, 'Refund asked again')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask the refund again' })).toHaveCount(0);
  await expect(refunds).toHaveCount(2);
  await expect(refunds.filter({ hasText: 'Waiting for approval' })).toHaveCount(1);
  await expect(page.getByTestId('return-state')).toHaveText('Received');
  expect(errors).toEqual([]);
});

test('an order not yet returnable says why in one plain line; a failed load says so and tries again', async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request, E2E_ADMIN);
  const product = await ownProduct(request, bearer(adminToken), 'Oilcloth', 50);
  const customer = await registerByApi(page, 'Namwaka Early');
  const token = await apiToken(request, customer);
  const order = await placeOrderWithToken(request, token, [{ product, quantity: 1 }], 'mtn');

  // The server is away for the first answer and the app's one retry: the section says so, and Try again
  // reads it again.
  let failures = 0;
  await page.route('**/api/order-links/*/returnable', (route) => {
    if (failures >= 2) return route.fallback();
    failures += 1;
    return route.fulfill({ status: 503, json: { message: 'Service unavailable' } });
  });
  await page.goto(orderLinkPath(order._id, e2eShopSecret()));
  const section = page.getByRole('region', { name: 'Return or exchange' });
  await expect(section.getByRole('alert')).toContainText('Service unavailable');
  await section.getByRole('button', { name: 'Try again' }).click();
  await expect(section.getByTestId('returns-closed')).toHaveText(
    'This order is not paid, so there is nothing to return.',
  );
  await expect(section.getByRole('button', { name: 'Return or exchange items' })).toHaveCount(0);
  await expectCleanPage(page, 'returns closed');
  await shoot(page, 'closed');
});

test('the settings screen holds the returns rules, saved like the other settings', async ({ page, request }) => {
  const adminToken = await apiToken(request, E2E_ADMIN);
  const before = await (await request.get('/api/settings')).json();
  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin/settings');
  const part = page.getByRole('group', { name: 'Returns' });
  await expect(part.getByRole('spinbutton', { name: 'Days to ask for a return' })).toHaveValue(
    String(before.returnWindowDays),
  );
  await expect(part.getByRole('combobox', { name: 'Essentials' })).toHaveValue(
    before.returnRules.categories.essentials,
  );
  const courier = part.getByRole('combobox', { name: 'Who pays the courier back' });
  const other = before.returnRules.courierPaidBy === 'shop' ? 'shopper-unless-at-fault' : 'shop';
  try {
    await courier.selectOption(other);
    await expectNoSeriousViolations(page, 'returns settings');
    await shoot(page, 'settings');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Settings saved successfully')).toBeVisible();
    const saved = await (await request.get('/api/settings')).json();
    expect(saved.returnRules).toEqual({ ...before.returnRules, courierPaidBy: other });
    expect(saved.returnWindowDays).toBe(before.returnWindowDays);
  } finally {
    await request.put('/api/settings', { headers: bearer(adminToken), data: { returnRules: before.returnRules } });
  }
});
