import { expect, test, type Page } from './support/test';
import { simulatorURL } from '../playwright.config';
import { expectNoSeriousViolations } from './support/a11y';
import {
  apiToken,
  bearer,
  createTestProduct,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderByApi,
  registerByApi,
  signInAsAdmin,
} from './support/shop';

/**
 * ZRA Smart Invoice on a phone (docs/operations/smart-invoice.md): an order paid while the co-op's VSDC is
 * away shows "Fiscal receipt pending"; once the device is back, the success page and the order page show
 * the receipt with its QR code (drawn by the server), the receipt number, and the internal data and
 * signature in groups of four.
 */
test.use({ reducedMotion: 'reduce' });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `.scratch/shots/smart-invoice/${name}-${test.info().project.name}.png`, fullPage: true });

const vsdc = (page: Page, change: object) => page.request.post(`${simulatorURL}/_sim/vsdc/behaviour`, { data: change });

const receipt = (page: Page) => page.getByTestId('fiscal-receipt');

test('a paid order shows "fiscal receipt pending", then its ZRA receipt with the QR code on the success and order pages @phone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const product = await createTestProduct(page.request, admin, { kind: 'zra', price: 120, countInStock: 10 });
  const shopper = await registerByApi(page, 'Natasha Mwale');
  const session = await (await page.request.post('/api/users/login', { data: shopper })).json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  try {
    await page.addInitScript(
      (p) =>
        localStorage.setItem(
          'cart',
          JSON.stringify({
            items: [{ id: p._id, name: p.name, price: p.price, image: '', quantity: 2 }],
            totalItems: 2,
            totalAmount: p.price * 2,
          }),
        ),
      product,
    );
    await page.goto('/checkout');
    await page.getByLabel('Phone Number').fill('0977123456');
    await page.getByLabel('Address').fill('Plot 12, Great East Road');
    await page.getByLabel('City').fill('Lusaka');
    await page.getByLabel('Province').selectOption('Lusaka');
    await page.getByLabel('Postal/ZIP Code').fill('10101');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    // Unpaid: no receipt is due yet, and none is mentioned.
    await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
    await expect(receipt(page)).toHaveCount(0);

    // The co-op's VSDC is away when the money is recorded: the order is paid at once, its receipt waits.
    await vsdc(page, { down: true });
    try {
      const paid = await page.request.put(`/api/orders/${orderId}/pay`, {
        headers: admin,
        data: { note: 'Cash at the co-op' },
      });
      expect(paid.status()).toBe(200);
      await page.reload();
      await expect(receipt(page).getByRole('heading', { name: 'Fiscal receipt pending' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, 'success-pending');
    } finally {
      await vsdc(page, { down: false });
    }

    // Back: the receipt is signed within seconds; the page shows it after a reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          return receipt(page).getByRole('heading', { name: 'ZRA fiscal receipt' }).count();
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(1);
    const stored = await (await page.request.get(`/api/orders/${orderId}`, { headers: bearer(session.token) })).json();
    const fiscal = stored.fiscalReceipt;
    expect(fiscal).toMatchObject({ status: 'issued', receiptNo: expect.any(Number) });
    const qr = receipt(page).getByRole('img', { name: "QR code: this receipt on ZRA's site" });
    await expect(qr).toBeVisible();
    // The server drew it: the image loaded, square.
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const grouped = (code: string) => code.match(/.{1,4}/g)!.join(' ');
    await expect(receipt(page)).toContainText(fiscal.sdcId);
    await expect(receipt(page)).toContainText(String(fiscal.receiptNo));
    await expect(receipt(page)).toContainText(grouped(fiscal.internalData));
    await expect(receipt(page)).toContainText(grouped(fiscal.signature));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'success page with the ZRA receipt');
    await shot(page, 'success-issued');

    await page.getByRole('link', { name: 'View your order' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
    await expect(receipt(page).getByRole('img', { name: "QR code: this receipt on ZRA's site" })).toBeVisible();
    await expect(receipt(page)).toContainText(grouped(fiscal.signature));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'order page with the ZRA receipt');
    await shot(page, 'order-issued');
  } finally {
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});

// Alone: the device's refusal is set on the simulator every journey shares, so no other journey's sale may take it.
test('an admin finds a sale the VSDC refused, with its words, and sends it again @alone', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await signInAsAdmin(page);
  const admin = bearer(token);
  const product = await createTestProduct(page.request, admin, { kind: 'zra-refused', price: 64, countInStock: 5 });
  const shopper = await registerByApi(page, 'Bupe Tembo');
  try {
    // A first sale of the product installs the device (on a fresh shop) and registers the item, so the
    // refusal below meets the sale itself.
    const first = await placeOrderByApi(page.request, shopper, [{ product, quantity: 1 }]);
    expect(
      (await page.request.put(`/api/orders/${first._id}/pay`, { headers: admin, data: { note: 'Cash' } })).status(),
    ).toBe(200);
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/orders/${first._id}`, { headers: admin })).json()).fiscalReceipt.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('issued');
    const order = await placeOrderByApi(page.request, shopper, [{ product, quantity: 1 }]);
    await vsdc(page, { failNext: 1, failCode: '910', failMessage: 'Invalid classification code' });
    expect(
      (await page.request.put(`/api/orders/${order._id}/pay`, { headers: admin, data: { note: 'Cash' } })).status(),
    ).toBe(200);
    await page.goto('/admin/smart-invoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Smart Invoice' })).toBeVisible();
    const entry = page.getByRole('listitem', { name: `Sale, order ${order._id.slice(0, 8)}` });
    await expect(entry).toContainText('VSDC: 910 Invalid classification code', { timeout: 20_000 });
    await expectNoSeriousViolations(page, 'Smart Invoice: a failed sale');
    await shot(page, 'admin-failed');
    await entry.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(`Sale of order ${order._id.slice(0, 8)} sent again`)).toBeVisible();
    await expect(entry).toHaveCount(0, { timeout: 20_000 });
    const stored = await (await page.request.get(`/api/orders/${order._id}`, { headers: admin })).json();
    expect(stored.fiscalReceipt.status).toBe('issued');

    // The classifications: the device's list read on demand, a pick saved for the product.
    await page.getByRole('button', { name: 'Read the list from the VSDC' }).click();
    await expect(page.getByText(/^\d+ classifications kept$/)).toBeVisible();
    await page.getByRole('combobox', { name: product.name }).fill('53131600');
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ hasText: product.name })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(page.getByText(`${product.name}: classification saved`)).toBeVisible();
    // The month's VAT from the receipts, beside the books.
    await expect(page.getByRole('heading', { name: 'VAT for a month, from the receipts' })).toBeVisible();
    await expect(page.getByText('Net VAT from the receipts')).toBeVisible();
    await page.getByRole('heading', { name: 'VAT for a month, from the receipts' }).scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, 'Smart Invoice: classifications and the month');
    await shot(page, 'admin-month');
  } finally {
    await vsdc(page, { failNext: 0 });
    await page.request.delete(`/api/products/${product._id}`, { headers: admin });
  }
});
