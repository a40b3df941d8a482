import { expect, test, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { E2E_ADMIN, expectNoSidewaysScroll, payManually, toast } from './support/shop';
import { holdScripts } from './support/slow-phone';

const SHOTS = '.scratch/shots/shell';

/** The admin frame scrolls inside <main>; for a whole-page picture it is let out to its full height. */
async function shootWholePage(page: Page, path: string) {
  const style = await page.addStyleTag({
    content: '#admin-main{overflow:visible!important}.h-dvh{height:auto!important;min-height:100dvh}',
  });
  await page.screenshot({ path, fullPage: true });
  await style.evaluate((element) => (element as HTMLStyleElement).remove());
}

async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const toggle = (page: Page) => page.getByRole('button', { name: /(Open|Close) sidebar/ });

async function expectSidebar(page: Page, open: boolean) {
  await expect(toggle(page)).toHaveAttribute('aria-expanded', String(open));
  await expect(toggle(page)).toHaveAttribute('aria-controls', 'admin-sidebar');
  if (open) await expect(sidebar(page)).toBeVisible();
  else await expect(sidebar(page)).toBeHidden();
}

test('on a phone the sidebar starts closed, opens with the toggle and closes on navigation, overlay tap and Escape @phone', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await expectSidebar(page, false);
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Website' })).toBeHidden();
  await expect(page.getByTestId('stat-card')).toHaveCount(4);
  await shootWholePage(page, `${SHOTS}/dashboard-phone-closed.png`);

  await toggle(page).click();
  await expectSidebar(page, true);
  await expect(toggle(page)).toHaveAccessibleName('Close sidebar');
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar(page).getByRole('link', { name: 'Back to Website' })).toHaveAttribute('href', '/');
  // The open sidebar takes the focus; the page behind it is out of reach until it closes.
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await expect(page.locator('#admin-main')).toHaveAttribute('inert', '');
  await page.screenshot({ path: `${SHOTS}/dashboard-phone-open.png` });

  await sidebar(page).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expectSidebar(page, false);

  await toggle(page).click();
  await expectSidebar(page, true);
  await expect(sidebar(page).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  // A tap on the dimmed page beside the sidebar.
  await page.getByTestId('admin-sidebar-overlay').click({ position: { x: 370, y: 400 } });
  await expectSidebar(page, false);

  await toggle(page).click();
  await expectSidebar(page, true);
  await page.keyboard.press('Escape');
  await expectSidebar(page, false);
  await expect(toggle(page)).toBeFocused();

  await toggle(page).click();
  await sidebar(page).getByRole('link', { name: 'Back to Website' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
});

test('on a desktop the sidebar is open beside the page, follows the 768 px rule when the window is resized @desktop', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await expectSidebar(page, true);
  await expect(page.getByTestId('admin-sidebar-overlay')).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Back to Website' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Website' })).toHaveAttribute('href', '/');
  await shootWholePage(page, `${SHOTS}/dashboard-desktop.png`);

  // Navigating keeps it open on a wide screen; the current screen is marked.
  for (const [name, path, heading] of [
    ['Orders', '/admin/orders', 'Orders'],
    ['Customers', '/admin/customers', 'Customers'],
    ['Settings', '/admin/settings', 'Shop Settings'],
    ['Dashboard', '/admin', 'Dashboard'],
  ]) {
    await sidebar(page).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
    await expectSidebar(page, true);
  }
  await expect(page).toHaveTitle(/^Dashboard \| /);

  // Keyboard: the toggle is reached with Tab and works with Enter; Escape does nothing on a wide screen.
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expectSidebar(page, false);
  await page.keyboard.press('Enter');
  await expectSidebar(page, true);
  await page.keyboard.press('Escape');
  await expectSidebar(page, true);

  await page.setViewportSize({ width: 700, height: 800 });
  await expectSidebar(page, false);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expectSidebar(page, true);
});

test('Logout ends the session and leaves the back office', async ({ page }) => {
  await logInAsAdmin(page);
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('dashboard and settings pass axe, the sidebar open and closed', async ({ page }) => {
  await logInAsAdmin(page);
  await expect(page.getByTestId('stat-card')).toHaveCount(4);
  await expectNoSeriousViolations(page, 'dashboard');
  await toggle(page).click();
  await expectNoSeriousViolations(page, 'dashboard with the sidebar toggled');
  await page.goto('/admin/settings');
  await expect(page.getByLabel('Shop name')).toBeVisible();
  await expectNoSeriousViolations(page, 'settings');
});

test('settings: the shared rules speak with the field labels; a phone fills the form without sideways scroll @phone', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await toggle(page).click();
  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await shootWholePage(page, `${SHOTS}/settings-phone.png`);

  await page.getByLabel('Shop name').fill('   ');
  await page.getByLabel('Contact email').fill('not-an-email');
  await page.getByLabel('Facebook page').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Shop name cannot be empty')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Facebook page must be empty or a web address starting with https://')).toBeVisible();
  await expect(page.getByLabel('Shop name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSidewaysScroll(page);
  await shootWholePage(page, `${SHOTS}/settings-phone-errors.png`);

  await page.getByLabel('Airtel Money number').scrollIntoViewIfNeeded();
  // The save bar stays in reach at the bottom of the screen, mid-form.
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/settings-phone-mid-form.png` });
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Shop name')).not.toHaveValue('   ');
  await expect(page.getByText('Shop name cannot be empty')).toHaveCount(0);
});

// Changes the shop's settings: one project only, and the old values are put back at the end.
test('settings: a new Airtel Money number is saved and shown in the payment instructions @desktop', async ({
  page,
}) => {
  const before = await (await page.request.get('/api/settings')).json();
  await logInAsAdmin(page);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')!).token as string);
  const auth = { authorization: `Bearer ${token}` };
  try {
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByLabel('Airtel Money number')).toHaveValue(before.airtelMoneyNumber);
    await shootWholePage(page, `${SHOTS}/settings-desktop.png`);

    const airtel = `+260 97 ${String(Date.now()).slice(-7, -4)} ${String(Date.now()).slice(-4)}`;
    await page.getByLabel('Airtel Money number').fill(airtel);
    await page.getByLabel('Account name').fill('Mwinilunga Women Co-op');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/settings'));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // Only the changed fields are sent, so another admin's change to another field is not undone.
    expect((await saved).postDataJSON()).toEqual({
      airtelMoneyNumber: airtel,
      paymentAccountName: 'Mwinilunga Women Co-op',
    });
    await expect(toast(page, 'Settings saved successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    expect(await (await page.request.get('/api/settings')).json()).toEqual({
      ...before,
      airtelMoneyNumber: airtel,
      paymentAccountName: 'Mwinilunga Women Co-op',
    });
    await page.reload();
    await expect(page.getByLabel('Airtel Money number')).toHaveValue(airtel);

    // An unpaid Airtel Money order's page tells the customer to pay to the new number (an existing
    // order of the demo data: placing one here would move the dashboard figures another test watches).
    const pending = await (await page.request.get('/api/orders?status=Pending&limit=100', { headers: auth })).json();
    const order = pending.orders.find(
      (o: { paymentMethod: string; isPaid: boolean }) => o.paymentMethod === 'airtel' && !o.isPaid,
    );
    expect(order, 'the demo data holds an unpaid Airtel Money order').toBeTruthy();
    // Reached inside the app, after the settings screen wrote the saved values into the shared cache.
    await page.getByRole('banner').getByRole('link', { name: 'Website' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await page.evaluate((url) => {
      window.history.pushState({}, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/checkout/success?orderId=${order._id}`);
    await payManually(page);
    await expect(page.getByTestId('pay-number')).toHaveText(airtel);
    await expect(page.getByText('Mwinilunga Women Co-op')).toBeVisible();
  } finally {
    const restore = await page.request.put('/api/settings', { headers: auth, data: before });
    expect(restore.status()).toBe(200);
  }
});

test('an admin whose session has ended is sent to log in from any back-office screen', async ({ page }) => {
  await logInAsAdmin(page);
  // What a revoked or expired token looks like to the browser: still stored, refused by the server.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('userInfo') ?? '{}');
    localStorage.setItem('userInfo', JSON.stringify({ ...stored, token: `${stored.token}x` }));
  });
  await page.goto('/admin/orders');
  await expect(toast(page, 'Your session has expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

test('a screen left before its code arrived does not blank the next one', async ({ page }) => {
  await logInAsAdmin(page);
  const follow = async (name: string) => {
    if (test.info().project.name === 'phone') await toggle(page).click();
    await sidebar(page).getByRole('link', { name }).click();
  };
  // The Orders screen's code is held on the line, as on a slow connection.
  const release = await holdScripts(page, '**/assets/orders-page-*.js');
  await follow('Orders');
  await expect(page.getByRole('main').getByText('Loading page')).toBeVisible();

  // The admin changes their mind before it comes: the Dashboard (its code already in) shows at once...
  await follow('Dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // ...and stays when the Orders code finally arrives.
  const arrived = page.waitForResponse(/\/assets\/orders-page-/);
  release();
  await arrived;
  await follow('Products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await follow('Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});
