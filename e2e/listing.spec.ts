import { expect, test, type Request } from './support/test';
import { demoProducts, productCards, showFilters } from './support/shop';

const listRequests = (requests: Request[]) => requests.filter((r) => new URL(r.url()).pathname === '/api/products');

test('the address prefills the filters and the results follow them', async ({ page, request }) => {
  const expected = await (await request.get('/api/products?keyword=mungongo&category=oil&limit=12')).json();
  await page.goto('/products?keyword=mungongo&category=oil');
  await showFilters(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('mungongo');
  await expect(page.getByRole('checkbox', { name: 'oil' })).toBeChecked();
  await expect(page.getByText(`${expected.totalProducts} products`)).toBeVisible();
  // The keyword matches names and descriptions alike: the page shows exactly what the API finds.
  await expect(productCards(page).getByRole('heading')).toHaveText(
    expected.products.map((p: { name: string }) => p.name),
  );
});

test('typing waits for a 500 ms pause, then fetches page 1 once and replaces the address', async ({ page }) => {
  await page.goto('/');
  await page.goto('/products?page=2');
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const requests: Request[] = [];
  const sentAt = new Map<Request, number>();
  page.on('request', (r) => {
    requests.push(r);
    sentAt.set(r, Date.now());
  });
  await showFilters(page);
  const searchbox = page.getByRole('searchbox', { name: 'Search' });
  // Each keystroke's time, taken in the page: a stalled browser on a loaded host may pause longer than
  // 500 ms between two keys, and then the prefix typed so far is rightly fetched.
  await searchbox.evaluate((box) => {
    const typed: [number, string][] = [];
    (window as unknown as { typed: typeof typed }).typed = typed;
    box.addEventListener('input', () => typed.push([performance.now(), (box as HTMLInputElement).value]));
  });
  const typingStartedAt = Date.now();
  await searchbox.pressSequentially('baobab', { delay: 20 });
  await expect(page).toHaveURL(/\/products\?keyword=baobab$/);
  // The address changes first and the fetch follows the next render: the results on screen mean it was sent.
  const expected = await (await page.request.get('/api/products?keyword=baobab&limit=12')).json();
  await expect(productCards(page).getByRole('heading')).toHaveText(
    expected.products.map((p: { name: string }) => p.name),
  );
  const typed = await page.evaluate(() => (window as unknown as { typed: [number, string][] }).typed);
  expect(typed.map(([, value]) => value)).toEqual(['b', 'ba', 'bao', 'baob', 'baoba', 'baobab']);
  // A prefix followed by a pause well over 500 ms must be fetched, one followed by a quick key must not;
  // a pause within timer slack of 500 ms may go either way.
  const pauses = typed.slice(0, -1).map(([at, value], i) => ({ value, pause: typed[i + 1][0] - at }));
  const mustFetch = pauses.filter((p) => p.pause >= 650).map((p) => p.value);
  const mayFetch = pauses.filter((p) => p.pause >= 400).map((p) => p.value);
  const keywordCalls = listRequests(requests).filter((r) => new URL(r.url()).searchParams.has('keyword'));
  const fetched = keywordCalls.map((r) => new URL(r.url()).searchParams.get('keyword'));
  expect(fetched.at(-1)).toBe('baobab');
  const prefixes = fetched.slice(0, -1);
  expect(
    prefixes.filter((v) => !mayFetch.includes(v!)),
    `fetched without a pause; pauses: ${JSON.stringify(pauses)}`,
  ).toEqual([]);
  expect(
    mustFetch.filter((v) => !prefixes.includes(v)),
    'a long pause was not followed by a fetch',
  ).toEqual([]);
  expect(new Set(fetched).size, 'each value fetched once').toBe(fetched.length);
  for (const call of keywordCalls) expect(new URL(call.url()).searchParams.get('page')).toBe('1');
  expect(new URL(keywordCalls.at(-1)!.url()).search).toBe('?keyword=baobab&page=1&limit=12');
  expect(sentAt.get(keywordCalls[0])! - typingStartedAt).toBeGreaterThanOrEqual(500);
  // The filter change replaced the history entry: back leaves the listing.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('only the first ticked category is sent, and Clear all resets everything @layout', async ({ page }) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto('/products');
  await showFilters(page);
  await page.getByRole('checkbox', { name: 'lotion' }).check();
  await page.getByRole('checkbox', { name: 'oil' }).check();
  await expect(page).toHaveURL(/category=lotion/);
  // The address changes first; the list's request follows on the next render.
  const categories = () => listRequests(requests).map((r) => new URL(r.url()).searchParams.get('category'));
  await expect.poll(categories).toContain('lotion');
  expect(categories()).not.toContain('oil');

  await page.getByRole('checkbox', { name: 'lotion' }).uncheck();
  await expect(page).toHaveURL(/category=oil/);

  await page.getByRole('searchbox', { name: 'Search' }).fill('oil');
  await expect(page).toHaveURL(/keyword=oil/);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'oil' })).not.toBeChecked();
  await expect(page.getByRole('slider', { name: 'Minimum price' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('slider', { name: 'Maximum price' })).toHaveAttribute('aria-valuenow', '400');
});

test('the price slider works from the keyboard and narrows the results', async ({ page }) => {
  await page.goto('/products');
  await showFilters(page);
  const max = page.getByRole('slider', { name: 'Maximum price' });
  await max.focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(max).toHaveAttribute('aria-valuenow', '300');
  await expect(page).toHaveURL(/maxPrice=300/);
  await expect(productCards(page).first()).toBeVisible();
  const prices = await productCards(page)
    .getByText(/^K\s?[\d,]+\.\d\d$/)
    .allInnerTexts();
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(Number(price.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(300);

  const min = page.getByRole('slider', { name: 'Minimum price' });
  await min.focus();
  await page.keyboard.press('ArrowRight');
  await expect(min).toHaveAttribute('aria-valuenow', '5');
});

test('numbered pages move through the catalogue within 1..pages', async ({ page, request }) => {
  const first = await (await request.get('/api/products?limit=12&page=1')).json();
  expect(first.pages, 'the demo catalogue fills more than one page').toBeGreaterThan(1);
  await page.goto('/products');
  const pages = page.getByRole('navigation', { name: 'Product pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  const firstName = await productCards(page).first().getByRole('heading').innerText();

  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(productCards(page).first().getByRole('heading')).not.toHaveText(firstName);

  await page.goto(`/products?page=${first.pages}`);
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.goBack();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('odd addresses still show the catalogue', async ({ page, request }) => {
  const demoCount = (await demoProducts(request)).length;
  await page.goto('/products?page=abc&category=nope&minPrice=lots&maxPrice=-5&keyword=');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  // The whole catalogue: other journeys may add their own products meanwhile, never fewer.
  const shown = page.getByText(/^\d+ products$/);
  await expect(shown).toBeVisible();
  expect(parseInt(await shown.innerText(), 10)).toBeGreaterThanOrEqual(demoCount);
  await showFilters(page);
  for (const box of await page.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
});

test('a search with no match says so', async ({ page }) => {
  await page.goto('/products?keyword=no-such-product-anywhere');
  await expect(page.getByText('No products found matching your criteria.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Product pages' })).toHaveCount(0);
});

test('on a phone the filters open with Filters and close with Apply Filters', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/products');
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('checkbox', { name: 'body care' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
  await expect(page).toHaveURL(/category=body-care/);
});

test(
  'on a phone the search and filters in force show as chips with the panel closed, each cleared by a tap',
  { tag: '@phone' },
  async ({ page }) => {
    const address = '/products?keyword=oil&category=skincare&maxPrice=200';
    // Drawn by the server from the address, before any script runs.
    const drawn = await (await page.request.get(address)).text();
    for (const name of ['Remove search: oil', 'Remove filter: Skincare'])
      expect(drawn).toContain(`aria-label="${name}"`);

    await page.goto(address);
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('button');
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
    await expect(chips).toHaveCount(3);
    await expect(toggle.getByTestId('filters-count')).toHaveText('3');
    for (const chip of await chips.all()) {
      const box = (await chip.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    await page.getByRole('button', { name: 'Remove filter: Skincare' }).click();
    await expect(page).toHaveURL(/\/products\?keyword=oil&maxPrice=200$/);
    await expect(chips).toHaveCount(2);
    await expect(toggle.getByTestId('filters-count')).toHaveText('2');
    const oils = await (await page.request.get('/api/products?keyword=oil&maxPrice=200&limit=12')).json();
    await expect(
      page.getByText(oils.totalProducts === 1 ? '1 product' : `${oils.totalProducts} products`, { exact: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Remove search: oil' }).click();
    await expect(page).toHaveURL(/\/products\?maxPrice=200$/);
    await page.getByRole('button', { name: /^Remove filter: price / }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
    await expect(toggle.getByTestId('filters-count')).toHaveCount(0);

    // A filter set in the panel shows as a chip once the panel is closed, and the panel agrees with a tap.
    await toggle.click();
    await page.getByRole('checkbox', { name: 'body care' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByRole('button', { name: 'Remove filter: Body Care' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter: Body Care' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await toggle.click();
    await expect(page.getByRole('checkbox', { name: 'body care' })).not.toBeChecked();
  },
);
