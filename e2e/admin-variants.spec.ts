import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { formatKwacha } from '../src/shared/money';
import { expectNoSeriousViolations } from './support/a11y';
import { bearer, createTestProduct, expectNoSidewaysScroll, signInAsAdmin, toast } from './support/shop';
import { smallTouchTargets } from './support/touch-targets';

// Sizes and gift sets in the back office (issue 41, docs/decisions/067-sizes-and-sets.md), on a phone.

/** E2E_SHOTS=1 keeps a picture of each screen at 390 x 844 and 1280 x 800 for a human look. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '.scratch/shots/variants';
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize(phone);
  await page.waitForTimeout(300);
}

const dialog = (page: Page) => page.getByRole('dialog');
const saveButton = (page: Page) => dialog(page).getByRole('button', { name: 'Save Product' });
const tab = (page: Page, name: string) => dialog(page).getByRole('tab', { name: new RegExp(`^${name}`) });
const tabPanel = (page: Page, name: string) => dialog(page).getByRole('tabpanel', { name: new RegExp(`^${name}`) });
/** One variant of the grid: a group named by its values ("250 ml"), or by its place while they are blank. */
const variant = (page: Page, name: string) =>
  tabPanel(page, 'Sizes & options').getByRole('group', { name, exact: true });
const listed = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: name });

async function openEditor(page: Page, name: string) {
  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search products...' }).fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Product' })).toBeVisible();
}

async function expectThumbSizedAndAxeClean(page: Page, what: string) {
  expect(await smallTouchTargets(page), `controls under 44 x 44 px on ${what}`).toEqual([]);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, what);
}

async function deleteProducts(request: APIRequestContext, admin: Record<string, string>, ids: string[]) {
  // Sets first: a part cannot go while a set holds it.
  for (const id of ids) await request.delete(`/api/products/${id}`, { headers: admin });
}

test('an admin sells a product in two sizes, each with its price and stock, and the store shows them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = bearer(await signInAsAdmin(page));
  const oil = await createTestProduct(page.request, admin, { kind: 'Sizes Oil', price: 85, countInStock: 12 });
  try {
    await openEditor(page, oil.name);
    await tab(page, 'Sizes & options').click();
    const sizes = tabPanel(page, 'Sizes & options');
    await expect(sizes).toContainText('This product is sold in one size.');
    await sizes.getByRole('button', { name: 'Add sizes' }).click();

    // The first size starts with the product's own price and stock.
    await variant(page, 'variant 1').getByLabel('Size', { exact: true }).fill('100 ml');
    const small = variant(page, '100 ml');
    await expect(small.getByLabel('Price (ZMW)')).toHaveValue('85');
    await expect(small.getByLabel('Stock')).toHaveValue('12');
    await small.getByLabel('Stock').fill('10');
    await small.getByLabel('Weight / volume').fill('100 ml');
    // A phone opens its number pad for the figures.
    await expect(small.getByLabel('Price (ZMW)')).toHaveAttribute('inputmode', 'decimal');
    await expect(small.getByLabel('Stock')).toHaveAttribute('inputmode', 'numeric');

    await sizes.getByRole('button', { name: 'Add a variant' }).click();
    await variant(page, 'variant 2').getByLabel('Size', { exact: true }).fill('250 ml');
    const large = variant(page, '250 ml');
    await large.getByLabel('Price (ZMW)').fill('180');
    await large.getByLabel('Stock').fill('4');
    await large.getByLabel('Weight / volume').fill('250 ml');
    await expect(sizes.getByRole('heading', { name: '2 sizes · 14 in stock together' })).toBeVisible();
    await expect(small.getByRole('radio', { name: 'Shown first' })).toBeChecked();
    await expectThumbSizedAndAxeClean(page, 'the sizes tab');

    // A third size, then taken away again (a product may have up to 30).
    await sizes.getByRole('button', { name: 'Add a variant' }).click();
    await variant(page, 'variant 3').getByLabel('Size', { exact: true }).fill('1 litre');
    await variant(page, '1 litre').getByLabel('Price (ZMW)').fill('600');
    await variant(page, '1 litre').getByLabel('Stock').fill('2');
    await expect(sizes.getByRole('heading', { name: '3 sizes · 16 in stock together' })).toBeVisible();
    await shoot(page, 'sizes-tab');
    await sizes.getByRole('button', { name: 'Remove 1 litre' }).click();
    await expect(variant(page, '1 litre')).toHaveCount(0);

    // Basic Info: the stock is the sizes' sum and the price the first size's, both read-only.
    await tab(page, 'Basic Info').click();
    const stock = tabPanel(page, 'Basic Info').getByLabel('Stock', { exact: true });
    await expect(stock).toHaveValue('14');
    await expect(stock).toHaveAttribute('readonly', '');
    await expect(tabPanel(page, 'Basic Info')).toContainText(
      "All sizes together. Change each one's stock on Sizes & options.",
    );
    await expect(tabPanel(page, 'Basic Info').getByLabel('Price (ZMW)')).toHaveValue('85');

    await saveButton(page).click();
    await expect(toast(page, 'Product updated successfully')).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    // The list: "2 sizes", the stock of both, the price from the lowest.
    const row = listed(page, oil.name);
    await expect(row).toContainText('2 sizes');
    await expect(row).toContainText('Stock 14');
    await expect(row).toContainText(`from ${formatKwacha(85)}`);

    const stored = await (await page.request.get(`/api/products/${oil._id}`)).json();
    expect(stored).toMatchObject({ options: ['Size'], countInStock: 14, price: 85, priceFrom: 85, size: '100 ml' });
    expect(
      stored.variants.map((v: { label: string; price: number; countInStock: number }) => [
        v.label,
        v.price,
        v.countInStock,
      ]),
    ).toEqual([
      ['100 ml', 85, 10],
      ['250 ml', 180, 4],
    ]);

    // The store's product page shows the first size, at its price.
    await page.goto(`/products/${oil._id}`);
    await expect(page.getByRole('heading', { level: 1, name: oil.name })).toBeVisible();
    await expect(page.getByText('Size: 100 ml')).toBeVisible();
    await expect(page.getByText(formatKwacha(85)).first()).toBeVisible();

    // Made one size again, after a question: Basic Info takes the first size's figures back.
    await openEditor(page, oil.name);
    await tab(page, 'Sizes & options').click();
    await tabPanel(page, 'Sizes & options').getByRole('button', { name: 'Remove the option Size' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Sell in one size only?' });
    await expect(ask).toContainText("The product keeps 100 ml's price, stock and SKU");
    await ask.getByRole('button', { name: 'Make it one size' }).click();
    await tab(page, 'Basic Info').click();
    await expect(tabPanel(page, 'Basic Info').getByLabel('Stock', { exact: true })).toHaveValue('10');
    await expect(tabPanel(page, 'Basic Info').getByLabel('Stock', { exact: true })).not.toHaveAttribute('readonly');
    await saveButton(page).click();
    await expect(dialog(page)).toBeHidden();
    const plain = await (await page.request.get(`/api/products/${oil._id}`)).json();
    expect(plain).toMatchObject({ countInStock: 10, price: 85, size: '100 ml' });
    expect(plain.options).toBeUndefined();
  } finally {
    await deleteProducts(page.request, admin, [oil._id]);
  }
});

test('an admin builds a gift set of two products and a size, and sees how many it can sell', async ({ page }) => {
  test.setTimeout(150_000);
  const admin = bearer(await signInAsAdmin(page));
  // One word in all four names, to list them together.
  const run = `set${Date.now().toString(36)}`;
  const shea = await createTestProduct(page.request, admin, { kind: `Set Shea ${run}`, price: 60, countInStock: 9 });
  const soap = await createTestProduct(page.request, admin, { kind: `Set Soap ${run}`, price: 25, countInStock: 6 });
  const oil = await createTestProduct(page.request, admin, { kind: `Set Oil ${run}`, price: 85, countInStock: 0 });
  const gift = await createTestProduct(page.request, admin, { kind: `Gift Box ${run}`, price: 200, countInStock: 0 });
  const sized = await page.request.put(`/api/products/${oil._id}/variants`, {
    headers: admin,
    data: {
      options: ['Size'],
      variants: [
        { options: ['100 ml'], price: 85, countInStock: 10, isDefault: true },
        { options: ['250 ml'], price: 180, countInStock: 5 },
      ],
    },
  });
  expect(sized.status(), await sized.text()).toBe(200);
  try {
    await openEditor(page, gift.name);
    await tab(page, 'Gift set').click();
    const set = tabPanel(page, 'Gift set');
    await expect(set).toContainText('Not a gift set: no parts yet.');
    const search = set.getByRole('searchbox', { name: 'Add a product to the set' });

    await search.fill(shea.name);
    await set.getByRole('button', { name: `Add ${shea.name}` }).click();
    await set.getByRole('list', { name: 'Parts of the set' }).getByLabel('In one set').fill('2');
    await search.fill(soap.name);
    await set.getByRole('button', { name: `Add ${soap.name}` }).click();
    await expect(search).toBeFocused();
    // A product with sizes: which size the set holds is chosen on its line.
    await search.fill(oil.name);
    await set.getByRole('button', { name: `Add ${oil.name}` }).click();
    await set.getByLabel('Which Size?').selectOption({ label: '250 ml (5 in stock)' });
    const parts = set.getByRole('list', { name: 'Parts of the set' }).getByRole('listitem');
    await expect(parts).toHaveCount(3);
    await expect(parts.nth(2)).toContainText(`${oil.name} (250 ml)`);
    // 9 jars of shea, 2 to a set: 4; 6 soaps: 6; 5 bottles of 250 ml: 5.
    await expect(set).toContainText('With these parts you can sell 4 sets once saved.');
    await expectThumbSizedAndAxeClean(page, 'the gift set tab');
    await shoot(page, 'gift-set-tab');

    await tab(page, 'Basic Info').click();
    await expect(tabPanel(page, 'Basic Info').getByLabel('Stock', { exact: true })).toHaveAttribute('readonly', '');
    await saveButton(page).click();
    await expect(toast(page, 'Gift set saved. Can sell 4 sets now.')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    const row = listed(page, gift.name);
    await expect(row).toContainText('Gift set');
    await expect(row).toContainText('Stock 4');
    await page.getByRole('searchbox', { name: 'Search products...' }).fill(run);
    await expect(listed(page, oil.name)).toContainText('2 sizes');
    await expect(page.getByText('4 products', { exact: true })).toBeVisible();
    await shoot(page, 'products-list');

    // Opened again: the server's count, and no sizes for a set.
    await openEditor(page, gift.name);
    await tab(page, 'Gift set').click();
    await expect(tabPanel(page, 'Gift set')).toContainText('Can sell 4 sets now');
    await shoot(page, 'gift-set-saved');
    await tab(page, 'Sizes & options').click();
    await expect(tabPanel(page, 'Sizes & options')).toContainText('This product is a gift set, so it has no sizes');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // A size that a set holds cannot be removed: the server's reason shows beside Save.
    await openEditor(page, oil.name);
    await tab(page, 'Gift set').click();
    await expect(tabPanel(page, 'Gift set')).toContainText('A product with sizes or options cannot be a gift set.');
    await tab(page, 'Sizes & options').click();
    await tabPanel(page, 'Sizes & options').getByRole('button', { name: 'Remove 250 ml' }).click();
    await saveButton(page).click();
    await expect(dialog(page).getByRole('alert')).toContainText(
      `A variant you removed is part of the gift set ${gift.name}: take it out of the set first`,
    );
    await expect(tab(page, 'Sizes & options')).toHaveAttribute('aria-selected', 'true');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Nor can a part become a set itself (the server answers 409).
    await openEditor(page, shea.name);
    await tab(page, 'Gift set').click();
    await tabPanel(page, 'Gift set').getByRole('searchbox', { name: 'Add a product to the set' }).fill(soap.name);
    await tabPanel(page, 'Gift set')
      .getByRole('button', { name: `Add ${soap.name}` })
      .click();
    await saveButton(page).click();
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'This product is a part of a gift set, so it cannot be a set itself',
    );
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await deleteProducts(page.request, admin, [gift._id, shea._id, soap._id, oil._id]);
  }
});
