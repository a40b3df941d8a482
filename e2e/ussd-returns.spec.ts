import { expect, test, type APIRequestContext, type Page } from './support/test';
import { simulatorURL } from '../playwright.config';
import { compactKwacha, toKwacha } from '../src/shared/money';
import { orderReference } from '../src/shared/order-status';
import { textsTo } from './support/outbox';
import {
  apiToken,
  bearer,
  demoProducts,
  E2E_ADMIN,
  expectNoSidewaysScroll,
  placeOrderWithToken,
  payByMobileMoney,
} from './support/shop';

/**
 * Issue 42 from a feature phone (docs/decisions/069-returns-and-exchanges.md): a shopper whose paid order was
 * delivered dials the short code, opens My orders, the order and "Return an item", and asks the return; the
 * admins' steps (covered on the web by returns.spec.ts) are taken through the API, and each text of the
 * return arrives on the same phone: where to bring it, accepted, received, and the refund sent.
 */
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS === '1'
    ? page.screenshot({ path: `.scratch/shots/ussd-returns/${name}.png`, fullPage: true })
    : null;

/** An MTN number no other journey dials: 096 and seven random digits, with its +260 form. */
function freshMtnNumber() {
  const national = `96${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  return { local: `0${national}`, e164: `+260${national}` };
}

/** The account of the number, opened by phone sign-in as a USSD caller's is: the code read from her texts. */
async function phoneAccount(request: APIRequestContext, mobile: { local: string; e164: string }, name: string) {
  const sent = await request.post('/api/users/phone/code', { data: { phone: mobile.local } });
  expect(sent.status(), await sent.text()).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      code = /^(\d{6}) /.exec((await textsTo(request, mobile.e164)).at(-1) ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const opened = await request.post('/api/users/phone/verify', { data: { phone: mobile.local, code, name } });
  expect(opened.status(), await opened.text()).toBe(201);
  return (await opened.json()).token as string;
}

/** A second admin: every refund waits for one who did not ask it (REFUND_APPROVAL unset). */
async function secondAdmin(request: APIRequestContext, firstToken: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const credentials = {
    name: `Mutale Checker ${tag}`,
    email: `ussd-returns-checker-${tag}@e2e.example`,
    password: 'checker-password-1',
  };
  const made = await request.post('/api/users', { data: credentials });
  expect(made.status(), await made.text()).toBe(201);
  const promoted = await request.put(`/api/users/${(await made.json())._id}`, {
    headers: bearer(firstToken),
    data: { isAdmin: true },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return bearer(await apiToken(request, credentials));
}

/** The simulator's feature phone: keys pressed, and the menu line holding a label chosen. */
function featurePhone(page: Page) {
  const screen = page.getByRole('status', { name: 'Screen' });
  const press = async (keys: string) => {
    for (const key of keys) await page.getByRole('button', { name: key, exact: true }).click();
    await page.getByRole('button', { name: 'Call / Send' }).click();
  };
  const choose = async (label: string, next: RegExp) => {
    const text = (await screen.textContent()) ?? '';
    const line = text.split('\n').find((l) => /^\d+\. /.test(l) && l.includes(label));
    if (!line) throw new Error(`no "${label}" on the screen:\n${text}`);
    await press(line.split('.')[0]!);
    await expect(screen).toContainText(next);
  };
  return { screen, press, choose };
}

// The journey's product is deleted after it, so it never fills the first page of the listing that other
// journeys pick demo products from.
const journeyProducts: { id: string; admin: Record<string, string> }[] = [];
test.afterEach(async ({ request }) => {
  for (const { id, admin } of journeyProducts.splice(0))
    await request.delete(`/api/products/${id}`, { headers: admin });
});

test('@phone a shopper asks a return from USSD My orders; the accepted, received and refund texts arrive on the same phone', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const adminToken = await apiToken(request, E2E_ADMIN);
  const admin = bearer(adminToken);
  const checker = await secondAdmin(request, adminToken);
  const [model] = await demoProducts(request);
  // Short for the 160-character screens; "Test" marks it as a journey's own (no other journey's stock moves).
  const made = await request.post('/api/products', {
    headers: admin,
    data: {
      name: `Test USSD Balm ${String(Date.now()).slice(-5)}`,
      price: 120,
      category: 'skincare',
      countInStock: 20,
      images: model!.images,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const product = (await made.json()) as { _id: string; name: string; price: number };
  journeyProducts.push({ id: product._id, admin });

  // Her two jars, ordered with the number she dials from, paid on its MTN prompt, then delivered.
  const mobile = freshMtnNumber();
  const token = await phoneAccount(request, mobile, 'Bupe Phiri');
  const order = await placeOrderWithToken(request, token, [{ product, quantity: 2 }], 'mtn', {
    address: '12 Forest Road',
    city: 'Choma',
    province: 'Southern',
    zipCode: '20100',
    phoneNumber: mobile.local,
  });
  await payByMobileMoney(request, order._id, bearer(token), mobile.local);
  const delivered = await request.put(`/api/orders/${order._id}/status`, {
    headers: admin,
    data: { status: 'Delivered' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  // The phone shows only the newest text: the order's own texts are all in before the return's start.
  const ref = `#${orderReference(order._id)}`;
  await expect
    .poll(async () => (await textsTo(request, mobile.e164)).some((t) => t.includes(ref) && t.includes('delivered')), {
      timeout: 20_000,
    })
    .toBe(true);

  // On her feature phone: My orders, the order, "Return an item".
  await page.goto(`${simulatorURL}/ussd?phone=${mobile.local}`);
  const { screen, press, choose } = featurePhone(page);
  await press('*384*123#');
  await expect(screen).toContainText('Welcome to');
  await choose('My orders', /Your last orders:/);
  await expect(screen).toContainText(new RegExp(`1\\. ${ref} K[\\d,.]+ Delivered, paid`));
  await shot(page, '1-my-orders');
  await choose(ref, /1\. Return an item/);
  await shot(page, '2-order');
  await choose('Return an item', /Which item to return\?/);
  await expect(screen).toContainText(`1. ${product.name}`);
  await shot(page, '3-which-item');
  await choose(product.name, /How many to return\? \(1-2\)/);
  await shot(page, '4-how-many');
  await press('1');
  await expect(screen).toContainText('Why do you return it?');
  await shot(page, '5-why');
  await choose('Damaged', /Money back to your wallet: K[\d,.]+/);
  await expect(screen).toContainText(`Return 1 x ${product.name}: Damaged.`);
  await shot(page, '6-summary');
  const summary = await screen.textContent();
  await choose('Confirm', /Return R\d+ asked\./);
  await shot(page, '7-asked');

  // The return as the shop holds it: asked by USSD, one jar, for money back.
  const asked = (await (await request.get(`/api/orders/${order._id}/returns`, { headers: admin })).json())
    .returns[0] as {
    id: string;
    number: string;
    amountNgwee: number;
    where: { text: string };
    lines: { id: string }[];
  };
  expect(asked).toMatchObject({ state: 'requested', outcome: 'refund', reason: 'damaged', lines: [{ qty: 1 }] });
  await expect(screen).toContainText(`Return ${asked.number} asked. ${asked.where.text}`);
  // One jar's share with its VAT, as the summary said before she confirmed.
  const amount = compactKwacha(toKwacha(asked.amountNgwee));
  expect(summary).toContain(`Money back to your wallet: ${amount}`);

  // Then the text on the same phone says where to bring it.
  await expect(screen).toContainText(
    new RegExp(`New message:[\\s\\S]*Return ${asked.number} for order ${ref} asked\\.`),
    {
      timeout: 20_000,
    },
  );
  await expect(screen).toContainText(asked.where.text);
  await shot(page, '8-text-where');

  // An admin accepts it: the phone is told.
  expect((await request.put(`/api/returns/${asked.id}/accept`, { headers: admin, data: {} })).status()).toBe(200);
  await expect(screen).toContainText(`Return ${asked.number} accepted.`, { timeout: 20_000 });
  await shot(page, '9-text-accepted');

  // The jar comes back onto the shelf; the refund is asked and waits for a second admin.
  const received = await request.put(`/api/returns/${asked.id}/receive`, {
    headers: admin,
    data: { lines: [{ lineId: asked.lines[0]!.id, restock: 1, writeOff: 0 }] },
  });
  expect(received.status(), await received.text()).toBe(200);
  await expect(screen).toContainText(`Return ${asked.number} received. Your refund of ${amount} is on its way.`, {
    timeout: 20_000,
  });
  await shot(page, '10-text-received');
  const stocked = (await (await request.get(`/api/products/${product._id}`)).json()) as { countInStock: number };
  expect(stocked.countInStock, 'two sold, one back on the shelf').toBe(19);

  const refund = (await (await request.get(`/api/returns/${asked.id}`, { headers: admin })).json()).refund as {
    id: string;
    state: string;
  };
  const own = await request.put(`/api/refunds/${refund.id}/approve`, { headers: admin });
  expect(own.status(), 'the admin who asked it does not approve it').toBe(403);
  const approved = await request.put(`/api/refunds/${refund.id}/approve`, { headers: checker });
  expect(approved.status(), await approved.text()).toBe(200);
  await expect(screen).toContainText(`Refund of ${amount} for order ${ref} sent to your MTN number ${mobile.local}`, {
    timeout: 30_000,
  });
  await shot(page, '11-text-refund');
  await expect
    .poll(async () => (await (await request.get(`/api/returns/${asked.id}`, { headers: admin })).json()).state)
    .toBe('refunded');
  await expectNoSidewaysScroll(page);
});
