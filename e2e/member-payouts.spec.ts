import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from './support/test';
import { simulatorURL } from '../playwright.config';
import { orderShareCredits } from '../src/shared/member-shares';
import { formatKwacha, toKwacha, toNgwee } from '../src/shared/money';
import { formatZambianMobile } from '../src/shared/phone-numbers';
import { monthNameOf, payoutKwacha } from '../src/shared/payouts';
import { pageAtProjectSize } from './support/contexts';
import { expectNoSeriousViolations } from './support/a11y';
import { textsTo } from './support/outbox';
import { smallTouchTargets } from './support/touch-targets';
import {
  apiToken,
  bearer,
  createTestProduct,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  registerByApi,
  signInAsAdmin,
  toast,
} from './support/shop';

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));
const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
/** A wallet number of the network no other journey uses: 09x 7 and six random digits. */
const freshWallet = (prefix: '096' | '097') => `${prefix}7${randomDigits(6)}`;
const e164 = (local: string) => `+260${local.slice(1)}`;

/** A second admin, made by the first: money going out needs two people. */
async function secondAdmin(request: APIRequestContext, firstToken: string, tag: string) {
  const credentials = {
    name: `Mutale Checker ${tag}`,
    email: `payout-checker-${tag}@e2e.example`,
    password: 'checker-password-1',
  };
  const made = await request.post('/api/users', { data: credentials });
  expect(made.status(), await made.text()).toBe(201);
  const promoted = await request.put(`/api/users/${(await made.json())._id}`, {
    headers: bearer(firstToken),
    data: { isAdmin: true },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return credentials;
}

/** The checker's back office in its own browser context, at the phone's size. */
async function checkerPage(browser: Browser, testInfo: TestInfo, credentials: { email: string; password: string }) {
  const page = await pageAtProjectSize(browser, testInfo);
  const res = await page.request.post('/api/users/login', { data: credentials });
  expect(res.status()).toBe(200);
  const session = await res.json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  return page;
}

async function addMember(page: Page, member: { name: string; role: string; mobile: string }) {
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(member.name);
  await dialog.getByRole('textbox', { name: 'Role' }).fill(member.role);
  await dialog.getByRole('textbox', { name: 'Mobile money number' }).fill(member.mobile);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `${member.name} added`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Read out right and reached by a finger: axe's serious findings and controls under 44 px, none. */
async function expectUsable(page: Page, what: string) {
  await expectNoSeriousViolations(page, what);
  expect(await smallTouchTargets(page), what).toEqual([]);
}

/** A member's card in the list (the phone shows cards, not the table). */
const memberCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: name });

interface Maker {
  memberId: string;
  name: string;
  role: string;
  parts: number;
}

/** The product's makers named in its editor's Makers tab, the split checked before it is saved. */
async function setMakers(
  page: Page,
  product: { _id: string; name: string; price: number },
  makers: Maker[],
  ownPercent: number | null,
  defaultPercent: number,
) {
  await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
  await page
    .getByRole('button', { name: `Edit ${product.name}` })
    .filter({ visible: true })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit Product' });
  await editor.getByRole('tab', { name: 'Makers' }).click();
  await expect(editor.getByText('No makers named yet.')).toBeVisible();
  await expect(editor.getByRole('radio', { name: `Shop default (${defaultPercent}%)` })).toBeChecked();
  for (const maker of makers) {
    await editor
      .getByRole('combobox', { name: 'Add a maker' })
      .selectOption({ label: `${maker.name} (${maker.role})` });
    await editor.getByRole('button', { name: `Add ${maker.name} as a maker` }).click();
    await editor.getByRole('textbox', { name: `${maker.name}'s parts` }).fill(String(maker.parts));
  }
  if (ownPercent !== null) {
    await editor.getByRole('radio', { name: 'Its own percent' }).check();
    await editor.getByRole('textbox', { name: "Makers' percent" }).fill(String(ownPercent));
  }
  // What one unit earns each maker and the fund, by the ledger's rule, before anything is saved.
  const one = orderShareCredits({
    id: 'o',
    discountNgwee: 0,
    shippingNgwee: 0,
    lines: [
      {
        orderItemId: 'i',
        productName: product.name,
        quantity: 1,
        lineNgwee: toNgwee(product.price),
        makersPercent: ownPercent ?? defaultPercent,
        makers,
      },
    ],
  });
  const split = editor.getByRole('region', {
    name: `One sold at ${kwacha(toNgwee(product.price))} (before VAT) earns`,
  });
  for (const credit of one)
    await expect(split).toContainText(
      `${credit.memberId === null ? 'Co-op fund' : makers.find((m) => m.memberId === credit.memberId)!.name}${kwacha(credit.amountNgwee)}`,
    );
  await expectUsable(page, "the product editor's Makers tab");
  await editor.getByRole('button', { name: 'Save Product' }).click();
  await expect(toast(page, 'Product updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();
}

/** A customer's order of both products, paid through the MTN simulator from her phone. */
async function paidMtnOrder(page: Page, request: APIRequestContext, lines: Parameters<typeof placeOrderWithToken>[2]) {
  const customer = await registerByApi(page, 'Chipo Buyer');
  const token = await apiToken(request, customer);
  const order = await placeOrderWithToken(request, token, lines, 'mtn');
  const started = await request.post(`/api/orders/${order._id}/payments`, {
    headers: bearer(token),
    data: { phone: `096${randomDigits(7)}` },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { reference } = await started.json();
  expect((await request.post(`${simulatorURL}/_sim/requests/${reference}/approve`)).status()).toBe(200);
  await expect
    .poll(
      async () => (await (await request.get(`/api/orders/${order._id}`, { headers: bearer(token) })).json()).isPaid,
      { timeout: 20_000 },
    )
    .toBe(true);
  return order;
}

/** What the member's shares of these orders add up to, by the ledger's rule. */
function owedFrom(
  orders: Array<{
    _id: string;
    orderItems: Array<{ _id: string; product: string | null; name: string; quantity: number; price: number }>;
    shippingPrice: number;
    discountAmount: number;
  }>,
  makersOf: Map<string, { percent: number; makers: Maker[] }>,
  memberId: string,
) {
  return orders
    .flatMap((order) =>
      orderShareCredits({
        id: order._id,
        discountNgwee: toNgwee(order.discountAmount),
        shippingNgwee: toNgwee(order.shippingPrice),
        lines: order.orderItems.map((item) => ({
          orderItemId: item._id,
          productName: item.name,
          quantity: item.quantity,
          lineNgwee: toNgwee(item.price) * item.quantity,
          makersPercent: makersOf.get(item.product!)!.percent,
          makers: makersOf.get(item.product!)!.makers,
        })),
      }),
    )
    .filter((credit) => credit.memberId === memberId)
    .reduce((sum, credit) => sum + credit.amountNgwee, 0);
}

test('members named as makers earn their share; a wallet change and a payout each take a second admin; her wallet and phone show the money', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 7);
  const adminToken = await signInAsAdmin(page);
  const checker = await secondAdmin(request, adminToken, tag);
  const admin = bearer(adminToken);
  const oil = await createTestProduct(request, admin, { kind: 'Makers oil', price: 150, countInStock: 50 });
  const soap = await createTestProduct(request, admin, { kind: 'Makers soap', price: 45.5, countInStock: 50 });
  const mary = { name: `Mary Mwiinga ${tag}`, role: 'Oil presser', mobile: freshWallet('097') };
  const ruth = { name: `Ruth Tembo ${tag}`, role: 'Soap maker', mobile: freshWallet('096') };

  // One admin adds two members: her number is read by the shop's phone rule, its network shown.
  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await addMember(page, mary);
  await addMember(page, ruth);
  await expect(memberCard(page, mary.name)).toContainText(`${formatZambianMobile(e164(mary.mobile))} (Airtel)`);
  await expect(memberCard(page, ruth.name)).toContainText(`${formatZambianMobile(e164(ruth.mobile))} (MTN)`);
  await expect(memberCard(page, ruth.name)).toContainText(kwacha(0));
  await expectNoSidewaysScroll(page);

  // Ruth's page: a wallet change (the admin who asks sees it wait; another admin approves; the old number is told).
  await memberCard(page, ruth.name).getByRole('link', { name: ruth.name }).click();
  await expect(page.getByRole('heading', { name: ruth.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Owed to her now' })).toContainText(kwacha(0));
  await expect(page.getByText('No sales yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Change wallet' }).click();
  const ask = page.getByRole('dialog', { name: 'Change wallet' });
  const newNumber = freshWallet('096');
  await ask.getByRole('textbox', { name: 'New mobile money number' }).fill(ruth.mobile);
  await ask.getByRole('button', { name: 'Ask for the change' }).click();
  await expect(
    ask.getByText(`${formatZambianMobile(e164(ruth.mobile))} is already ${ruth.name}'s wallet number.`),
  ).toBeVisible();
  await ask.getByRole('textbox', { name: 'New mobile money number' }).fill(newNumber);
  await ask.getByRole('button', { name: 'Ask for the change' }).click();
  await expect(toast(page, 'Wallet change asked: another admin must approve it')).toBeVisible();
  const wallet = page.getByRole('region', { name: 'Wallet' });
  await expect(wallet).toContainText(`New number: ${formatZambianMobile(e164(newNumber))} (MTN)`);
  await expect(wallet).toContainText('Waiting for another admin.');
  await expect(wallet.getByRole('button', { name: 'Approve new number' })).toHaveCount(0);
  await expectUsable(page, "a member's page with a wallet change waiting");

  const checkerScreen = await checkerPage(browser, testInfo, checker);
  await checkerScreen.goto(page.url());
  const theirWallet = checkerScreen.getByRole('region', { name: 'Wallet' });
  await theirWallet.getByRole('button', { name: 'Approve new number' }).click();
  await expect(toast(checkerScreen, 'Wallet number changed')).toBeVisible();
  await expect(theirWallet).toContainText(`${formatZambianMobile(e164(newNumber))} (MTN)`);
  await expect(theirWallet).not.toContainText('Wallet change waiting');
  await expect
    .poll(async () => (await textsTo(request, e164(ruth.mobile))).join('\n'), { timeout: 15_000 })
    .toContain('your payout number is now 096 *** ' + newNumber.slice(-4));
  await page.reload();
  await expect(wallet).toContainText(`${formatZambianMobile(e164(newNumber))} (MTN)`);
  await expect(wallet).not.toContainText('Waiting for another admin');

  await checkerScreen.context().close();

  const listed = (await (await request.get('/api/members', { headers: admin })).json()).members as Array<{
    _id: string;
    name: string;
  }>;
  const idOf = (name: string) => listed.find((m) => m.name === name)!._id;
  const maryMaker: Maker = { memberId: idOf(mary.name), name: mary.name, role: mary.role, parts: 2 };
  const ruthMaker: Maker = { memberId: idOf(ruth.name), name: ruth.name, role: ruth.role, parts: 1 };
  const defaultPercent = (await (await request.get(`/api/products/${oil._id}/makers`, { headers: admin })).json())
    .defaultMakersPercent as number;

  // Who made what: the oil by both (2 parts and 1) at the shop's percent, the soap by Ruth alone at 80%.
  await setMakers(page, oil, [maryMaker, ruthMaker], null, defaultPercent);
  await setMakers(page, soap, [ruthMaker], 80, defaultPercent);
  const makersOf = new Map([
    [oil._id, { percent: defaultPercent, makers: [maryMaker, ruthMaker] }],
    [soap._id, { percent: 80, makers: [ruthMaker] }],
  ]);
  expect((await (await request.get(`/api/products/${soap._id}/makers`, { headers: admin })).json()).makers).toEqual([
    { memberId: ruthMaker.memberId, name: ruth.name, parts: 1, active: true },
  ]);

  // Orders are paid and handed over: one through MTN, one in cash; both delivered.
  const first = await paidMtnOrder(page, request, [
    { product: oil, quantity: 2 },
    { product: soap, quantity: 3 },
  ]);
  const buyer = await registerByApi(page, 'Natasha Buyer');
  const second = await placeOrderWithToken(request, await apiToken(request, buyer), [{ product: oil, quantity: 1 }]);
  const paidByHand = await request.put(`/api/orders/${second._id}/pay`, {
    headers: admin,
    data: { note: 'Paid in cash at the market stall' },
  });
  expect(paidByHand.status(), await paidByHand.text()).toBe(200);
  for (const order of [first, second]) {
    const delivered = await request.put(`/api/orders/${order._id}/deliver`, { headers: admin });
    expect(delivered.status(), await delivered.text()).toBe(200);
  }
  const orders = [first, second];
  const maryOwed = owedFrom(orders, makersOf, maryMaker.memberId);
  const ruthOwed = owedFrom(orders, makersOf, ruthMaker.memberId);
  expect(maryOwed).toBeGreaterThan(0);

  // Each member's page: what she is owed, and her sales line by line.
  await page.goto('/admin/members');
  await expect(memberCard(page, mary.name)).toContainText(kwacha(maryOwed));
  await expect(memberCard(page, ruth.name)).toContainText(kwacha(ruthOwed));
  await memberCard(page, ruth.name).getByRole('link', { name: ruth.name }).click();
  await expect(page.getByRole('heading', { name: ruth.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Owed to her now' })).toContainText(kwacha(ruthOwed));
  const sales = page.getByRole('list', { name: 'Her sales and refunds' }).getByRole('listitem');
  await expect(sales).toHaveCount(3);
  await expect(sales.filter({ hasText: soap.name })).toContainText('3 units');
  await expectNoSidewaysScroll(page);

  await expect(page.getByRole('list', { name: 'Her payouts' })).toHaveCount(0);
  await expect(page.getByText('No payouts yet.')).toBeVisible();

  // One admin proposes a payout run: a payout per member, to her wallet as it is now, by her network's route.
  await page.goto('/admin/payouts');
  await page.getByRole('button', { name: 'Propose a payout run' }).click();
  await expect(toast(page, 'Payout run proposed: another admin must approve it')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/payouts\/runs\//);
  const payouts = page.getByRole('list', { name: 'Payouts of this run' }).getByRole('listitem');
  const maryPayout = payouts.filter({ hasText: mary.name });
  const ruthPayout = payouts.filter({ hasText: ruth.name });
  await expect(maryPayout).toContainText(kwacha(maryOwed));
  await expect(maryPayout).toContainText(`${formatZambianMobile(e164(mary.mobile))} (Airtel)`);
  await expect(maryPayout).toContainText('Airtel Money disbursement');
  await expect(ruthPayout).toContainText(kwacha(ruthOwed));
  await expect(ruthPayout).toContainText(`${formatZambianMobile(e164(newNumber))} (MTN)`);
  await expect(ruthPayout).toContainText('MTN MoMo transfer');
  await expect(ruthPayout).toContainText(`3 ${soap.name}`);
  await ruthPayout.getByText('What it pays for (3 lines)').click();
  await expect(
    ruthPayout.getByRole('list', { name: `Lines of ${ruth.name}'s payout` }).getByRole('listitem'),
  ).toHaveCount(3);
  await expect(page.getByText('Waiting for another admin to approve.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve and send' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectUsable(page, 'a payout run waiting for approval');

  // Another admin approves; each payout is sent and ends paid.
  const approver = await checkerPage(browser, testInfo, checker);
  await approver.goto(page.url());
  await approver.getByRole('button', { name: 'Approve and send' }).click();
  await expect(toast(approver, 'Payout run approved: the payouts are being sent')).toBeVisible();
  const theirPayouts = approver.getByRole('list', { name: 'Payouts of this run' }).getByRole('listitem');
  for (const name of [mary.name, ruth.name])
    await expect(theirPayouts.filter({ hasText: name })).toContainText('Paid', { timeout: 30_000 });
  await approver.context().close();

  // Each member's wallet received her amount, and her phone the text saying what for.
  const run = (
    (await (await request.get('/api/payouts/runs', { headers: admin })).json()).runs as Array<{ period: string }>
  )[0];
  for (const [wallet, owed] of [
    [mary.mobile, maryOwed],
    [newNumber, ruthOwed],
  ] as const) {
    const seen = await (await request.get(`${simulatorURL}/_sim/wallets/${e164(wallet)}`)).json();
    expect(seen.balanceNgwee, wallet).toBe(owed);
    await expect
      .poll(async () => (await textsTo(request, e164(wallet))).join('\n'), { timeout: 20_000 })
      .toContain(`${payoutKwacha(owed)} for ${monthNameOf(run.period)}`);
  }

  // Her page: nothing owed now, the payout paid.
  await page.goto(`/admin/members/${ruthMaker.memberId}`);
  await expect(page.getByRole('region', { name: 'Owed to her now' })).toContainText(kwacha(0));
  const herPayouts = page.getByRole('list', { name: 'Her payouts' }).getByRole('listitem');
  await expect(herPayouts).toHaveCount(1);
  await expect(herPayouts).toContainText(kwacha(ruthOwed));
  await expect(herPayouts).toContainText('Paid');
  await expectUsable(page, "a member's page with her sales and payouts");
});
