import { expect, test, type APIRequestContext, type Page } from './support/test';
import { demoProducts, E2E_ADMIN, placeOrderByApi, registerByApi } from './support/shop';

const ADMIN_SCREENS = ['/admin', '/admin/products', '/admin/customers', '/admin/orders', '/admin/settings'];

async function tokenFor(request: APIRequestContext, credentials: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/users/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

/** Nothing of the back office shows: neither its frame nor its dashboard. */
async function expectNoAdminContent(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByText('Welcome back, Admin')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sidebar/ })).toHaveCount(0);
}

test('a visitor opening any admin screen lands on the login page', async ({ page }) => {
  for (const path of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expectNoAdminContent(page);
  }
});

test('a logged-in customer opening any admin screen is sent home', async ({ page }) => {
  const shopper = await registerByApi(page, 'Curious Customer');
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);

  for (const path of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Empowering Women, Preserving Nature' })).toBeVisible();
    await expectNoAdminContent(page);
  }
});

// API only: one project is enough.
test('every admin API route answers 403 to a customer and 401 without a token, changing nothing @desktop', async ({
  page,
}) => {
  const request = page.request;
  const admin = { authorization: `Bearer ${await tokenFor(request, E2E_ADMIN)}` };
  const shopper = await registerByApi(page, 'Would-be Admin');
  const customer = { authorization: `Bearer ${await tokenFor(request, shopper)}` };

  // Real ids, so a refusal can only come from the role check, never from "not found".
  const { users } = (await (await request.get('/api/users', { headers: admin })).json()) as {
    users: { _id: string; email: string; isAdmin: boolean }[];
  };
  const someone = users.find((u) => !u.isAdmin && u.email !== shopper.email)!;
  const [product] = await demoProducts(request);
  // Another customer's order of its own: one picked from the list could be another journey's, changing meanwhile.
  const owner = await registerByApi(page, 'Order Owner');
  const order = await placeOrderByApi(request, owner, [
    { product: (await demoProducts(request)).find((p) => p.countInStock > 0)!, quantity: 1 },
  ]);
  const settingsBefore = await (await request.get('/api/settings')).json();

  const productBody = {
    name: 'Hijacked',
    price: 1,
    category: product.category,
    countInStock: 1,
    images: product.images,
  };
  const image = { image: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') } };
  type Call = {
    method: 'get' | 'post' | 'put' | 'delete';
    url: string;
    data?: unknown;
    multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }>;
  };
  const calls: Call[] = [
    { method: 'get', url: '/api/users' },
    { method: 'get', url: '/api/users/stats' },
    { method: 'get', url: `/api/users/${someone._id}` },
    { method: 'put', url: `/api/users/${someone._id}`, data: { isAdmin: true } },
    { method: 'delete', url: `/api/users/${someone._id}` },
    { method: 'get', url: '/api/orders' },
    { method: 'put', url: `/api/orders/${order._id}/status`, data: { status: 'Delivered' } },
    { method: 'put', url: `/api/orders/${order._id}/deliver` },
    { method: 'get', url: '/api/dashboard' },
    { method: 'post', url: '/api/products', data: productBody },
    { method: 'put', url: `/api/products/${product._id}`, data: productBody },
    { method: 'delete', url: `/api/products/${product._id}` },
    { method: 'post', url: '/api/upload', multipart: image },
    { method: 'post', url: '/api/upload/multiple', multipart: { images: image.image } },
    { method: 'delete', url: '/api/upload/0123456789abcdef0123456789abcdef.webp' },
    {
      method: 'post',
      url: '/api/email/bulk',
      data: { recipients: [shopper.email], subject: 'Hello', message: 'Spam' },
    },
    { method: 'put', url: '/api/settings', data: { airtelMoneyNumber: '+260 97 666 6666' } },
  ];

  for (const call of calls) {
    const options = { data: call.data, multipart: call.multipart };
    const asCustomer = await request[call.method](call.url, { ...options, headers: customer });
    expect(asCustomer.status(), `${call.method.toUpperCase()} ${call.url} as a customer`).toBe(403);
    expect(await asCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
    const anonymous = await request[call.method](call.url, options);
    expect(anonymous.status(), `${call.method.toUpperCase()} ${call.url} without a token`).toBe(401);
  }

  // A customer cannot make someone else's order paid either: it is not theirs to see.
  const pay = await request.put(`/api/orders/${order._id}/pay`, {
    headers: customer,
    data: { paymentReference: 'FAKE123' },
  });
  expect(pay.status()).toBe(404);
  expect((await request.put(`/api/orders/${order._id}/pay`, { data: {} })).status()).toBe(401);

  // Nothing moved.
  const orderAfter = await (await request.get(`/api/orders/${order._id}`, { headers: admin })).json();
  expect(orderAfter).toMatchObject({ status: order.status, isPaid: false, paymentReference: order.paymentReference });
  expect((await request.get(`/api/products/${product._id}`)).status()).toBe(200);
  expect((await (await request.get(`/api/products/${product._id}`)).json()).name).toBe(product.name);
  expect((await (await request.get(`/api/users/${someone._id}`, { headers: admin })).json()).isAdmin).toBe(false);
  expect(await (await request.get('/api/settings')).json()).toEqual(settingsBefore);
});
