import { expect, test, type Page, type Route } from './support/test';
import { apiToken, bearer, createTestProduct, E2E_ADMIN, registerByApi, toast } from './support/shop';

// With two instances behind nginx, one killed mid-order answers 502 (or drops the
// connection) for an order it had written. Place Order asks again with the same Idempotency-Key, so the
// shopper sees the order that exists instead of being told it failed.

/** A product of this journey's own in the cart, and a signed-in shopper on the checkout. */
async function shopperAtCheckout(page: Page) {
  const admin = bearer(await apiToken(page.request, E2E_ADMIN));
  const product = await createTestProduct(page.request, admin, { kind: 'lost answer', price: 64, countInStock: 10 });
  const shopper = await registerByApi(page, 'Natasha Phiri');
  const session = await (await page.request.post('/api/users/login', { data: shopper })).json();
  await page.addInitScript(
    ({ stored, p }) => {
      localStorage.setItem('userInfo', stored);
      localStorage.setItem(
        'cart',
        JSON.stringify({
          items: [{ id: p._id, name: p.name, price: p.price, image: '', quantity: 1 }],
          totalItems: 1,
          totalAmount: p.price,
        }),
      );
    },
    { stored: JSON.stringify(session), p: product },
  );
  await page.goto('/checkout');
  await page.getByLabel('Phone Number').fill('0977123456');
  await page.getByLabel('Address').fill('Plot 4, Mosi-oa-Tunya Road');
  await page.getByLabel('City').fill('Livingstone');
  await page.getByLabel('Province').selectOption('Southern');
  await page.getByLabel('Postal/ZIP Code').fill('20100');
  const removeProduct = async () =>
    void (await page.request.delete(`/api/products/${product._id}`, { headers: admin }));
  return { token: session.token as string, admin, product, removeProduct };
}

const lostAnswers: [string, (route: Route) => Promise<void>][] = [
  ['the connection drops', (route) => route.abort('connectionreset')],
  [
    'the proxy answers 502',
    (route) =>
      route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
      }),
  ],
];

for (const [what, loseTheAnswer] of lostAnswers) {
  test(`the order is written but ${what}: Place Order asks again with the same key and shows the one order`, async ({
    page,
  }) => {
    const { token, admin, product, removeProduct } = await shopperAtCheckout(page);
    try {
      const keys: string[] = [];
      let written: { _id: string } | null = null;
      await page.route('**/api/orders', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        keys.push((await route.request().headerValue('idempotency-key')) ?? '');
        if (written) return route.fallback();
        // The first one reaches the server and is written; its answer never reaches the phone.
        const response = await route.fetch();
        expect(response.status()).toBe(201);
        written = await response.json();
        await loseTheAnswer(route);
      });

      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
      await expect(toast(page, 'Order placed successfully')).toBeVisible();
      await expect(toast(page, /problem|failed/i)).toHaveCount(0);
      const shownId = new URL(page.url()).searchParams.get('orderId');
      expect(written).not.toBeNull();
      expect(shownId).toBe(written!._id);
      await expect(page.getByText(shownId!, { exact: true })).toBeVisible();

      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      const mine = await (await page.request.get('/api/orders/myorders', { headers: bearer(token) })).json();
      expect(mine.map((order: { _id: string }) => order._id)).toEqual([shownId]);
      // One order, so the stock moved once.
      const stored = await (await page.request.get(`/api/products/${product._id}`, { headers: admin })).json();
      expect(stored.countInStock).toBe(9);
    } finally {
      await removeProduct();
    }
  });
}
