import { expect, test, type Page } from './support/test';
import { formatKwacha } from '../src/shared/money';
import { expectNoSeriousViolations } from './support/a11y';
import { bearer, createTestProduct, expectNoSidewaysScroll, signInAsAdmin, toast } from './support/shop';

// Without motion, toasts and the opened changes are checked in their final look.
test.use({ reducedMotion: 'reduce' });

const SHOTS = '.scratch/shots/audit';
const isPhone = () => test.info().project.name === 'phone';
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });

/** The row (desktop) or card (phone) holding a text: whichever the screen shows. */
const entryOf = (page: Page, text: string) =>
  page.locator('tr, li').filter({ hasText: text }).filter({ visible: true });

/** Today in the browser's time zone (the config's Africa/Lusaka), as a date input takes it. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lusaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test('an admin changes a price, then finds that change in the audit trail with who, when, before and after @layout', async ({
  page,
}) => {
  const token = await signInAsAdmin(page);
  const admin = bearer(token);
  const me = await (await page.request.get('/api/users/profile', { headers: admin })).json();
  const product = await createTestProduct(page.request, admin, { kind: 'Audit', price: 120, countInStock: 12 });

  // The price is changed in the back office, as an admin does it.
  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search products...' }).fill(product.name);
  await page.getByRole('button', { name: `Edit ${product.name}` }).click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByLabel('Price (ZMW)')).toHaveValue('120');
  await editor.getByLabel('Price (ZMW)').fill('135');
  await editor.getByRole('button', { name: 'Save Product' }).click();
  await expect(toast(page, 'Product updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();

  // Found from the admin menu.
  if (isPhone()) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await expect(page).toHaveTitle(/^Audit trail/);

  const summary = `${product.name}: price ${formatKwacha(120)} → ${formatKwacha(135)}`;
  await page.getByRole('searchbox', { name: 'Search actions...' }).fill(product.name);
  await expect(page).toHaveURL(/[?&]q=/);
  const entry = entryOf(page, summary);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Product edited');
  await expect(entry).toContainText(me.name);
  await expect(entry).toContainText(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Africa/Lusaka',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date()),
  );
  // The product's creation (through the API) is the older line of the two.
  await expect(entryOf(page, `New product ${product.name}`)).toHaveCount(1);
  await expect(page.getByText('2 actions', { exact: true })).toBeVisible();

  await entry.getByRole('button', { name: 'Show changes' }).click();
  await expect(entry.getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');
  const changes = entry.locator('dl');
  await expect(changes.getByRole('term')).toHaveText(['Name', 'Price']);
  await expect(changes.getByRole('definition').nth(1)).toContainText(`Before${formatKwacha(120)}`);
  await expect(changes.getByRole('definition').nth(1)).toContainText(`After${formatKwacha(135)}`);
  await expect(changes.getByRole('definition').first()).toContainText(`Unchanged${product.name}`);
  if (isPhone()) await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `audit trail (${test.info().project.name})`);
  await shoot(page, 'price-change');

  // Filters: today's product lines keep it; another kind of action or an earlier day does not.
  await page.getByLabel('From', { exact: true }).fill(today());
  await page.getByLabel('To', { exact: true }).fill(today());
  await page.getByRole('combobox', { name: 'Kind of action' }).selectOption({ label: 'Products' });
  await expect(page).toHaveURL(/kind=product/);
  await expect(entryOf(page, summary)).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Kind of action' }).selectOption({ label: 'People' });
  await expect(page.getByText('No actions found.')).toBeVisible();
  await expect(page.getByText('Try another kind, other dates or other words.')).toBeVisible();
  if (isPhone()) await expectNoSidewaysScroll(page);
  await shoot(page, 'nothing-found');
  await page.getByRole('combobox', { name: 'Kind of action' }).selectOption({ label: 'Everything' });
  await expect(entryOf(page, summary)).toHaveCount(1);
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('No actions found.')).toBeVisible();

  const removed = await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  expect(removed.status()).toBe(200);
});

test('the audit trail says so when it cannot be read, and lists the lines once it can', async ({ page }) => {
  const admin = bearer(await signInAsAdmin(page));
  const product = await createTestProduct(page.request, admin, { kind: 'Audit list', price: 45, countInStock: 3 });
  const failing = (url: URL) => url.pathname === '/api/audit';
  await page.route(failing, (route) => route.fulfill({ status: 500, json: { message: 'Database unavailable' } }));
  await page.goto('/admin/audit');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load actions. Please try again.' })).toBeVisible();
  await page.unroute(failing);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Action list' })).toBeVisible();
  await expect(entryOf(page, `New product ${product.name}`)).toHaveCount(1);
  if (isPhone()) await expectNoSidewaysScroll(page);
  await shoot(page, 'everything');
  expect((await page.request.delete(`/api/products/${product._id}`, { headers: admin })).status()).toBe(200);
});
