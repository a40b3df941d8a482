import { expect, test } from './support/test';
import { shopperAtCheckout } from './support/checkout';
import { adminInOwnContext, pageAtProjectSize } from './support/contexts';
import { expectNoSidewaysScroll, toast } from './support/shop';

const SHOTS = '.scratch/shots/delivery';

test('pay on collection: the admin switches it on, the shopper pays the keeper, the order is paid in the back office', async ({
  page,
  browser,
}, testInfo) => {
  // Three screens (back office, shopper, keeper) in one journey.
  test.slow();
  const project = testInfo.project.name;
  // A town of this journey's own: other journeys must not see this pickup point.
  const town = `Monze ${project} ${Date.now() % 100_000}`;
  const name = `Monze shop (${project} ${Date.now() % 1000})`;
  const admin = await adminInOwnContext(browser, testInfo);
  const created = await admin.page.request.post('/api/delivery-options', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name, kind: 'pickup', provinces: ['Southern'], towns: [town], fee: 20, estimate: '1-2 days' },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The back office switches pay on collection on for this pickup point.
  await admin.page.goto('/admin/delivery');
  await expect(admin.page.locator('html[data-ready]')).toBeAttached();
  const card = admin.page
    .getByRole('list', { name: 'Delivery options' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = admin.page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('checkbox', { name: /Pay on collection/ }).check();
  await admin.page.screenshot({ path: `${SHOTS}/${project}-admin-pay-on-collection.png` });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(admin.page, `${name} saved`)).toBeVisible();
  await expect(card).toContainText('Pay on collection');

  // The shopper: pay on collection is offered only with this pickup point.
  await shopperAtCheckout(page, { phone: '0977123456', address: 'Plot 9, Station Road', city: town });
  const delivery = page.getByRole('group', { name: 'Delivery' });
  const payment = page.getByRole('group', { name: 'Payment Method' });
  await delivery.getByRole('radio', { name: /Standard delivery/ }).check();
  await expect(payment.getByRole('radio', { name: /Pay on collection/ })).toHaveCount(0);
  await delivery.getByRole('radio', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }).check();
  await payment.getByRole('radio', { name: /Pay on collection/ }).check();
  await expect(payment).toContainText(`Cash or mobile money to the keeper at ${name}`);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/${project}-checkout-pay-on-collection.png`, fullPage: true });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order placed successfully')).toBeVisible();

  // No prompt and no number to send money to: the keeper takes it.
  await expect(page.getByTestId('pay-on-collection')).toContainText(`when you collect your parcel at ${name}`);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expect(page.getByTestId('pay-number')).toHaveCount(0);
  const codeText = await page.getByTestId('collection-code').innerText();
  const code = /(\d{6})/.exec(codeText)![1];
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await page.screenshot({ path: `${SHOTS}/${project}-success-pay-on-collection.png`, fullPage: true });

  // The keeper's phone: the amount to take, how it was paid, then the code.
  const keeper = await pageAtProjectSize(browser, testInfo);
  await keeper.goto(`/pickup/${orderId}`);
  await expect(keeper.getByRole('heading', { name: 'Parcel collection' })).toBeVisible();
  const total = await keeper.getByTestId('to-collect').innerText();
  expect(total).toMatch(/Take K\s[\d,]+\.\d\d before handing the parcel over/);
  await keeper.getByLabel('Collection code').fill(code);
  await keeper.getByRole('radio', { name: 'Cash' }).check();
  await keeper.getByLabel('Your name (optional)').fill('Bupe');
  await expectNoSidewaysScroll(keeper);
  await keeper.screenshot({ path: `${SHOTS}/${project}-keeper-pay-on-collection.png`, fullPage: true });
  await keeper.getByRole('button', { name: 'Mark collected' }).click();
  await expect(keeper.getByTestId('pickup-collected')).toContainText('Collected and paid');
  await keeper.context().close();

  // The back office sees it paid, on collection, in cash.
  await admin.page.goto(`/admin/orders?q=${orderId.slice(0, 8)}`);
  await expect(admin.page.locator('html[data-ready]')).toBeAttached();
  await admin.page
    .getByRole('button', { name: /View|Details/ })
    .first()
    .click();
  const details = admin.page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText('Pay on collection');
  await expect(details).toContainText('Paid');
  await expect(details.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
  await admin.page.screenshot({ path: `${SHOTS}/${project}-admin-paid-on-collection.png`, fullPage: true });
  await admin.page.context().close();
});
