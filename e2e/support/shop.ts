import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { computeTotalsInKwacha } from '../../src/shared/money';
import { orderReference } from '../../src/shared/order-status';
import { simulatorURL } from '../../playwright.config';

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'admin-password-123' };

/**
 * What unpaid orders may hold on the journeys' server (UNPAID_ORDERS_MAX, UNPAID_ITEMS_MAX): journeys place
 * orders they never pay from one account (the order history: 101) and to one phone number (every order
 * placed by the API), as no real shopper does; the bounds themselves are tested by the server's tests.
 */
export const E2E_UNPAID_BOUNDS = { orders: 1000, items: 1000 };

/** The header cart link (its accessible name carries the count). */
export function headerCart(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart/ });
}

export async function expectCartCount(page: Page, count: number) {
  const name = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  await expect(headerCart(page)).toHaveAccessibleName(name);
}

export async function storedCart(page: Page): Promise<{
  items: { id: string; name: string; quantity: number; price: number }[];
  totalItems: number;
  totalAmount: number;
}> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page scrolls sideways').toBeLessThanOrEqual(0);
}

/** A unique customer made through the public API, for tests that start logged out. */
export async function registerByApi(page: Page, name = 'Test Shopper') {
  const email = `shopper-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = 'shopper-password-1';
  const res = await page.request.post('/api/users', { data: { name, email, password } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password, name };
}

export const productCards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');

/**
 * Back-office journeys create and delete products named '... Test ...' at the same time on the shared
 * server; a journey that picked one could see it vanish. Journeys pick from the demo catalogue only.
 */
const MADE_BY_A_TEST = /\bTest\b/;

/** Cards of the demo catalogue only. */
export const demoProductCards = (page: Page) => productCards(page).filter({ hasNotText: MADE_BY_A_TEST });

export interface ListedProduct {
  _id: string;
  name: string;
  price: number;
  category: string;
  countInStock: number;
  numReviews: number;
  images: string[];
  mainImage: string;
}

/** The demo catalogue, newest first, as the product list API answers it. */
export async function demoProducts(request: APIRequestContext): Promise<ListedProduct[]> {
  const res = await request.get('/api/products?limit=100');
  expect(res.status(), await res.text()).toBe(200);
  const { products } = (await res.json()) as { products: ListedProduct[] };
  return products.filter((p) => !MADE_BY_A_TEST.test(p.name));
}

/**
 * A product of the journey's own, copied from a demo product, so no other journey's stock moves. Its name
 * carries the mark of a test product (and the project, as phone and desktop share one server); the
 * caller deletes it.
 */
export async function createTestProduct(
  request: APIRequestContext,
  admin: Record<string, string>,
  { kind, price, countInStock }: { kind: string; price: number; countInStock: number },
) {
  const [model] = await demoProducts(request);
  const res = await request.post('/api/products', {
    headers: admin,
    data: {
      name: `Test ${kind} ${test.info().project.name} ${Date.now()}`,
      price,
      category: model.category,
      description: 'Made for a browser test.',
      countInStock,
      images: model.images,
      mainImage: model.mainImage,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; name: string; price: number };
}

/** On phones the filter panel hides behind its 'Filters' button. */
export async function showFilters(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Our Products' }).waitFor();
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** On phones the account links sit in the toggle menu. */
export async function openMenuOnPhone(page: Page) {
  await page.getByRole('banner').waitFor();
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (!(await menu.isVisible())) return;
  // On a phone a toast at the top covers the menu button, and a pointer resting on it keeps it there:
  // closed first, as a shopper would. One may go by itself meanwhile, hence the short wait.
  const closers = page.getByRole('button', { name: 'Close toast' });
  for (let tries = 0; tries < 5 && (await closers.count()) > 0; tries++) {
    await closers
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await menu.click();
}

/** The e2e admin signed in through the API before the page loads (the login screen has its own tests); answers the token. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const res = await page.request.post('/api/users/login', { data: E2E_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  const session = await res.json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  return session.token as string;
}

type Credentials = { email: string; password: string };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token from the public login API, for calls made beside the browser. */
export async function apiToken(request: APIRequestContext, credentials: Credentials): Promise<string> {
  const res = await request.post('/api/users/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

type OrderLines = { product: { _id: string; price: number }; quantity: number }[];

const FOREST_ROAD = {
  address: '12 Forest Road',
  city: 'Choma',
  province: 'Southern',
  zipCode: '20100',
  phoneNumber: '0970000000',
};

/** An order placed through the API with the totals the checkout sends; answers the stored order. */
export async function placeOrderByApi(
  request: APIRequestContext,
  customer: Credentials,
  lines: OrderLines,
  paymentMethod = 'airtel',
) {
  return placeOrderWithToken(request, await apiToken(request, customer), lines, paymentMethod);
}

/** The same with a token already in hand (many orders of one customer, or a customer made by the test). */
export async function placeOrderWithToken(
  request: APIRequestContext,
  token: string,
  lines: OrderLines,
  paymentMethod = 'airtel',
  shippingAddress = FOREST_ROAD,
) {
  const totals = computeTotalsInKwacha(lines.map(({ product, quantity }) => ({ price: product.price, quantity })));
  const res = await request.post('/api/orders', {
    headers: bearer(token),
    data: {
      orderItems: lines.map(({ product, quantity }) => ({ product: product._id, quantity })),
      shippingAddress,
      paymentMethod,
      taxAmount: totals.taxPrice,
      shippingAmount: totals.shippingPrice,
      totalAmount: totals.totalPrice,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * An Airtel Money or MTN order of a shop that collects by itself opens on the pay panel (number and prompt);
 * today's manual instructions (number, reference, transaction id) are behind its 'Pay manually instead'.
 */
export async function payManually(page: Page) {
  const panel = page.getByRole('region', { name: /^Pay with / });
  await panel.getByRole('button', { name: 'Pay manually instead' }).click();
  await expect(page.getByRole('region', { name: 'How to pay' })).toBeVisible();
}

/** An order's mobile-money prompt to `phone`, asked as `headers` and approved on the payments simulator. */
export async function approveMobileMoney(
  request: APIRequestContext,
  orderId: string,
  headers: Record<string, string>,
  phone: string,
) {
  const started = await request.post(`/api/orders/${orderId}/payments`, { headers, data: { phone } });
  expect(started.status(), await started.text()).toBe(201);
  const approved = await request.post(`${simulatorURL}/_sim/requests/${(await started.json()).reference}/approve`);
  expect(approved.status()).toBe(200);
}

/** The same, then until the shop has read the payment's status and the order is paid. */
export async function payByMobileMoney(
  request: APIRequestContext,
  orderId: string,
  headers: Record<string, string>,
  phone: string,
) {
  await approveMobileMoney(request, orderId, headers, phone);
  await expect
    .poll(async () => (await (await request.get(`/api/orders/${orderId}`, { headers })).json()).isPaid, {
      timeout: 20_000,
    })
    .toBe(true);
}

/** An order's details in the back office, opened from the Orders list by its reference. */
export async function openAdminOrder(page: Page, orderId: string) {
  const ref = orderReference(orderId);
  await page.goto(`/admin/orders?q=${ref}`);
  await page
    .getByRole('button', { name: `View order ${ref}` })
    .filter({ visible: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog).toContainText(orderId);
  return dialog;
}
