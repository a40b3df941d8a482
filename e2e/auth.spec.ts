import { expect, test } from './support/test';
import { E2E_ADMIN, openMenuOnPhone, registerByApi, toast } from './support/shop';

test('checkout sends a visitor to log in, who registers instead and comes back to checkout', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=checkout$/);
  await expect(toast(page, 'Please login to checkout')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=checkout$/);

  // The form explains what is wrong before sending anything.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();

  const email = `new-${Date.now()}@e2e.example`;
  await page.getByLabel('First Name').fill('Mwila');
  await page.getByLabel('Last Name').fill('Banda');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-pw');
  await page.getByLabel('Confirm Password').fill('not-the-same');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('long-enough-pw');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(toast(page, 'Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText('Add some products to your cart before checking out.')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
  expect(stored).toMatchObject({ email, isAdmin: false });
  expect(typeof stored.token).toBe('string');

  // Registering the same address again is refused with the server's reason.
  await openMenuOnPhone(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Mwila');
  await page.getByLabel('Last Name').fill('Banda');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-pw');
  await page.getByLabel('Confirm Password').fill('long-enough-pw');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a customer logs in, sees their name, is sent home from /login, and logs out @layout', async ({ page }) => {
  const shopper = await registerByApi(page, 'Natasha Phiri');
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();

  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await openMenuOnPhone(page);
  await expect(page.getByRole('link', { name: 'Natasha Phiri' })).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await openMenuOnPhone(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  await openMenuOnPhone(page);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('an admin who logs in goes to the back office; with redirect=checkout to checkout', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.evaluate(() => localStorage.removeItem('userInfo'));
  const shopper = await registerByApi(page);
  await page.goto('/login?redirect=checkout');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('while logging in the button says so and cannot be pressed twice', async ({ page }) => {
  const shopper = await registerByApi(page);
  await page.route('**/api/users/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/$/);
});
