import { expect, test, type Page } from './support/test';
import { shopperAtCheckout } from './support/checkout';
import { adminInOwnContext } from './support/contexts';
import { expectNoSidewaysScroll, toast } from './support/shop';

const SHOTS = '.scratch/shots/delivery';

async function openDelivery(page: Page) {
  await page.goto('/admin/delivery');
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery options' })).toBeVisible();
}

test('an admin adds and edits a pickup point; a shopper in its town picks it at checkout and the order keeps it', async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  // A town of this journey's own: other journeys ship to Lusaka and must keep seeing only the standard delivery.
  const town = `Choma ${project} ${Date.now() % 100_000}`;
  const name = `Choma market (${project})`;
  const { page: admin } = await adminInOwnContext(browser, testInfo);
  await openDelivery(admin);
  await expect(admin.getByRole('list', { name: 'Delivery options' })).toContainText('Standard delivery');

  await admin.getByRole('button', { name: 'Add delivery option' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a delivery option' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Kind').selectOption('pickup');
  // Refused before it leaves the browser, in the server's own words.
  await dialog.getByLabel('Fee (K)').fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The fee cannot be negative')).toBeVisible();
  await dialog.getByLabel('Fee (K)').fill('20');
  await dialog.getByLabel('Free above (K)').fill('5000');
  await dialog.getByLabel('Estimated time').fill('1-2 days');
  await dialog.getByRole('checkbox', { name: 'Southern' }).check();
  await dialog.getByLabel(/^Towns/).fill(town);
  await dialog.getByLabel('Opening hours').fill('Mon-Sat 08:00-17:00');
  await dialog.getByLabel('Directions').fill('Stall 14, behind the bus station');
  await admin.screenshot({ path: `${SHOTS}/${project}-admin-add.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(admin, `${name} added`)).toBeVisible();
  const card = admin.getByRole('list', { name: 'Delivery options' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('K 20.00, free above K 5,000.00');
  await expect(card).toContainText(`${town} (Southern)`);

  // Edited: the fee goes up to K25.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = admin.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Fee (K)')).toHaveValue('20.00');
  await edit.getByLabel('Fee (K)').fill('25');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(admin, `${name} saved`)).toBeVisible();
  await expect(card).toContainText('K 25.00, free above K 5,000.00');
  await expectNoSidewaysScroll(admin);
  await admin.screenshot({ path: `${SHOTS}/${project}-admin-list.png`, fullPage: true });

  // The shopper, in that town.
  await shopperAtCheckout(page, { phone: '0977123456', address: 'Plot 4, Mochipapa Road', city: town.toUpperCase() });

  const choice = page.getByRole('group', { name: 'Delivery' });
  const pickup = choice.getByRole('radio', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });
  await expect(pickup).toBeChecked();
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(choice.getByRole('radio').last()).toHaveAccessibleName(/Standard delivery/);
  await expect(choice).toContainText('K 25.00');
  await expect(choice).toContainText('Open: Mon-Sat 08:00-17:00');
  await expect(page.getByTestId('summary-shipping')).toHaveText('K 25.00');
  await expectNoSidewaysScroll(page);
  await choice.screenshot({ path: `${SHOTS}/${project}-checkout-choice.png` });

  // The standard delivery, then back: the summary follows the choice.
  await choice.getByRole('radio').last().check();
  await expect(page.getByTestId('summary-shipping')).not.toHaveText('K 25.00');
  await pickup.check();
  await expect(page.getByTestId('summary-shipping')).toHaveText('K 25.00');

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order placed successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Order!' })).toBeVisible();
  const kept = page.getByTestId('order-delivery');
  await expect(kept).toContainText(`Delivery: ${name} (Pickup point)`);
  await expect(kept).toContainText('Stall 14, behind the bus station');
  await page.screenshot({ path: `${SHOTS}/${project}-order-success.png`, fullPage: true });

  // Switched off, it is offered no more.
  await card.getByRole('button', { name: `Switch ${name} off` }).click();
  await expect(toast(admin, `${name} switched off`)).toBeVisible();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  const offered = await (
    await page.request.get(`/api/delivery-options?province=Southern&town=${encodeURIComponent(town)}`)
  ).json();
  expect(offered.options.map((o: { name: string }) => o.name)).toEqual(['Standard delivery']);
  await admin.context().close();
});
