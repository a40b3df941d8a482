import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { bearer, createTestProduct, expectNoSidewaysScroll, signInAsAdmin, toast } from './support/shop';

const SHOTS = '.scratch/shots/low-stock';

test('an admin gives a product its own low-stock level and finds it under the "Low stock" filter', async ({ page }) => {
  const admin = bearer(await signInAsAdmin(page));
  const product = await createTestProduct(page.request, admin, { kind: 'low stock', price: 55, countInStock: 40 });
  try {
    await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
    const stockFilter = page.getByRole('combobox', { name: 'Filter by stock' });
    await expect(page.getByRole('button', { name: `Edit ${product.name}` })).toBeVisible();
    await expect(page.getByText('40 (low)').filter({ visible: true })).toHaveCount(0);

    // Under the low-stock filter it is not there yet: 40 left is above the shop's level.
    await stockFilter.selectOption({ label: 'Low stock' });
    await expect(page).toHaveURL(/[?&]stock=low/);
    await expect(page.getByText('No products found.')).toBeVisible();

    await stockFilter.selectOption({ label: 'All stock levels' });
    await page.getByRole('button', { name: `Edit ${product.name}` }).click();
    const dialog = page.getByRole('dialog');
    const level = dialog.getByRole('spinbutton', { name: 'Low stock at' });
    await expect(level).toHaveValue('');
    await expect(dialog.getByText(/Left empty, the shop's level \(\d+\) is used\./)).toBeVisible();
    await level.fill('-3');
    await dialog.getByRole('button', { name: 'Save Product' }).click();
    await expect(dialog.getByText('Low stock at must be 0 or more')).toBeVisible();
    await level.fill('50');
    await dialog.getByRole('button', { name: 'Save Product' }).click();
    await expect(toast(page, 'Product updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await stockFilter.selectOption({ label: 'Low stock' });
    await expect(page.getByRole('button', { name: `Edit ${product.name}` })).toBeVisible();
    await expect(page.getByText('40 (low)').filter({ visible: true })).toBeVisible();
    const stored = await (await page.request.get(`/api/products/${product._id}`)).json();
    expect(stored.lowStockThreshold).toBe(50);

    await expectNoSeriousViolations(page, `low stock (${test.info().project.name})`);
    if (test.info().project.name === 'phone') await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/low-stock-${test.info().project.name}.png`, fullPage: true });
  } finally {
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

test('the shop-wide low-stock level is in the settings', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const group = page.getByRole('group', { name: 'Stock alerts' });
  await expect(group.getByRole('spinbutton', { name: 'Low stock at' })).toHaveValue(/^\d+$/);
  await expect(group.getByText('A product can have its own level in the product editor.')).toBeVisible();
});
