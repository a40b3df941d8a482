import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { formatKwacha } from '../src/shared/money';
import { placeOrderFromCheckout, shopperAtCheckout } from './support/checkout';
import {
  E2E_ADMIN,
  expectNoSidewaysScroll,
  demoProductCards,
  demoProducts,
  payManually,
  placeOrderByApi,
  productCards,
  registerByApi,
  toast,
} from './support/shop';

// The e2e server has no SMTP_URL: it writes every message as an .eml file here.
const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');

async function findMail(to: string, subject: string): Promise<ParsedMail | null> {
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml') && !f.startsWith('.'));
  } catch {
    return null; // no mail written yet
  }
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    if (mail.subject === subject && mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to))
      return mail;
  }
  return null;
}

/** Waits for the message: it is written in the background after the order is saved. */
async function mailArriving(to: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | null = null;
  await expect
    .poll(
      async () => {
        found = await findMail(to, subject);
        return found !== null;
      },
      { message: `mail '${subject}' to ${to}` },
    )
    .toBe(true);
  return found!;
}

async function placeOrderThroughCheckout(page: Page, paymentMethod: string) {
  const { shopper, productName } = await shopperAtCheckout(page, {
    phone: '0966123456',
    address: 'House 4, Mosi-oa-Tunya Road',
    city: 'Livingstone',
  });
  await page.getByRole('radio', { name: paymentMethod }).check();
  const orderId = await placeOrderFromCheckout(page);
  return { shopper, orderId, productName };
}

test('the customer is e-mailed how to pay for the order just placed, then that it is paid', async ({
  page,
  baseURL,
}, testInfo) => {
  // Each project pays by its own network, so both numbers are checked.
  const method = testInfo.project.name === 'phone' ? 'Airtel Money' : 'MTN Mobile Money';
  const { shopper, orderId, productName } = await placeOrderThroughCheckout(page, method);
  const reference = orderId.slice(0, 8);
  await payManually(page);
  const payNumber = await page.getByTestId('pay-number').innerText();
  const settings = await (await page.request.get('/api/settings')).json();
  expect(payNumber).toBe(method === 'Airtel Money' ? settings.airtelMoneyNumber : settings.mtnMoneyNumber);

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token);
  const order = await (
    await page.request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const total = formatKwacha(order.totalPrice);
  const orderUrl = `${baseURL}/account/orders/${orderId}`;

  const confirmation = await mailArriving(shopper.email, `Order #${reference} received`);
  const text = confirmation.text!;
  expect(text).toContain(`Your order #${reference} has been received and is being processed.`);
  expect(text).toContain(`Send ${total} by ${method} to:`);
  expect(text).toContain(`Number: ${payNumber}`);
  expect(text).toContain(`Reference: ${reference}`);
  expect(text).toContain(`Please use the order number ${reference} as the payment reference`);
  expect(text).toContain(`on your order page: ${orderUrl}`);
  expect(text).toContain(`1 x ${productName}: `);
  expect(text).toContain(`Total: ${total}`);
  expect(text).toContain('House 4, Mosi-oa-Tunya Road\nLivingstone, Southern 20100');

  // The HTML part reads on this project's screen without sideways scrolling, and links to the order.
  const mailPage = await page.context().newPage();
  await mailPage.setContent(confirmation.html as string);
  await expect(mailPage.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', orderUrl);
  await expect(mailPage.getByText(`Send ${total} by ${method} to:`)).toBeVisible();
  await expectNoSidewaysScroll(mailPage);
  if (process.env.E2E_SHOTS === '1')
    await mailPage.screenshot({
      path: `.scratch/shots/mailer/mail-confirmation-${testInfo.project.name}.png`,
      fullPage: true,
    });
  await mailPage.close();

  // The cooperative checks the money arrived and marks the order paid.
  const login = await page.request.post('/api/users/login', { data: E2E_ADMIN });
  const admin = { authorization: `Bearer ${(await login.json()).token}` };
  const paid = await page.request.put(`/api/orders/${orderId}/pay`, {
    headers: admin,
    data: { paymentReference: 'MP261123.0915.B12345' },
  });
  expect(paid.status()).toBe(200);
  expect((await paid.json()).isPaid).toBe(true);

  const paidMail = await mailArriving(shopper.email, `Order #${reference}: payment received`);
  expect(paidMail.text).toContain(`We have received your payment of ${total} for order #${reference}.`);
  expect(paidMail.text).toContain(orderUrl);
});

test('the order link of the confirmation e-mail opens the order page, with its title and no console error', async ({
  page,
  baseURL,
}) => {
  const shopper = await registerByApi(page, 'Chipo Mwiinga');
  const product = (await demoProducts(page.request)).find((p) => p.countInStock > 5)!;
  const order = await placeOrderByApi(page.request, shopper, [{ product, quantity: 1 }]);
  const reference = order._id.slice(0, 8);
  const confirmation = await mailArriving(shopper.email, `Order #${reference} received`);
  // The shopper is signed in on this phone, as when she placed the order.
  const session = await (await page.request.post('/api/users/login', { data: shopper })).json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.setContent(confirmation.html as string);
  const orderUrl = `${baseURL}/account/orders/${order._id}`;
  const answer = page.waitForResponse((response) => response.url() === orderUrl);
  await page.getByRole('link', { name: 'View your order' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${reference}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Order #${reference} \\| `));
  await expect(page.getByRole('main').getByText(product.name)).toBeVisible();
  expect(problems).toEqual([]);
});
