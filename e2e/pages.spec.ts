import { expect, test, type Request } from './support/test';
import { toast } from './support/shop';
import { holdScripts } from './support/slow-phone';

test('About tells the story with its sections, journey and team roles (no names)', async ({ page }) => {
  await page.goto('/about');
  for (const heading of ['Our Story', 'Our Mission', 'Our Location', 'Our Values', 'Our Journey', 'Our Team']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  for (const value of ['Sustainability', 'Community', 'Quality', 'Empowerment'])
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
  for (const year of ['2022', '2023', '2024', '2025'])
    await expect(page.locator('#journey').getByText(year, { exact: true })).toBeVisible();
  const roles = [
    'Chair Person',
    'Vice-Chair',
    'Treasurer',
    'Secretary',
    'Vice-Secretary',
    'Project Assistant',
    'Technician',
    'Founder',
  ];
  await expect(page.locator('#team li')).toHaveText(roles);
  await expect(page.locator('#mission')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Shop Our Products' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
});

test('footer links with an anchor land on their section; other links start at the top', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Our Team' }).click();
  await expect(page).toHaveURL(/\/about#team$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Our Team' })).toBeInViewport();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Skincare' }).click();
  await expect(page).toHaveURL(/\/products\?category=skincare$/);
});

test('the contact form shows Sending... for 1.5 s, really sends the message, then thanks and clears', async ({
  page,
}) => {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posts.push(r);
  });
  await page.goto('/contact');
  await expect(page.getByRole('main').getByRole('link', { name: 'hello@coop-shop.example' })).toBeVisible();
  for (const network of ['Facebook', 'Instagram', 'LinkedIn'])
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(network) })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '6');

  // Browser checks first: nothing is sent with empty fields or a bad e-mail.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Chanda');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Wholesale');
  await page.getByRole('textbox', { name: 'Message' }).fill('Do you sell 5 litre containers of mungongo oil?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(posts).toHaveLength(0);

  await page.getByRole('textbox', { name: 'Email' }).fill('chanda@example.com');
  const started = Date.now();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(toast(page, 'Message sent successfully!')).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  await expect(toast(page, "We'll get back to you as soon as possible.")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  expect(posts).toHaveLength(1);
  expect(posts[0].postDataJSON()).toEqual({
    name: 'Chanda',
    email: 'chanda@example.com',
    subject: 'Wholesale',
    message: 'Do you sell 5 litre containers of mungongo oil?',
  });
});

test('the map loads only when asked for', async ({ page }) => {
  await page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>map</p>' }),
  );
  await page.goto('/contact');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute('href', /openstreetmap\.org/);
  await page.getByRole('button', { name: /Show map/ }).click();
  await expect(page.locator('iframe[title="Map of the Southern Province, Zambia"]')).toBeVisible();
});

test('the FAQ opens by keyboard and states the return, shipping and wholesale facts', async ({ page }) => {
  await page.goto('/contact');
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  await expect(faq.locator('summary')).toHaveCount(6);
  await faq.locator('summary').first().focus();
  await page.keyboard.press('Enter');
  await expect(faq.getByText(/within 30 days/)).toBeVisible();
  await faq.getByText('Do you ship outside Zambia?').click();
  await expect(faq.getByText(/within Zambia only/)).toBeVisible();
  await faq.getByText('Do you sell wholesale?').click();
  await expect(faq.getByText(/available on request/)).toBeVisible();
});

test('an unknown address shows the not-found page, logs the path, and leads home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const response = await page.goto('/this/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  expect(errors.some((line) => line.includes('/this/does-not-exist'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown product shows Product Not Found with a way back', async ({ page }) => {
  const response = await page.goto('/products/not-a-product');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
});

test('the newsletter form sends nothing and changes nothing', async ({ page }) => {
  const calls: string[] = [];
  await page.goto('/');
  page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
  await page.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue('reader@example.com');
  expect(calls).toEqual([]);
});

test('every page change starts at the top', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /View All Products/ }).scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('link', { name: /View All Products/ }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('pages have their own titles after client-side navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/\| Empowering Women, Preserving Nature$/);
  await page.getByRole('main').getByRole('link', { name: 'Our Story' }).click();
  await expect(page).toHaveTitle(/^About Us \| /);
});

test('a page left before its code arrived does not blank the next one', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  // The Contact page's code is held on the line, as on a slow connection.
  const release = await holdScripts(page, '**/assets/contact-page-*.js');
  await footer.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('main').getByText('Loading page')).toBeVisible();

  // The shopper goes back to About (its code already in) before Contact comes: About shows at once...
  await footer.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Our Story' })).toBeVisible();
  // ...and stays when the Contact code finally arrives.
  const arrived = page.waitForResponse(/\/assets\/contact-page-/);
  release();
  await arrived;
  await footer.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});
