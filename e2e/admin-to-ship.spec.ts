import { expect, test } from './support/test';
import { formatKwacha } from '../src/shared/money';
import { orderReference } from '../src/shared/order-status';
import { expectNoSeriousViolations } from './support/a11y';
import {
  bearer,
  createTestProduct,
  expectNoSidewaysScroll,
  placeOrderByApi,
  registerByApi,
  signInAsAdmin,
} from './support/shop';

const SHOTS = '.scratch/shots/to-ship';

test('an admin prints packing slips and a delivery run sheet of the orders to ship', async ({ page }) => {
  const project = test.info().project.name;
  const admin = bearer(await signInAsAdmin(page));
  const product = await createTestProduct(page.request, admin, { kind: 'to ship', price: 64, countInStock: 10 });
  const customer = await registerByApi(page, `Mapalo Phiri ${project}`);
  const order = await placeOrderByApi(page.request, customer, [{ product, quantity: 2 }]);
  const reference = orderReference(order._id);
  try {
    // Processing but unpaid: the co-op ships it and the driver collects the money.
    expect(
      (
        await page.request.put(`/api/orders/${order._id}/status`, { headers: admin, data: { status: 'Processing' } })
      ).status(),
    ).toBe(200);

    await page.goto('/admin/orders');
    await page.getByRole('link', { name: 'To ship' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/to-ship$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders to ship' })).toBeVisible();
    await expect(page).toHaveTitle(/^Orders to ship/);

    const slip = page.getByRole('article', { name: `Packing slip · Order ${reference}` });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText(`Mapalo Phiri ${project}`);
    await expect(slip).toContainText('12 Forest Road');
    await expect(slip.getByRole('row', { name: new RegExp(`${product.name} 2`) })).toBeVisible();
    await expect(slip).toContainText(`Unpaid: collect ${formatKwacha(order.totalPrice)}`);
    await expect(page.getByRole('button', { name: 'Packing slips' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousViolations(page, `packing slips (${project})`);
    await slip.screenshot({ path: `${SHOTS}/packing-slip-${project}.png` });

    await page.getByRole('button', { name: 'Delivery run sheet' }).click();
    await expect(page).toHaveURL(/view=run/);
    await expect(page.getByRole('heading', { level: 2, name: 'Delivery run sheet' })).toBeVisible();
    const stop =
      project === 'phone'
        ? page.getByRole('list', { name: 'Stops' }).getByRole('listitem').filter({ hasText: reference })
        : page.getByRole('row').filter({ hasText: reference });
    await expect(stop).toBeVisible();
    await expect(stop).toContainText(`Collect ${formatKwacha(order.totalPrice)}`);
    await expectNoSeriousViolations(page, `run sheet (${project})`);
    if (project === 'phone') await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/run-sheet-${project}.png`, fullPage: true });

    // Printed: only the sheet, without the back office's frame and buttons, as a table on any screen.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: reference })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/run-sheet-print-${project}.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Once shipped, it leaves the list.
    expect(
      (
        await page.request.put(`/api/orders/${order._id}/status`, { headers: admin, data: { status: 'Shipped' } })
      ).status(),
    ).toBe(200);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Delivery run sheet' }).or(page.getByText('No orders to ship.')),
    ).toBeVisible();
    await expect(page.getByText(reference)).toHaveCount(0);
  } finally {
    await page.request.put(`/api/orders/${order._id}/status`, { headers: admin, data: { status: 'Cancelled' } });
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});
