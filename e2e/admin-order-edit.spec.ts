import { expect, test, type APIRequestContext, type Page } from './support/test';
import { simulatorURL } from '../playwright.config';
import { formatKwacha, toKwacha } from '../src/shared/money';
import { expectNoSeriousViolations } from './support/a11y';
import {
  apiToken,
  bearer,
  demoProducts,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  signInAsAdmin,
  toast,
  type ListedProduct,
  openAdminOrder,
} from './support/shop';
import { smallTouchTargets } from './support/touch-targets';

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

/** The dialogs scroll inside themselves: what the picture is of is brought into view first. */
async function shoot(page: Page, name: string, of: ReturnType<Page['getByTestId']>) {
  await of.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `.scratch/shots/order-edit/${test.info().project.name}-${name}.png` });
}

/** Plain demo products (no sizes) with stock to spare, two of them. */
async function twoProducts(request: APIRequestContext): Promise<[ListedProduct, ListedProduct]> {
  const plain = (await demoProducts(request)).filter(
    (p) => p.countInStock >= 20 && !(p as { options?: string[] }).options?.length && !(p as { isSet?: boolean }).isSet,
  );
  expect(plain.length).toBeGreaterThanOrEqual(2);
  return [plain[0], plain[1]];
}

/** A fresh customer's order of one product, paid by hand by the admin. */
async function paidOrder(page: Page, request: APIRequestContext, product: ListedProduct, quantity: number) {
  const customer = await registerByApi(page, 'Chipo Edit');
  const token = await apiToken(request, customer);
  const order = await placeOrderWithToken(request, token, [{ product, quantity }], 'airtel');
  const admin = await apiToken(request, E2E_ADMIN);
  const paid = await request.put(`/api/orders/${order._id}/pay`, {
    headers: bearer(admin),
    data: { note: 'Cash at the market stall' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { order, admin, customer };
}

const openOrder = openAdminOrder;

test('an admin adds a jar and a product to a paid order on a phone: the preview says what to collect, and the shopper pays the balance by the prompt', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [first, second] = await twoProducts(request);
  const { order, admin, customer } = await paidOrder(page, request, first, 1);
  await signInAsAdmin(page);
  const details = await openOrder(page, order._id);

  await details.getByRole('button', { name: 'Edit order' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit order' });
  await expect(edit.getByTestId('edit-line')).toHaveCount(1);
  await expect(edit.getByTestId('edit-difference')).toHaveText('No difference in money');
  await edit.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await edit.getByRole('searchbox', { name: 'Search products to add' }).fill(second.name.slice(0, 8));
  await edit.getByRole('button', { name: `Add ${second.name}` }).click();
  await expect(edit.getByTestId('edit-line')).toHaveCount(2);
  await shoot(page, 'edit-lines', edit.getByTestId('edit-line').first());

  // The server's preview: the new total and what the shopper owes on top of what she paid.
  const preview = await (
    await request.post(`/api/orders/${order._id}/edit/preview`, {
      headers: bearer(admin),
      data: {
        lines: [
          { productId: first._id, qty: 2 },
          { productId: second._id, qty: 1 },
        ],
      },
    })
  ).json();
  const balance = formatKwacha(toKwacha(preview.balanceDueNgwee));
  await expect(edit.getByTestId('edit-difference')).toHaveText(`To collect: ${balance}`);
  await expect(edit.getByTestId('edit-new-total')).toHaveText(formatKwacha(toKwacha(preview.after.totalNgwee)));
  await expectNoSeriousViolations(page, 'edit order dialog');
  expect(await smallTouchTargets(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'edit-preview-collect', edit.getByTestId('edit-difference'));

  // A reason is asked before anything is changed.
  await edit.getByRole('button', { name: 'Confirm changes' }).click();
  await expect(edit.getByText('Say why the order is changed')).toBeVisible();
  await edit
    .getByRole('textbox', { name: 'Why is it changed?' })
    .fill('She asked for one more jar and a soap by phone');
  await edit.getByRole('button', { name: 'Confirm changes' }).click();
  await expect(toast(page, 'Order changed; the shopper is told by text and e-mail')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(details.getByTestId('admin-balance-due')).toHaveText(balance);
  await shoot(page, 'order-balance-due', details.getByTestId('admin-balance-due'));

  // The shopper's own order page, on her phone, says what is due.
  const shopperContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  const session = await (await request.post('/api/users/login', { data: customer })).json();
  await shopperContext.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/account/orders/${order._id}`);
  await expect(shopper.getByTestId('balance-due')).toHaveText(
    `Your order was changed: a balance of ${balance} is due.`,
  );
  await expectNoSeriousViolations(shopper, 'shopper order with a balance due');
  await shoot(shopper, 'shopper-balance-due', shopper.getByTestId('balance-due'));

  // She pays it by the usual prompt, for the balance alone, approved on her phone (the simulator's).
  await shopper.getByRole('button', { name: `Pay ${balance}` }).click();
  const shopperToken = session.token as string;
  let reference = '';
  await expect
    .poll(async () => {
      const attempts = await (
        await request.get(`/api/orders/${order._id}/payments`, { headers: bearer(shopperToken) })
      ).json();
      reference = attempts[0]?.reference ?? '';
      return attempts[0]?.amount;
    })
    .toBe(toKwacha(preview.balanceDueNgwee));
  // The attempt is written before its request goes to the provider (a row before the side effect): the
  // simulator may not have it yet when the shop already shows it.
  await expect
    .poll(async () => (await request.post(`${simulatorURL}/_sim/requests/${reference}/approve`)).status())
    .toBe(200);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/orders/${order._id}`, { headers: bearer(admin) })).json()).balanceDueNgwee,
      { timeout: 20_000 },
    )
    .toBe(0);
  await expect(shopper.getByTestId('balance-due')).toBeHidden({ timeout: 15_000 });
  await shopperContext.close();
  const seen = await (await request.get(`/api/orders/${order._id}`, { headers: bearer(admin) })).json();
  expect(seen).toMatchObject({ isPaid: true, balanceDueNgwee: 0, totalPrice: toKwacha(preview.after.totalNgwee) });
});

test('an admin removes a line of a paid order: the preview says what to refund and the refund waits for a second admin', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [first] = await twoProducts(request);
  const { order, admin } = await paidOrder(page, request, first, 3);
  await signInAsAdmin(page);
  const details = await openOrder(page, order._id);
  await details.getByRole('button', { name: 'Edit order' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit order' });
  await edit.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  await edit.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  const preview = await (
    await request.post(`/api/orders/${order._id}/edit/preview`, {
      headers: bearer(admin),
      data: { lines: [{ productId: first._id, qty: 1 }] },
    })
  ).json();
  const refund = formatKwacha(toKwacha(preview.refundNgwee));
  await expect(edit.getByTestId('edit-difference')).toHaveText(`To refund: ${refund}`);
  await shoot(page, 'edit-preview-refund', edit.getByTestId('edit-difference'));
  await edit.getByRole('textbox', { name: 'Why is it changed?' }).fill('Two jars were broken before packing');
  await edit.getByRole('button', { name: 'Confirm changes' }).click();
  await expect(toast(page, 'Order changed; the shopper is told by text and e-mail')).toBeVisible();
  const refunds = details.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText(refund);
  await expect(refunds.first()).toContainText('Order changed: Two jars were broken before packing');
  await shoot(page, 'order-refund-asked', details.getByTestId('refund-money'));
});

test('a balance paid in cash is recorded from the order: Record balance paid', async ({ page, request }) => {
  test.setTimeout(60_000);
  const [first] = await twoProducts(request);
  const { order, admin } = await paidOrder(page, request, first, 1);
  const edited = await request.post(`/api/orders/${order._id}/edit`, {
    headers: bearer(admin),
    data: { lines: [{ productId: first._id, qty: 2 }], note: 'One more jar, asked at the stall' },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const balance = formatKwacha(toKwacha((await edited.json()).edit.balanceDueNgwee));
  await signInAsAdmin(page);
  const details = await openOrder(page, order._id);
  await expect(details.getByTestId('admin-balance-due')).toHaveText(balance);
  await details.getByRole('button', { name: 'Record balance paid' }).click();
  const mark = page.getByRole('dialog', { name: 'Record balance paid' });
  await expect(mark).toContainText(`balance of ${balance}`);
  await mark.getByRole('textbox').fill('Balance paid in cash at the stall');
  await mark.getByRole('button', { name: 'Record balance paid' }).click();
  await expect(toast(page, 'Payment processed successfully')).toBeVisible();
  await expect(mark).toBeHidden();
  await expect(details.getByTestId('admin-balance-due')).toBeHidden();
  const seen = await (await request.get(`/api/orders/${order._id}`, { headers: bearer(admin) })).json();
  expect(seen).toMatchObject({ isPaid: true, balanceDueNgwee: 0 });
});

test('an admin moves an order to a pickup point and another town: the preview follows, the order travels there', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const [first] = await twoProducts(request);
  const tag = Math.random().toString(36).slice(2, 8);
  const town = `Pemba ${tag}`;
  const customer = await registerByApi(page, 'Chipo Moves');
  const token = await apiToken(request, customer);
  const order = await placeOrderWithToken(request, token, [{ product: first, quantity: 1 }], 'airtel');
  const admin = await apiToken(request, E2E_ADMIN);
  const made = await request.post('/api/delivery-options', {
    headers: bearer(admin),
    data: {
      name: `Pemba market stall ${tag}`,
      kind: 'pickup',
      fee: 12,
      freeAbove: null,
      provinces: ['Southern'],
      towns: [town],
      estimate: '2 days',
      openingHours: 'Mon-Sat 08:00-17:00',
      directions: 'Beside the bus stop',
      payOnCollection: false,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const stall = await made.json();

  await signInAsAdmin(page);
  const details = await openOrder(page, order._id);
  await details.getByRole('button', { name: 'Edit order' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit order' });
  await edit.getByRole('button', { name: 'Change delivery or address' }).click();
  await edit.getByRole('textbox', { name: 'Town' }).fill(town);
  await edit.getByRole('combobox', { name: 'Delivery option or pickup point' }).selectOption(stall._id);
  await expect(edit.getByTestId('edit-preview')).toContainText('K 12.00');
  expect(await smallTouchTargets(page)).toEqual([]);
  await expectNoSeriousViolations(page, 'edit order dialog, delivery');
  await shoot(page, 'edit-delivery', edit.getByRole('combobox', { name: 'Delivery option or pickup point' }));
  await edit.getByRole('textbox', { name: 'Why is it changed?' }).fill('She will collect at the Pemba stall');
  await edit.getByRole('button', { name: 'Confirm changes' }).click();
  await expect(toast(page, 'Order changed; the shopper is told by text and e-mail')).toBeVisible();
  await expect(details.getByTestId('admin-order-delivery')).toContainText(`Pemba market stall ${tag}`);
  const seen = await (await request.get(`/api/orders/${order._id}`, { headers: bearer(token) })).json();
  expect(seen).toMatchObject({ shippingPrice: 12, shippingAddress: { city: town }, delivery: { option: stall._id } });
  expect(seen.collection.code).toMatch(/^\d{6}$/);
});
