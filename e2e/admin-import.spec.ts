import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { bearer, createTestProduct, demoProducts, expectNoSidewaysScroll, signInAsAdmin, toast } from './support/shop';

const SHOTS = '.scratch/shots/import';

test('an admin checks a CSV file, sees the rows to correct, then imports a clean one', async ({ page }) => {
  const project = test.info().project.name;
  const admin = bearer(await signInAsAdmin(page));
  const existing = await createTestProduct(page.request, admin, { kind: 'import', price: 45, countInStock: 3 });
  const existingSku = (await (await page.request.get(`/api/products/${existing._id}`)).json()).sku as string;
  const [model] = await demoProducts(page.request);
  const newSku = `IMP-${project}-${Date.now()}`.toUpperCase();
  const newName = `Test imported oil ${project} ${Date.now()}`;
  const csvFile = (text: string) => ({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${text}`),
  });
  let createdId: string | undefined;
  try {
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
    await expect(dialog).toBeVisible();

    // A file with a mistake: checked, explained, nothing to import.
    await dialog
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile(
          `SKU,Name,Category,Price (ZMW),Stock,Images\r\n${existingSku},,,,30,\r\n${newSku},${newName},oil,cheap,12,${model.mainImage}\r\n`,
        ),
      );
    await expect(dialog.getByRole('status').filter({ hasText: '2 rows:' })).toContainText('1 row with errors');
    const rows = dialog.getByRole('list', { name: 'Rows' });
    await expect(rows.getByRole('listitem').first()).toContainText(
      `Row 3 · ${newSku} · ${newName}price must be a number`,
    );
    await expect(rows).toContainText('Update: stock 3 → 30');
    await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
    await expectNoSeriousViolations(page, `import check (${project})`);
    if (project === 'phone') await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/import-errors-${project}.png`, fullPage: true });
    expect((await (await page.request.get(`/api/products/${existing._id}`)).json()).countInStock).toBe(3);

    // Corrected: imported whole.
    await dialog
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile(
          `SKU,Name,Category,Price (ZMW),Stock,Images\r\n${existingSku},,,,30,\r\n${newSku},${newName},oil,"1,250.00",12,${model.mainImage}\r\n`,
        ),
      );
    await expect(dialog.getByRole('status').filter({ hasText: '2 rows:' })).toHaveText(
      '2 rows: 1 new, 1 to update, 0 unchanged.',
    );
    await dialog.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(toast(page, 'Imported: 1 new product, 1 product updated')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox').fill(newName);
    await expect(page.getByRole('button', { name: `Edit ${newName}` })).toBeVisible();
    const listed = await (await page.request.get(`/api/products?keyword=${encodeURIComponent(newName)}`)).json();
    expect(listed.products).toEqual([
      expect.objectContaining({ name: newName, price: 1250, countInStock: 12, sku: newSku }),
    ]);
    createdId = listed.products[0]._id;
    expect((await (await page.request.get(`/api/products/${existing._id}`)).json()).countInStock).toBe(30);
  } finally {
    await page.request.delete(`/api/products/${existing._id}`, { headers: admin });
    if (createdId) await page.request.delete(`/api/products/${createdId}`, { headers: admin });
  }
});
