import { expect, test, type Page } from './support/test';
import { formatKwacha } from '../src/shared/money';
import { orderReference } from '../src/shared/order-status';
import type { DashboardStats } from '../src/shared/schemas/dashboard';
import { E2E_ADMIN, expectNoSidewaysScroll } from './support/shop';

const SHOTS = '.scratch/shots/shell';

/** The admin frame scrolls inside <main>; for a whole-page picture it is let out to its full height. */
async function shootWholePage(page: Page, path: string) {
  const style = await page.addStyleTag({
    content: '#admin-main{overflow:visible!important}.h-dvh{height:auto!important;min-height:100dvh}',
  });
  await page.screenshot({ path, fullPage: true });
  await style.evaluate((element) => (element as HTMLStyleElement).remove());
}
const count = new Intl.NumberFormat('en-US');
// The browser runs on the shop's clock (playwright.config.ts timezoneId); this process may not.
const usDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Africa/Lusaka',
});

const isDashboardAnswer = (url: string, method: string) =>
  method === 'GET' && new URL(url).pathname === '/api/dashboard';

/** Logs in through the form and answers the figures the dashboard itself received. */
async function logInAndReadFigures(page: Page): Promise<DashboardStats> {
  const answer = page.waitForResponse((r) => isDashboardAnswer(r.url(), r.request().method()) && r.ok());
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return (await answer).json();
}

const card = (page: Page, title: string) =>
  page.getByTestId('stat-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function expectCards(page: Page, stats: DashboardStats) {
  const expected: [string, string, string][] = [
    ['Total Sales', formatKwacha(stats.totalSales), 'lifetime sales'],
    ['Customers', count.format(stats.totalCustomers), 'registered users'],
    ['Products', count.format(stats.totalProducts), 'products in stock'],
    ['Pending Orders', count.format(stats.pendingOrders), 'require action'],
  ];
  await expect(page.getByTestId('stat-card')).toHaveCount(4);
  for (const [title, value, caption] of expected) {
    await expect(card(page, title).getByTestId('stat-value')).toHaveText(value);
    await expect(card(page, title)).toContainText(caption);
  }
}

test('the dashboard shows the server figures: four cards, the revenue of this year by month, the last five orders @layout', async ({
  page,
}) => {
  const stats = await logInAndReadFigures(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome back, Admin', { exact: true })).toBeVisible();
  await expectCards(page, stats);
  expect(stats.totalProducts, 'the demo data has products in stock').toBeGreaterThan(0);

  // January through the current month on the shop's clock.
  const thisMonth = Number(
    new Intl.DateTimeFormat('en-US', { month: 'numeric', timeZone: 'Africa/Lusaka' }).format(new Date()),
  );
  expect(stats.monthlyRevenue.map((m) => m.month)).toEqual(
    ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].slice(0, thisMonth),
  );
  const revenue = page.getByRole('region', { name: 'Revenue Overview' });
  await expect(revenue.getByText('Monthly revenue for the current year')).toBeVisible();
  if (stats.monthlyRevenue.some((m) => m.revenue > 0)) {
    await expect(revenue.getByTestId('revenue-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    const rows = revenue.getByRole('table', { name: 'Revenue by month' }).getByRole('row');
    await expect(rows).toHaveCount(thisMonth + 1);
    await expect(rows.nth(1)).toHaveText(`January${formatKwacha(stats.monthlyRevenue[0].revenue)}`);
    await expect(rows.last()).toHaveText(
      new RegExp(
        `${formatKwacha(stats.monthlyRevenue[thisMonth - 1].revenue).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      ),
    );
    if (test.info().project.name === 'desktop') {
      const best = stats.monthlyRevenue.reduce((a, b) => (b.revenue > a.revenue ? b : a));
      await revenue
        .locator('.recharts-bar-rectangle')
        .nth(stats.monthlyRevenue.filter((m) => m.revenue > 0).indexOf(best))
        .hover();
      const tooltip = revenue.locator('.recharts-tooltip-wrapper');
      await expect(tooltip).toContainText('Revenue');
      await expect(tooltip).toContainText(formatKwacha(best.revenue));
    }
  } else {
    await expect(revenue.getByText('No sales data available for this year')).toBeVisible();
  }

  const recent = page.getByRole('region', { name: 'Recent Orders' });
  await expect(recent.getByText('Latest 5 customer orders')).toBeVisible();
  expect(stats.recentOrders.length).toBe(5);
  const rows = recent.getByTestId('recent-order');
  await expect(rows).toHaveCount(5);
  for (const [i, order] of stats.recentOrders.entries()) {
    await expect(rows.nth(i)).toContainText(`#${orderReference(order._id)}`);
    await expect(rows.nth(i)).toContainText(usDate.format(new Date(order.createdAt)));
    await expect(rows.nth(i)).toContainText(formatKwacha(order.totalPrice));
    await expect(rows.nth(i)).toContainText(order.status);
  }
  await expectNoSidewaysScroll(page);
  await shootWholePage(page, `${SHOTS}/dashboard-${test.info().project.name}-full.png`);
});

test('the chart library is downloaded by the dashboard only, never by the storefront', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.includes('revenue-chart'))).toEqual([]);

  const stats = await logInAndReadFigures(page);
  await expectCards(page, stats);
  if (stats.monthlyRevenue.some((m) => m.revenue > 0)) {
    await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    expect(scripts.filter((s) => s.includes('revenue-chart'))).toHaveLength(1);
  }
});

test('skeletons and a spinner while the figures load; a failure offers to try again', async ({ page }) => {
  let mode: 'hold' | 'fail' | 'pass' = 'hold';
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/dashboard', async (route) => {
    if (mode === 'fail') return route.fulfill({ status: 500, json: { message: 'Database unavailable' } });
    if (mode === 'hold') await held;
    return route.continue();
  });

  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading dashboard' })).toBeAttached();
  await expect(page.locator('.animate-pulse').first()).toBeVisible();
  await expect(page.getByTestId('stat-card')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/dashboard-${test.info().project.name}-loading.png` });
  mode = 'pass';
  release();
  await expect(page.getByTestId('stat-card')).toHaveCount(4);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);

  mode = 'fail';
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data. Please try again.' });
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('stat-card')).toHaveCount(0);
  mode = 'pass';
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('stat-card')).toHaveCount(4);
  await expect(alert).toHaveCount(0);
});

// Changes an order and reads shop-wide counts: run alone after the other journeys (project 'alone'),
// and the order is put back at the end.
test('the figures move when an order is dealt with: Pending to Delivered lowers Pending Orders by one @alone', async ({
  page,
}) => {
  const before = await logInAndReadFigures(page);
  await expectCards(page, before);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')!).token as string);
  const auth = { authorization: `Bearer ${token}` };
  const pending = await (
    await page.request.get('/api/orders?status=Pending&keyword=.demo@coop-shop.example&limit=1', { headers: auth })
  ).json();
  const order = pending.orders[0];
  expect(order, 'the demo data holds a pending order').toBeTruthy();
  const setStatus = async (status: string) => {
    const changed = await page.request.put(`/api/orders/${order._id}/status`, { headers: auth, data: { status } });
    expect(changed.status(), await changed.text()).toBe(200);
  };
  const pendingNow = async (): Promise<number> => {
    const answer = page.waitForResponse((r) => isDashboardAnswer(r.url(), r.request().method()) && r.ok());
    await page.reload();
    const figures: DashboardStats = await (await answer).json();
    // What the card shows is what the server counted.
    await expect(card(page, 'Pending Orders').getByTestId('stat-value')).toHaveText(
      count.format(figures.pendingOrders),
    );
    return figures.pendingOrders;
  };

  try {
    const pendingBefore = await pendingNow();
    await setStatus('Delivered');
    expect(await pendingNow()).toBe(pendingBefore - 1);

    // Put back while the dashboard shows the lower figure: coming back to it inside the app shows the
    // order counted again (the figures are asked again, not kept).
    await setStatus('Pending');
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await sidebar.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    const answer = page.waitForResponse((r) => isDashboardAnswer(r.url(), r.request().method()) && r.ok());
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    const figures: DashboardStats = await (await answer).json();
    expect(figures.pendingOrders).toBe(pendingBefore);
    await expect(card(page, 'Pending Orders').getByTestId('stat-value')).toHaveText(
      count.format(figures.pendingOrders),
    );
  } finally {
    await page.request.put(`/api/orders/${order._id}/status`, { headers: auth, data: { status: 'Pending' } });
  }
});
