import { expect, test } from './support/test';
import { demoProducts, placeOrderByApi, registerByApi, toast } from './support/shop';

test('a customer who bought a product reviews it once; others are told why they cannot', async ({ page, request }) => {
  // Each project (phone, desktop) reviews its own product: they share one server.
  const stocked = (await demoProducts(request)).filter((p) => p.countInStock > 5);
  const mine = test.info().project.name === 'phone' ? 0 : 1;
  const product = stocked[mine];
  const other = stocked[mine + 2];

  // A customer with an order of the product (placed through the API, as checkout would).
  const shopper = await registerByApi(page, 'Mutinta Hachoongo');
  await placeOrderByApi(request, shopper, [{ product, quantity: 1 }]);

  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/products/${product._id}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await page.getByRole('textbox', { name: 'Your review' }).fill('Light, golden and it really helps my dry hands.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Please choose a rating')).toBeVisible();
  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Thank you for your review!')).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Light, golden and it really helps my dry hands.')).toBeVisible();
  await expect(panel.getByText('Mutinta Hachoongo')).toBeVisible();

  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('textbox', { name: 'Your review' }).fill('Again!');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'You have already reviewed this product')).toBeVisible();

  await page.goto(`/products/${other._id}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await page.getByRole('radio', { name: '3 stars' }).check();
  await page.getByRole('textbox', { name: 'Your review' }).fill('Never bought it.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Only customers who bought this product can review it')).toBeVisible();
});

test('visitors are invited to log in before reviewing', async ({ page, request }) => {
  const [product] = await demoProducts(request);
  await page.goto(`/products/${product._id}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
});
