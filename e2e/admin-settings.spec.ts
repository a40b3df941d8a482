import { expect, test, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { expectNoSidewaysScroll, signInAsAdmin } from './support/shop';

const SHOTS = '.scratch/shots/backoffice';

/** The admin frame scrolls inside <main>; for a whole-page picture it is let out to its full height. */
async function shootWholePage(page: Page, name: string) {
  const style = await page.addStyleTag({
    content: '#admin-main{overflow:visible!important}.h-dvh{height:auto!important;min-height:100dvh}',
  });
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });
  await style.evaluate((element) => (element as HTMLStyleElement).remove());
}

// Nothing is saved here (a refused number never leaves the browser), so both projects run it side by side.
test('settings: a pay-to number of the wrong network or no number at all is refused at its field, and the preview shows what shoppers are told', async ({
  page,
}) => {
  const before = await (await page.request.get('/api/settings')).json();
  await signInAsAdmin(page);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/settings')) saves.push(r.url());
  });
  await page.goto('/admin/settings');
  const mtn = page.getByLabel('MTN Mobile Money number');
  const airtel = page.getByLabel('Airtel Money number');
  const preview = page.getByTestId('pay-preview');
  await expect(mtn).toHaveValue(before.mtnMoneyNumber);

  // The preview is the shopper's own panel, one per network, with the saved numbers.
  const panels = preview.getByRole('region', { name: /^How to pay by .*, as shoppers see it$/ });
  await expect(panels).toHaveCount(2);
  await expect(panels.nth(0).getByRole('heading', { name: 'How to pay' })).toBeVisible();
  await expect(panels.nth(0)).toContainText('Send K 250.00 by Airtel Money to:');
  await expect(panels.nth(0).getByTestId('pay-number')).toHaveText(before.airtelMoneyNumber);
  await expect(panels.nth(1)).toContainText('Send K 250.00 by MTN Mobile Money to:');
  await expect(panels.nth(1).getByTestId('pay-number')).toHaveText(before.mtnMoneyNumber);

  // Not a number: said at the field as soon as the admin leaves it.
  await mtn.fill('12345');
  await mtn.blur();
  await expect(
    page.getByText('MTN Mobile Money number must be empty or an MTN number such as 096 123 4567'),
  ).toBeVisible();
  await expect(mtn).toHaveAttribute('aria-invalid', 'true');
  await expect(preview).toContainText(
    'MTN Mobile Money: this number cannot be saved. Shoppers keep being told the saved one until it is corrected.',
  );

  // A real number of the other network: said which network it is and which prefixes MTN has.
  await mtn.fill('097 555 0101');
  await expect(
    page.getByText(
      'MTN Mobile Money number must be an MTN number (MTN numbers start with 096 or 076); this one is Airtel',
    ),
  ).toBeVisible();
  await page.getByLabel('Contact phone').fill('abc');
  await page.getByLabel('Contact phone').blur();
  await expect(
    page.getByText('Contact phone must be empty or a Zambian phone number such as 097 123 4567 or 0213 123 456'),
  ).toBeVisible();
  await mtn.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-settings-bad-number.png` });
  await shootWholePage(page, 'settings-bad-number-whole');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByLabel('Contact phone')).toBeFocused();
  expect(saves).toEqual([]);

  // Good values: the messages go and the preview says exactly what a shopper will read.
  await page.getByLabel('Contact phone').fill('0213 320 100');
  await mtn.fill(' 076 555 0102 ');
  await airtel.fill('');
  await page.getByLabel('Account name').fill('Kalomo Women Co-op');
  await expect(page.getByText(/must be (empty or )?an MTN number/)).toHaveCount(0);
  await expect(page.getByText(/Contact phone must be/)).toHaveCount(0);
  await expect(panels).toHaveCount(2);
  await expect(panels.nth(1).getByTestId('pay-number')).toHaveText('076 555 0102');
  await expect(panels.nth(1)).toContainText('Kalomo Women Co-op');
  await expect(panels.nth(1)).toContainText('a1b2c3d4');
  // No Airtel number: shoppers are told to ask the shop.
  await expect(panels.nth(0).getByTestId('pay-number')).toHaveText('please ask the shop for it');
  await panels.nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-settings-preview.png` });
  await expectNoSeriousViolations(page, 'settings with the preview');

  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(mtn).toHaveValue(before.mtnMoneyNumber);
  expect(saves).toEqual([]);
  expect(await (await page.request.get('/api/settings')).json()).toEqual(before);
});
