import { expect, test, type Page } from './support/test';
import { simulatorURL } from '../playwright.config';
import { orderReference } from '../src/shared/order-status';
import { shopDayOf } from '../src/shared/shop-time';
import { expectNoSeriousViolations } from './support/a11y';
import { smallTouchTargets } from './support/touch-targets';
import {
  apiToken,
  bearer,
  createTestProduct,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  signInAsAdmin,
  toast,
} from './support/shop';

test.use({ reducedMotion: 'reduce' });

const SHOTS = '.scratch/shots/statements';

/** The admin frame scrolls inside <main>; for a picture of the whole page it is let out to its full height. */
async function shoot(page: Page, name: string) {
  const style = await page.addStyleTag({
    content: '#admin-main{overflow:visible!important}.h-dvh{height:auto!important;min-height:100dvh}',
  });
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
  await style.evaluate((element) => (element as HTMLStyleElement).remove());
}

interface Collected {
  orderId: string;
  totalPrice: number;
  transactionId: string;
  reference: string;
}

/** A shopper pays an MTN order from their phone (the simulator approves): the shop records it as collected. */
async function collectedMtnPayment(
  page: Page,
  product: { _id: string; price: number },
  tag: string,
): Promise<Collected> {
  const request = page.request;
  const customer = await registerByApi(page, `Statement Shopper ${tag}`);
  const token = await apiToken(request, customer);
  const order = await placeOrderWithToken(request, token, [{ product, quantity: 1 }], 'mtn');
  const phone = `096${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const started = await request.post(`/api/orders/${order._id}/payments`, { headers: bearer(token), data: { phone } });
  expect(started.status(), await started.text()).toBe(201);
  const { reference } = await started.json();
  const approved = await request.post(`${simulatorURL}/_sim/requests/${reference}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  let transactionId = '';
  await expect
    .poll(
      async () => {
        const [attempt] = await (
          await request.get(`/api/orders/${order._id}/payments`, { headers: bearer(token) })
        ).json();
        transactionId = attempt.providerTransactionId ?? '';
        return attempt.state;
      },
      { timeout: 20_000 },
    )
    .toBe('successful');
  return { orderId: order._id, totalPrice: order.totalPrice, transactionId, reference };
}

const group = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });

test('an admin uploads a statement with one of each difference and sees the four groups, opens an order and marks a line dealt with', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = `${test.info().project.name}-${Math.random().toString(36).slice(2, 8)}`;
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const product = await createTestProduct(page.request, admin, { kind: 'statement', price: 120, countInStock: 10 });
  const matched = await collectedMtnPayment(page, product, `${tag}-a`);
  const differs = await collectedMtnPayment(page, product, `${tag}-b`);
  const missing = await collectedMtnPayment(page, product, `${tag}-c`);
  const unknown = `MP-E2E-${tag}`;
  const today = shopDayOf(new Date());
  const csv = [
    'Date,Financial Transaction Id,External Transaction Id,From,Amount,Currency,Status',
    `${today} 09:00:00,${matched.transactionId},${matched.reference},260961111111,${matched.totalPrice.toFixed(2)},ZMW,Successful`,
    `${today} 09:05:00,${differs.transactionId},,260961111112,${(differs.totalPrice - 10).toFixed(2)},ZMW,Successful`,
    `${today} 09:10:00,${unknown},,260961111113,"1,250.00",ZMW,Successful`,
    `${today} 09:15:00,MP-FAILED-${tag},,260961111114,40.00,ZMW,Failed`,
  ].join('\r\n');

  await signInAsAdmin(page);
  await page.goto('/admin');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  if (!(await sidebar.isVisible())) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await sidebar.getByRole('link', { name: 'Statements' }).click();
  await expect(page).toHaveURL(/\/admin\/statements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();

  // A file without an amount column is refused, naming what is missing.
  await page.getByLabel('Statement file (CSV)').setInputFiles({
    name: 'wrong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Date,Transaction ID\n2026-11-20,MP1\n'),
  });
  await page.getByRole('button', { name: 'Check statement' }).click();
  await expect(page.getByRole('alert')).toContainText('The statement has no column for the amount');

  await page
    .getByLabel('Statement file (CSV)')
    .setInputFiles({ name: 'mtn-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check statement' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /MTN Mobile Money statement/ })).toContainText(today);

  const notInShop = group(page, 'Collected, not in the shop');
  await expect(notInShop.getByTestId('statement-item')).toHaveCount(1);
  await expect(notInShop).toContainText(unknown);
  await expect(notInShop).toContainText('No payment of the shop has this transaction id or reference.');

  const amounts = group(page, 'Amounts differ');
  await expect(amounts.getByTestId('statement-item')).toHaveCount(1);
  await expect(amounts).toContainText(differs.transactionId);
  await expect(amounts.getByRole('button', { name: `Open order #${orderReference(differs.orderId)}` })).toBeVisible();

  // Other journeys collect MTN payments today too: this one's is among them.
  const notOnStatement = group(page, 'In the shop, not on the statement');
  await expect(notOnStatement).toContainText(`#${orderReference(missing.orderId)}`);
  await expect(notOnStatement).not.toContainText(`#${orderReference(matched.orderId)}`);

  const matchedGroup = group(page, 'Matched');
  await expect(matchedGroup.getByRole('heading')).toContainText('1');
  await expect(page.getByText('1 row: status "Failed"')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'statement groups');
  expect(await smallTouchTargets(page)).toEqual([]);
  await shoot(page, 'groups');

  // The order opens where it is refunded or marked paid.
  await amounts.getByRole('button', { name: /^Open order/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(orderReference(differs.orderId));
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await notInShop.getByRole('button', { name: 'Mark dealt with' }).click();
  await page.getByLabel('What was done?').fill('Sent back to the payer by MTN reversal');
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as dealt with' }).click();
  await expect(toast(page, 'Marked as dealt with')).toBeVisible();
  await expect(notInShop).toContainText('Dealt with by');
  await expect(notInShop).toContainText('Sent back to the payer by MTN reversal');
  await expect(notInShop.getByRole('button', { name: 'Mark dealt with' })).toHaveCount(0);

  // Nothing changed in the shop: the daily summary still counts today's collections.
  await expect(page.getByRole('region', { name: 'Daily summary' }).getByRole('table')).toContainText(today);
  await shoot(page, 'dealt-with');
});
