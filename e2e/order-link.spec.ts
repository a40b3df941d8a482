import { expect, test, type Page } from './support/test';
import { formatKwacha } from '../src/shared/money';
import { expectNoSeriousViolations } from './support/a11y';
import { e2eShopSecret, orderLinkPath } from './support/order-link';
import {
  apiToken,
  bearer,
  createTestProduct,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderByApi,
  registerByApi,
} from './support/shop';

/** The order link of an SMS, opened on a phone that never logged in, signed with the e2e shop's secret as the SMS is. */
const linkTo = (orderId: string, now = Date.now()) => orderLinkPath(orderId, e2eShopSecret(), now);

// Axe checks the page in its final colours rather than half-way through a fade.
test.use({ reducedMotion: 'reduce' });

const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS === '1'
    ? page.screenshot({ path: `.scratch/shots/order-link/${name}-${test.info().project.name}.png`, fullPage: true })
    : null;

test('a customer opens the order link from an SMS without logging in, sees items, total and how to pay, then the order moving', async ({
  page,
  request,
}) => {
  const admin = bearer(await apiToken(request, E2E_ADMIN));
  const product = await createTestProduct(request, admin, { kind: 'link', price: 130, countInStock: 10 });
  try {
    const shopper = await registerByApi(page, 'Natasha Mweemba');
    const order = await placeOrderByApi(request, shopper, [{ product, quantity: 2 }], 'airtel');
    const settings = await (await request.get('/api/settings')).json();

    await page.goto(linkTo(order._id));
    const reference = order._id.slice(0, 8);
    await expect(page.getByRole('heading', { level: 1, name: `Order #${reference}` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Order progress' }).getByRole('listitem')).toHaveText([
      /Placed: done/,
      /Paid: not yet/,
      /Shipped: not yet/,
      /Delivered: not yet/,
    ]);
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items.getByRole('listitem')).toHaveCount(1);
    await expect(items.getByRole('listitem')).toContainText(product.name);
    await expect(items.getByRole('listitem')).toContainText(`2 x ${formatKwacha(130)}`);
    await expect(page.getByTestId('order-total')).toHaveText(formatKwacha(order.totalPrice));
    const pay = page.getByRole('region', { name: 'How to pay' });
    await expect(pay).toContainText(`Send ${formatKwacha(order.totalPrice)} by Airtel Money to:`);
    await expect(pay.getByTestId('pay-number')).toHaveText(settings.airtelMoneyNumber);
    await expect(pay.getByTestId('pay-reference')).toHaveText(reference);
    await expect(page.getByRole('link', { name: 'Log in to see all your orders' })).toHaveAttribute(
      'href',
      '/login?redirect=account/orders',
    );
    // A link may be forwarded: nobody's name, address or phone on the page.
    await expect(page.locator('main')).not.toContainText('Mweemba');
    await expect(page.locator('main')).not.toContainText('Forest Road');
    await expect(page.locator('main')).not.toContainText('0970000000');
    await expect(page.evaluate(() => localStorage.getItem('userInfo'))).resolves.toBeNull();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'order link');
    await shot(page, 'unpaid');

    // The co-op marks it paid and ships it: the same link shows the progress and asks for no more money.
    expect(
      (
        await request.put(`/api/orders/${order._id}/pay`, {
          headers: admin,
          data: { note: 'Airtel statement checked' },
        })
      ).status(),
    ).toBe(200);
    expect(
      (await request.put(`/api/orders/${order._id}/status`, { headers: admin, data: { status: 'Shipped' } })).status(),
    ).toBe(200);
    await page.reload();
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]')).toContainText(
      'Shipped',
    );
    await expect(page.getByRole('region', { name: 'How to pay' })).toHaveCount(0);
    await shot(page, 'shipped');
  } finally {
    await request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

test('a link with one character changed, or one past its date, says so and offers the way in', async ({
  page,
  request,
}) => {
  const admin = bearer(await apiToken(request, E2E_ADMIN));
  const product = await createTestProduct(request, admin, { kind: 'link-bad', price: 40, countInStock: 10 });
  try {
    const shopper = await registerByApi(page, 'Mutale Phiri');
    const order = await placeOrderByApi(request, shopper, [{ product, quantity: 1 }], 'mtn');
    const good = linkTo(order._id);
    // A character inside the MAC (the last one also holds unused bits): any change there breaks it.
    const at = good.length - 5;
    await page.goto(good.slice(0, at) + (good[at] === 'A' ? 'B' : 'A') + good.slice(at + 1));
    await expect(page.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeVisible();
    await expect(
      page.getByText(
        'This order link is not valid. Please check that the whole link was copied, or log in to see your orders.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to see your orders' })).toBeVisible();
    await expect(page.getByText(product.name)).toHaveCount(0);
    await shot(page, 'tampered');

    await page.goto(linkTo(order._id, Date.now() - 61 * 24 * 3600 * 1000));
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await expect(
      page.getByText('This order link has expired. Log in to see your order, or ask the shop for a new link.'),
    ).toBeVisible();
    await shot(page, 'expired');
  } finally {
    await request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});
