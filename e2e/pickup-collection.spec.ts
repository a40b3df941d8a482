import { expect, test, type Page } from './support/test';
import { shopperAtCheckout } from './support/checkout';
import { pageAtProjectSize } from './support/contexts';
import { E2E_ADMIN, expectNoSidewaysScroll, toast } from './support/shop';

const SHOTS = '.scratch/shots/delivery';

async function adminToken(page: Page): Promise<{ session: string; token: string }> {
  const res = await page.request.post('/api/users/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return { session: JSON.stringify(body), token: body.token };
}

/** A pickup point of this journey's own town (other journeys ship to Lusaka and must not see it). */
async function addPickupPoint(page: Page, project: string) {
  const town = `Choma ${project} ${Date.now() % 100_000}`;
  const name = `Choma stall (${project} ${Date.now() % 1000})`;
  const { token } = await adminToken(page);
  const res = await page.request.post('/api/delivery-options', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      kind: 'pickup',
      provinces: ['Southern'],
      towns: [town],
      fee: 20,
      estimate: '1-2 days',
      openingHours: 'Mon-Sat 08:00-17:00',
      directions: 'Stall 14',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { town, name };
}

/** The admin saw the money arrive and marks the order paid (PUT /pay), as the back office's 'Mark as Paid' does. */
async function markPaidByAdmin(page: Page, orderId: string) {
  const { token } = await adminToken(page);
  const res = await page.request.put(`/api/orders/${orderId}/pay`, {
    headers: { authorization: `Bearer ${token}` },
    data: { note: 'Seen on the Airtel statement' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function placePickupOrder(page: Page, town: string, name: string): Promise<{ orderId: string; code: string }> {
  await shopperAtCheckout(page, { phone: '0977123456', address: 'Plot 4, Mochipapa Road', city: town });
  const pickup = page
    .getByRole('group', { name: 'Delivery' })
    .getByRole('radio', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });
  await pickup.check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order placed successfully')).toBeVisible();
  const code = page.getByTestId('collection-code');
  await expect(code).toContainText(/Collection code: \d{6}/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  return { orderId, code: /(\d{6})/.exec(await code.innerText())![1] };
}

test("a shopper picks a pickup point and collects with the code through the keeper's link", async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const { town, name } = await addPickupPoint(page, project);
  const { orderId, code } = await placePickupOrder(page, town, name);
  await page.screenshot({ path: `${SHOTS}/${project}-success-code.png`, fullPage: true });
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByTestId('collection-code')).toContainText(code);

  // The keeper's phone: no login, the link names the order. Not paid yet: the parcel stays, in large type.
  const keeper = await pageAtProjectSize(browser, testInfo);
  await keeper.goto(`/pickup/${orderId}`);
  await expect(keeper.getByRole('heading', { name: 'Parcel collection' })).toBeVisible();
  await expect(keeper.getByText(name)).toBeVisible();
  await expect(keeper.getByText(code)).toHaveCount(0);
  await expect(keeper.getByTestId('hand-over')).toHaveText(/^Not paid yet — do not hand it over/);
  await expect(keeper.getByLabel('Collection code')).toHaveCount(0);
  await expectNoSidewaysScroll(keeper);
  await keeper.screenshot({ path: `${SHOTS}/${project}-keeper-not-paid.png`, fullPage: true });
  // The server refuses it whatever the page sends, even the right code and "cash".
  const refused = await keeper.request.post(`/api/pickup/${orderId}/collect`, { data: { code, paidWith: 'cash' } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toMatch(/^Not paid yet: do not hand the parcel over/);

  // Paid: the keeper checks again and may hand it over.
  await markPaidByAdmin(page, orderId);
  await keeper.getByRole('button', { name: 'Check again' }).click();
  await expect(keeper.getByTestId('hand-over')).toHaveText('Paid — hand it over');
  const wrong = code === '000000' ? '111111' : '000000';
  await keeper.getByLabel('Collection code').fill(wrong);
  await keeper.getByRole('button', { name: 'Mark collected' }).click();
  await expect(keeper.getByRole('alert')).toContainText("not this order's collection code");
  await keeper.getByLabel('Collection code').fill(code);
  await keeper.getByLabel('Your name (optional)').fill('Bupe');
  await expectNoSidewaysScroll(keeper);
  await keeper.screenshot({ path: `${SHOTS}/${project}-keeper-form.png`, fullPage: true });
  await keeper.getByRole('button', { name: 'Mark collected' }).click();
  await expect(keeper.getByTestId('pickup-collected')).toContainText('Collected');
  await keeper.screenshot({ path: `${SHOTS}/${project}-keeper-done.png`, fullPage: true });
  await keeper.context().close();

  await page.reload();
  await expect(page.getByTestId('order-collected')).toBeVisible();
  await expect(page.getByTestId('collection-code')).toHaveCount(0);
});

test("an admin marks a pickup order collected in the order view once it is paid, without the shopper's code", async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const { town, name } = await addPickupPoint(page, project);
  const { orderId } = await placePickupOrder(page, town, name);

  const admin = await pageAtProjectSize(browser, testInfo);
  const { session } = await adminToken(admin);
  await admin.addInitScript((stored) => localStorage.setItem('userInfo', stored), session);
  const openCollect = async () => {
    await admin.goto(`/admin/orders?q=${orderId.slice(0, 8)}`);
    await expect(admin.locator('html[data-ready]')).toBeAttached();
    await admin
      .getByRole('button', { name: /View|Details/ })
      .first()
      .click();
    const details = admin.getByRole('dialog', { name: 'Order Details' });
    await expect(details.getByTestId('keeper-link')).toContainText(`/pickup/${orderId}`);
    await details.getByRole('button', { name: 'Mark collected' }).click();
    return admin.getByRole('dialog', { name: 'Mark collected' });
  };
  // Not paid yet: the admin is told so and cannot hand it over either.
  const unpaid = await openCollect();
  await expect(unpaid.getByRole('alert')).toHaveText(/^Not paid yet — do not hand it over/);
  await expect(unpaid.getByRole('button', { name: 'Mark collected without code' })).toBeDisabled();
  await admin.screenshot({ path: `${SHOTS}/${project}-admin-collect-not-paid.png` });

  await markPaidByAdmin(page, orderId);
  const ask = await openCollect();
  await expect(ask.getByRole('alert')).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/${project}-admin-collect.png` });
  await ask.getByRole('button', { name: 'Mark collected without code' }).click();
  await expect(toast(admin, 'Order marked as collected')).toBeVisible();
  await admin.context().close();
});
