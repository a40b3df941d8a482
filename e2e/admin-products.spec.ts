import { expect, test, type Page, type Request, type TestInfo } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import sharp from 'sharp';
import { formatKwacha } from '../src/shared/money';
import { E2E_ADMIN, expectNoSidewaysScroll, toast } from './support/shop';

const SHOTS = '.scratch/shots/products';
const shoot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS === '1')
    await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png` });
};

/** Signs in through the API and opens the back office's products screen. */
async function openProductsAsAdmin(page: Page) {
  const login = await page.request.post('/api/users/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const user = await login.json();
  await page.goto('/');
  await page.evaluate((session) => localStorage.setItem('userInfo', JSON.stringify(session)), user);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  return { authorization: `Bearer ${user.token as string}` };
}

/** A PNG drawn here, bigger than the shop stores (2400 x 1600 unless told). */
async function pngFile(testInfo: TestInfo, name: string, width = 2400, height = 1600, fill = '#2c5a32') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#e8b04a"/></svg>`;
  const file = testInfo.outputPath(name);
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/**
 * Keeps every file the page sends by XMLHttpRequest (CDP does not expose file bodies), so the test can
 * measure the pictures that actually went out.
 */
async function recordSentFiles(page: Page) {
  await page.addInitScript(() => {
    const sent: Blob[] = [];
    (window as unknown as { sentFiles: Blob[] }).sentFiles = sent;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) for (const value of body.values()) if (value instanceof Blob) sent.push(value);
      return send.call(this, body);
    };
  });
}

async function sentFileSizes(page: Page): Promise<[number, number][]> {
  return page.evaluate(() =>
    Promise.all(
      (window as unknown as { sentFiles: Blob[] }).sentFiles.map(async (blob) => {
        const bitmap = await createImageBitmap(blob);
        return [bitmap.width, bitmap.height] as [number, number];
      }),
    ),
  );
}

const isUpload = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/upload';

const dialog = (page: Page) => page.getByRole('dialog');
const saveButton = (page: Page) => dialog(page).getByRole('button', { name: 'Save Product' });
const formAlert = (page: Page) => dialog(page).getByRole('alert');
const imageInput = (page: Page) => dialog(page).getByLabel('Upload images');
const tab = (page: Page, name: string) => dialog(page).getByRole('tab', { name: new RegExp(`^${name}`) });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search products...' }).fill(text);
}

const leaveQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });
const isPhone = () => test.info().project.name === 'phone';

/** A sidebar link as the admin follows it: on a phone the sidebar opens first. */
async function followSidebarLink(page: Page, name: string) {
  if (isPhone()) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();
}

/**
 * A sidebar link followed while the editor is open. The modal editor covers the sidebar (on a phone it
 * fills the screen), so no pointer reaches it: the click is dispatched to the link itself, standing for
 * any of the app's links followed while the editor is open.
 */
async function followSidebarLinkBehindEditor(page: Page, name: string) {
  await page.locator('#admin-sidebar').getByRole('link', { name, includeHidden: true }).dispatchEvent('click');
}

/** Adds a picture in the open editor and answers the stored URL once it is up. */
async function uploadInEditor(page: Page, file: string): Promise<string> {
  await tab(page, 'Image').click();
  const uploaded = page.waitForResponse((response) => isUpload(response.request()));
  await imageInput(page).setInputFiles(file);
  const url: string = (await (await uploaded).json()).imageUrl;
  await expect(saveButton(page)).toBeEnabled();
  return url;
}

/** The browser's back button, without waiting for a navigation the page may stop (as page.goBack would). */
async function pressBack(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
  await cdp.send('Page.navigateToHistoryEntry', { entryId: entries[currentIndex - 1]!.id });
  await cdp.detach();
}

const status = async (page: Page, url: string) => (await page.request.get(url)).status();

test('an admin creates a product with shrunk images, finds it, edits its price and deletes it @layout', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await recordSentFiles(page);
  const admin = await openProductsAsAdmin(page);
  const name = `Marula Test Balm ${testInfo.project.name} ${Date.now()}`;
  const big = await pngFile(testInfo, 'marula-big.png');
  const small = await pngFile(testInfo, 'marula-small.png', 800, 600, '#9a5b0f');

  await page.getByRole('button', { name: 'New Product' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Create New Product' })).toBeVisible();
  await shoot(page, 'dialog-basic');

  // Saving from another tab with the required fields empty brings the admin back to them.
  await tab(page, 'Image').click();
  await saveButton(page).click();
  await expect(formAlert(page)).toHaveText('Please fill in all required fields');
  await expect(tab(page, 'Basic Info')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Basic Info')).toContainText('needs attention');
  await expect(dialog(page).getByLabel('Name')).toBeFocused();

  await dialog(page).getByLabel('Name').fill(name);
  await dialog(page).getByLabel('Price (ZMW)').fill('123.45');
  await dialog(page).getByLabel('Stock', { exact: true }).fill('7');
  await dialog(page).getByLabel('Category').selectOption({ label: 'Body Care' });
  await dialog(page).getByLabel('Description').fill('A rich balm of cold-pressed marula oil.');
  await tab(page, 'Details').click();
  await dialog(page).getByLabel('Ingredients').fill('Marula oil, beeswax');
  await dialog(page).getByLabel('Size', { exact: true }).fill('50 g');
  await shoot(page, 'dialog-details');

  await tab(page, 'Basic Info').click();
  await saveButton(page).click();
  await expect(formAlert(page)).toHaveText('Please upload 1-4 images.');
  await expect(tab(page, 'Image')).toHaveAttribute('aria-selected', 'true');

  // Five at once is more than four: none is taken.
  await imageInput(page).setInputFiles([small, small, small, small, small]);
  await expect(dialog(page).getByText('You can upload up to 4 images.')).toBeVisible();
  await expect(dialog(page).getByText('0 of 4 images')).toBeVisible();

  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (isUpload(request)) uploads.push(request);
  });
  await imageInput(page).setInputFiles([big, small]);
  await expect(dialog(page).getByText('2 of 4 images')).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();
  await expect(dialog(page).getByText('You can upload up to 4 images.')).toBeHidden();
  expect(uploads).toHaveLength(2);
  // The browser sent the big picture at 1600 px on its long side, the small one at its own size.
  expect((await sentFileSizes(page)).sort()).toEqual([
    [1600, 1067],
    [800, 600],
  ]);
  await shoot(page, 'dialog-images');

  // The first image became main; the admin picks the second, then unpicks it.
  const mainToggle = (n: number) => dialog(page).getByRole('button', { name: `Set as main image (image ${n})` });
  await expect(mainToggle(1)).toHaveAttribute('aria-pressed', 'true');
  await mainToggle(2).click();
  await expect(mainToggle(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(mainToggle(1)).toHaveAttribute('aria-pressed', 'false');
  await mainToggle(2).click();
  await expect(mainToggle(2)).toHaveAttribute('aria-pressed', 'false');
  await tab(page, 'Details').click();
  await saveButton(page).click();
  await expect(formAlert(page)).toHaveText('Please select a main image.');
  await expect(tab(page, 'Image')).toHaveAttribute('aria-selected', 'true');
  await mainToggle(2).click();
  await expect(formAlert(page)).toBeHidden();

  await saveButton(page).click();
  await expect(toast(page, 'Product created successfully')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  // What was stored: both images, the second as main (and as `image`), at most 1600 px wide.
  const found = await (await page.request.get('/api/products', { params: { keyword: name } })).json();
  expect(found.totalProducts).toBe(1);
  const product = found.products[0];
  expect(product).toMatchObject({
    name,
    price: 123.45,
    countInStock: 7,
    category: 'body-care',
    ingredients: 'Marula oil, beeswax',
    size: '50 g',
  });
  expect(product.images).toHaveLength(2);
  expect(product.mainImage).toBe(product.images[1]);
  expect(product.image).toBe(product.images[1]);
  const stored = await Promise.all(
    product.images.map(async (url: string) => sharp(await (await page.request.get(url)).body()).metadata()),
  );
  expect(stored.map((m) => m.width)).toEqual([1600, 800]);

  await search(page, name);
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'list-search');

  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Edit the price; the list shows it.
  await page.goto('/admin/products');
  await search(page, name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(dialog(page).getByLabel('Price (ZMW)')).toHaveValue('123.45');
  await dialog(page).getByLabel('Price (ZMW)').fill('150.5');
  await saveButton(page).click();
  await expect(toast(page, 'Product updated successfully')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText(formatKwacha(150.5), { exact: true }).filter({ visible: true })).toBeVisible();
  const edited = await (await page.request.get(`/api/products/${product._id}`)).json();
  expect(edited).toMatchObject({ price: 150.5, images: product.images, mainImage: product.mainImage });

  // Delete, after the spec's question; the product and its image files are gone.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this product? This action cannot be undone.');
  await shoot(page, 'confirm-delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Product deleted successfully')).toBeVisible();
  await expect(page.getByText('No products found.')).toBeVisible();
  await expect(page.getByText('Try a different search term.')).toBeVisible();
  expect((await page.request.get(`/api/products/${product._id}`)).status()).toBe(404);
  for (const url of product.images) expect((await page.request.get(url)).status(), url).toBe(404);
  // Already gone from the store: the server removed the files with the product (the client sends no DELETE /upload).
  expect(
    (await page.request.delete(`/api${product.images[1].replace('/uploads', '/upload')}`, { headers: admin })).status(),
  ).toBe(404);
});

test('an upload shows its progress, can be retried after a failure, and a cancelled editor leaves no file behind', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openProductsAsAdmin(page);
  // A noisy photo: heavy enough that its upload takes a moment on a throttled line.
  const noisy = testInfo.outputPath('noisy.jpg');
  await sharp({
    create: {
      width: 1400,
      height: 1000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toFile(noisy);
  const plain = await pngFile(testInfo, 'plain.png', 600, 600);

  await page.getByRole('button', { name: 'New Product' }).click();
  await dialog(page).getByLabel('Name').fill(`Never saved ${testInfo.project.name}`);
  await dialog(page).getByLabel('Price (ZMW)').fill('10');
  await dialog(page).getByLabel('Stock', { exact: true }).fill('1');
  await dialog(page).getByLabel('Category').selectOption('oil');
  await tab(page, 'Image').click();

  await page.route(
    '**/api/upload',
    (route) => route.fulfill({ status: 500, json: { message: 'The image store is not available' } }),
    { times: 1 },
  );
  await imageInput(page).setInputFiles(plain);
  await expect(toast(page, 'Failed to upload image. Please try again.')).toBeVisible();
  await expect(dialog(page).getByText('Upload failed')).toBeVisible();
  await saveButton(page).click();
  await expect(formAlert(page)).toHaveText('Failed to upload image. Please try again.');

  const retried = page.waitForResponse((response) => isUpload(response.request()));
  await dialog(page).getByRole('button', { name: 'Retry (image 1)' }).click();
  const firstUrl: string = (await (await retried).json()).imageUrl;
  await expect(dialog(page).getByText('Upload failed')).toBeHidden();
  await expect(formAlert(page)).toBeHidden();

  // A slow line: the progress bar moves while the bytes go out, and saving waits.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  });
  const second = page.waitForResponse((response) => isUpload(response.request()));
  await imageInput(page).setInputFiles(noisy);
  const progress = dialog(page).getByRole('progressbar', { name: 'Uploading image 2' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), 'the bar moves')
    .toBeGreaterThan(0);
  await expect(dialog(page).getByRole('button', { name: 'Uploading Image...' })).toBeDisabled();
  await shoot(page, 'upload-progress');
  const secondUrl: string = (await (await second).json()).imageUrl;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(dialog(page).getByRole('progressbar')).toHaveCount(0);
  await expect(saveButton(page)).toBeEnabled();
  expect((await page.request.get(firstUrl)).status()).toBe(200);

  // Removing the main image makes the other one main; the removed upload is deleted at once.
  await dialog(page).getByRole('button', { name: 'Remove image 1' }).click();
  await expect(dialog(page).getByRole('button', { name: 'Set as main image (image 1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(async () => (await page.request.get(firstUrl)).status()).toBe(404);

  // Cancel: the file sent in this session goes too, without a question.
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(leaveQuestion(page)).toHaveCount(0);
  await expect.poll(async () => (await page.request.get(secondUrl)).status()).toBe(404);
});

test('the list pages ten at a time, a search starts again from page 1, and a failure is said', async ({ page }) => {
  await openProductsAsAdmin(page);
  const total = (await (await page.request.get('/api/products', { params: { limit: 1 } })).json())
    .totalProducts as number;
  expect(total, 'the demo catalogue fills more than one page').toBeGreaterThan(10);
  await expect(page.getByText(`${total} products`)).toBeVisible();
  const editButtons = page.getByRole('button', { name: /^Edit / });
  await expect(editButtons).toHaveCount(10);
  const firstNames = await editButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  await shoot(page, 'list');
  await expectNoSidewaysScroll(page);

  const pages = page.getByRole('navigation', { name: 'Product pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(editButtons.first()).not.toHaveAttribute('aria-label', firstNames[0]!);
  const secondNames = await editButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  expect(secondNames.filter((n) => firstNames.includes(n))).toEqual([]);
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(editButtons.first()).toHaveAttribute('aria-label', firstNames[0]!);

  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const searched = page.waitForRequest((request) => new URL(request.url()).searchParams.get('keyword') === 'oil');
  await search(page, 'oil');
  const params = new URL((await searched).url()).searchParams;
  expect(params.get('page')).toBe('1');
  expect(params.get('limit')).toBe('10');

  await search(page, 'no product is called this zzqx');
  await expect(page.getByText('No products found.')).toBeVisible();
  await expect(page.getByText('Try a different search term.')).toBeVisible();

  await page.route(
    (url) => url.pathname === '/api/products',
    (route) => route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
  );
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load products. Please try again.' })).toBeVisible({
    timeout: 15_000,
  });
});

test('the products screen and the editor pass axe without serious or critical findings @layout', async ({ page }) => {
  // Three axe passes (the list, the editor twice) with a product saved between: about 27 s on a quiet machine.
  test.setTimeout(90_000);
  await openProductsAsAdmin(page);
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  const check = (label: string) => expectNoSeriousViolations(page, label);
  await check('list');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await dialog(page).getByLabel('Name').fill('');
  await saveButton(page).click();
  await expect(formAlert(page)).toHaveText('Please fill in all required fields');
  await check('editor, basic info with an error');
  await tab(page, 'Image').click();
  await expect(dialog(page).getByRole('button', { name: 'Set as main image (image 1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await check('editor, images');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
});

test('following a link away from an unsaved upload asks first: Stay keeps the editor, Leave goes and deletes the upload', async ({
  page,
}, testInfo) => {
  await openProductsAsAdmin(page);
  const picture = await pngFile(testInfo, 'left-behind.png', 900, 600);
  await page.getByRole('button', { name: 'New Product' }).click();
  const url = await uploadInEditor(page, picture);

  await followSidebarLinkBehindEditor(page, 'Customers');
  await expect(leaveQuestion(page)).toBeVisible();
  await expect(leaveQuestion(page)).toContainText('Your changes to this product will be lost.');
  await expect(leaveQuestion(page).getByRole('button', { name: 'Stay' })).toBeFocused();
  await shoot(page, 'leave-question');

  await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
  await expect(leaveQuestion(page)).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(dialog(page).getByText('1 of 4 images')).toBeVisible();
  expect(await status(page, url)).toBe(200);

  await followSidebarLinkBehindEditor(page, 'Customers');
  await leaveQuestion(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect.poll(() => status(page, url)).toBe(404);
});

test("the browser's back button asks too, for typed changes alone", async ({ page }) => {
  await openProductsAsAdmin(page);
  // Into the products screen through the app, so going back stays in it.
  await followSidebarLink(page, 'Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await followSidebarLink(page, 'Products');
  await page.getByRole('button', { name: 'New Product' }).click();
  const name = dialog(page).getByLabel('Name');
  await name.fill('Half-typed product');

  await pressBack(page);
  await expect(leaveQuestion(page)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
  // Escape answers Stay.
  await page.keyboard.press('Escape');
  await expect(leaveQuestion(page)).toBeHidden();
  await expect(name).toHaveValue('Half-typed product');

  // A browser lets a page stop one step back per user action: the admin types on, then tries again.
  await name.press('End');
  await name.pressSequentially(' oil');
  await pressBack(page);
  await expect(leaveQuestion(page)).toBeVisible();
  await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
  await expect(name).toHaveValue('Half-typed product oil');
  await expect(page).toHaveURL(/\/admin\/products$/);

  await pressBack(page);
  await leaveQuestion(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // An editor opened and left untouched lets the admin go without a question.
  await page.goForward();
  await page.getByRole('button', { name: 'New Product' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Create New Product' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(leaveQuestion(page)).toHaveCount(0);
});

test('in a browser without the Navigation API the back button goes unasked, and the upload goes with the editor', async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined }));
  await openProductsAsAdmin(page);
  await followSidebarLink(page, 'Orders');
  await followSidebarLink(page, 'Products');
  await page.getByRole('button', { name: 'New Product' }).click();
  const url = await uploadInEditor(page, await pngFile(testInfo, 'no-navigation-api.png', 600, 900));

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(leaveQuestion(page)).toHaveCount(0);
  await expect.poll(() => status(page, url)).toBe(404);
});

test("saving asks nothing and keeps the files; leaving a later edit deletes only that edit's upload", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const admin = await openProductsAsAdmin(page);
  const name = `Leave Test Oil ${testInfo.project.name} ${Date.now()}`;
  const first = await pngFile(testInfo, 'kept.png', 900, 600);
  const second = await pngFile(testInfo, 'extra.png', 700, 700, '#9a5b0f');

  await page.getByRole('button', { name: 'New Product' }).click();
  await dialog(page).getByLabel('Name').fill(name);
  await dialog(page).getByLabel('Price (ZMW)').fill('42');
  await dialog(page).getByLabel('Stock', { exact: true }).fill('3');
  await dialog(page).getByLabel('Category').selectOption('oil');
  await dialog(page).getByLabel('Description').fill('Cold-pressed for the leave test.');
  const kept = await uploadInEditor(page, first);
  await saveButton(page).click();
  await expect(toast(page, 'Product created successfully')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await followSidebarLink(page, 'Settings');
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(leaveQuestion(page)).toHaveCount(0);
  expect(await status(page, kept)).toBe(200);

  // An edit: the new upload goes when the admin leaves, the saved product's own file stays.
  await page.goBack();
  await search(page, name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const extra = await uploadInEditor(page, second);
  await followSidebarLinkBehindEditor(page, 'Dashboard');
  await leaveQuestion(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect.poll(() => status(page, extra)).toBe(404);
  expect(await status(page, kept)).toBe(200);

  const found = await (await page.request.get('/api/products', { params: { keyword: name } })).json();
  expect(found.products[0].images).toEqual([kept]);
  expect((await page.request.delete(`/api/products/${found.products[0]._id}`, { headers: admin })).ok()).toBe(true);
});

test("closing or reloading the tab asks the browser's question and deletes the unsaved upload", async ({
  page,
}, testInfo) => {
  const admin = await openProductsAsAdmin(page);
  const picture = await pngFile(testInfo, 'tab-closed.png', 800, 800);
  const acceptQuestion = () =>
    new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.accept();
      }),
    );

  await page.getByRole('button', { name: 'New Product' }).click();
  const reloaded = await uploadInEditor(page, picture);
  const asked = acceptQuestion();
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect.poll(() => status(page, reloaded)).toBe(404);

  await page.getByRole('button', { name: 'New Product' }).click();
  const closed = await uploadInEditor(page, picture);
  const askedAgain = acceptQuestion();
  await page.close({ runBeforeUnload: true });
  expect(await askedAgain).toBe('beforeunload');
  const request = page.context().request;
  await expect.poll(async () => (await request.get(closed)).status()).toBe(404);
  // The deletions were the admin's own (a DELETE of the same file now finds nothing).
  const name = closed.split('/').pop()!;
  expect((await request.delete(`/api/upload/${name}`, { headers: admin })).status()).toBe(404);
});
