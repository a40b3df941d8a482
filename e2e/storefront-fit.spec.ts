import { expect, test, type Locator, type Page } from './support/test';
import { computeTotalsInKwacha, formatKwacha } from '../src/shared/money';
import { ZAMBIAN_PROVINCES } from '../src/shared/provinces';
import {
  apiToken,
  bearer,
  demoProducts,
  E2E_ADMIN,
  payManually,
  placeOrderWithToken,
  registerByApi,
  signInAsAdmin,
  type ListedProduct,
} from './support/shop';

// The storefront and back office as seen on a phone (390x844) and a desktop.
test.use({ reducedMotion: 'reduce' });

// The browser runs on the shop's clock (playwright.config.ts timezoneId); this process may not.
const usDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Africa/Lusaka',
});
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A product whose order pays shipping (subtotal at most K500), so tax and shipping both add to the total. */
async function cheapProduct(page: Page): Promise<ListedProduct> {
  const product = (await demoProducts(page.request)).find((p) => p.price <= 200 && p.countInStock > 10);
  expect(product, 'the demo catalogue has a product under K200').toBeTruthy();
  return product!;
}

/** A new customer, signed in and holding one product in the cart, before the page loads. */
async function shopperWithCart(page: Page, product: ListedProduct) {
  const shopper = await registerByApi(page, 'Mutinta Hakayuwa');
  const session = await (await page.request.post('/api/users/login', { data: shopper })).json();
  const cart = {
    items: [{ id: product._id, name: product.name, price: product.price, image: product.mainImage, quantity: 1 }],
    totalItems: 1,
    totalAmount: product.price,
  };
  await page.addInitScript(
    ([user, stored]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('userInfo', user);
        localStorage.setItem('cart', stored);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [JSON.stringify(session), JSON.stringify(cart)],
  );
  return shopper;
}

async function cartOnly(page: Page, product: ListedProduct) {
  const cart = {
    items: [{ id: product._id, name: product.name, price: product.price, image: product.mainImage, quantity: 1 }],
    totalItems: 1,
    totalAmount: product.price,
  };
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('cart', stored);
      sessionStorage.setItem('seeded', '1');
    }
  }, JSON.stringify(cart));
}

test('checkout shows the total with tax and shipping before the Place Order button @layout', async ({ page }) => {
  const product = await cheapProduct(page);
  await shopperWithCart(page, product);
  const total = formatKwacha(computeTotalsInKwacha([{ price: product.price, quantity: 1 }]).totalPrice);
  await page.goto('/checkout');
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeVisible();

  // Read in order (a screen reader, a shopper scrolling down): the total comes before the button.
  const totalFirst = await page.evaluate(
    ({ amount }) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Place Order');
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (button?.contains(node)) return false;
        const style = node.parentElement && getComputedStyle(node.parentElement);
        if (node.textContent?.includes(amount) && style?.display !== 'none' && style?.visibility !== 'hidden')
          return true;
      }
      return false;
    },
    { amount: total },
  );
  expect(totalFirst, `${total} appears before 'Place Order'`).toBe(true);

  // With the button at the bottom of the screen, the total is on screen above it.
  await placeOrder.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  const buttonBox = (await placeOrder.boundingBox())!;
  const shownTotals = page.getByRole('main').getByText(total, { exact: false });
  const boxes = await shownTotals.evaluateAll((nodes) =>
    nodes
      .map((n) => n.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => ({ top: r.top, bottom: r.bottom })),
  );
  expect(
    boxes.some((box) => box.top >= 0 && box.bottom <= buttonBox.y + 1),
    `the total ${total} is on screen above 'Place Order' (totals at ${JSON.stringify(boxes)}, button at ${buttonBox.y})`,
  ).toBe(true);
  await expect(page.getByRole('main')).toContainText(/tax/i);
});

test('checkout offers the ten provinces of Zambia in an accessible select', async ({ page }) => {
  const product = await cheapProduct(page);
  await shopperWithCart(page, product);
  await page.goto('/checkout');
  const province = page.getByRole('combobox', { name: 'Province' });
  await expect(province).toBeVisible();
  const options = await province
    .locator('option')
    .evaluateAll((nodes) => nodes.map((n) => ({ value: (n as HTMLOptionElement).value, label: n.textContent })));
  expect(options.filter((o) => o.value !== '').map((o) => o.label)).toEqual([...ZAMBIAN_PROVINCES]);
  expect(ZAMBIAN_PROVINCES).toHaveLength(10);

  // Untouched, the form says so in the spec's words; chosen, the order carries it.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(province).toHaveAccessibleDescription('Province is required');
  await province.selectOption('North-Western');
  await expect(province).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Phone Number').fill('0977123456');
  await page.getByLabel('Address').fill('Plot 4, Mine Road');
  await page.getByLabel('City').fill('Solwezi');
  await page.getByLabel('Postal/ZIP Code').fill('10101');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const order = await (await answer).json();
  expect(order.shippingAddress.province).toBe('North-Western');
});

test.describe('the floating cart button on a phone', { tag: '@phone' }, () => {
  test('is not shown with an empty cart', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor();
    await expect(page.getByTestId('floating-cart')).toHaveCount(0);
  });

  test('is not shown on the login, register and order pages', async ({ page }) => {
    const product = await cheapProduct(page);
    await cartOnly(page, product);
    await page.goto('/products');
    await expect(page.getByTestId('floating-cart')).toBeVisible();
    for (const path of [
      '/login',
      '/register',
      '/checkout/success?orderId=00000000-0000-4000-8000-000000000000',
      '/account/orders',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.getByTestId('floating-cart'), path).toHaveCount(0);
    }
  });

  test('never lies over cards or the description: content scrolls clear of it or beneath an opaque full-width bar', async ({
    page,
  }) => {
    const product = await cheapProduct(page);
    await cartOnly(page, product);
    const { description } = (await (await page.request.get(`/api/products/${product._id}`)).json()) as {
      description: string;
    };
    const checks: [string, (page: Page) => Locator][] = [
      ['/products', (p) => p.getByRole('list', { name: 'Products' }).getByRole('listitem')],
      [`/products/${product._id}`, (p) => p.getByRole('main').getByText(description.split('\n')[0].trim())],
      ['/', (p) => p.getByRole('list', { name: 'Featured products' }).getByRole('listitem')],
    ];
    for (const [path, content] of checks) {
      await page.goto(path);
      await expect(content(page).first()).toBeVisible();
      const floating = page.getByTestId('floating-cart');
      await expect(floating).toBeVisible();
      const viewport = page.viewportSize()!;
      const scrollMax = await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);
      for (const y of [0, Math.round(scrollMax / 2), scrollMax]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        // Whatever holds the button: a full-width, opaque strip at the bottom of the screen, or nothing over content.
        const holder = await floating.evaluate((el) => {
          let node: Element | null = el;
          while (node && getComputedStyle(node).position !== 'fixed') node = node.parentElement;
          const box = node!.getBoundingClientRect();
          const colour = getComputedStyle(node!).backgroundColor;
          return { x: box.x, y: box.y, width: box.width, height: box.height, opaque: /^rgb\(/.test(colour) };
        });
        const fullWidthBar =
          holder.opaque &&
          holder.x <= 0 &&
          holder.width >= viewport.width &&
          holder.y + holder.height >= viewport.height;
        const boxes = await content(page).evaluateAll((nodes) =>
          nodes
            .map((n) => n.getBoundingClientRect())
            .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
        );
        const covered = boxes.filter((box) => overlaps(box, holder));
        if (!fullWidthBar) expect(covered, `${path} at ${y}: the cart button lies over content`).toEqual([]);
        if (y === scrollMax) expect(covered, `${path}: the end of the page scrolls clear of the cart bar`).toEqual([]);
      }
    }
  });
});

test('the product page shows its description once', async ({ page }) => {
  const product = await cheapProduct(page);
  const full = (await (await page.request.get(`/api/products/${product._id}`)).json()) as { description: string };
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const firstLine = full.description.split('\n')[0].trim();
  const shown = await page.getByRole('main').evaluate((main, text) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode() as HTMLElement | null; node; node = walker.nextNode() as HTMLElement | null) {
      const own = [...node.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent)
        .join('');
      if (own.includes(text) && node.checkVisibility()) found.push(node.tagName);
    }
    return found;
  }, firstLine);
  expect(shown, `'${firstLine}' is shown once`).toHaveLength(1);
});

test('dates read in US English everywhere and unpaid orders say Unpaid in the account and the back office', async ({
  page,
  browser,
}) => {
  const product = await cheapProduct(page);
  const shopper = await registerByApi(page, 'Namakau Siamwiza');
  const token = await apiToken(page.request, shopper);
  const order = await placeOrderWithToken(page.request, token, [{ product, quantity: 1 }]);
  const date = usDate.format(new Date(order.createdAt));
  expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

  await page.addInitScript(
    (user) => localStorage.setItem('userInfo', user),
    JSON.stringify(await (await page.request.post('/api/users/login', { data: shopper })).json()),
  );
  await page.goto(`/checkout/success?orderId=${order._id}`);
  await expect(page.getByRole('region', { name: 'Order Details' }).getByText(date, { exact: true })).toBeVisible();
  await page.goto('/account/orders');
  const row = page.getByRole('list', { name: 'Your orders' }).getByRole('link');
  await expect(row).toContainText(date);
  await expect(row).toContainText('Unpaid');
  await expect(row).not.toContainText('Not paid');
  await page.goto(`/account/orders/${order._id}`);
  await expect(page.getByText(`Placed on ${date}`)).toBeVisible();

  const reviewed = (await demoProducts(page.request)).find((p) => p.numReviews > 0);
  if (reviewed) {
    const detail = (await (await page.request.get(`/api/products/${reviewed._id}`)).json()) as {
      reviews: { createdAt: string }[];
    };
    await page.goto(`/products/${reviewed._id}`);
    await page.getByRole('tab', { name: /Reviews/ }).click();
    await expect(page.locator(`time[datetime="${detail.reviews[0].createdAt}"]`)).toHaveText(
      usDate.format(new Date(detail.reviews[0].createdAt)),
    );
  }

  const admin = await browser.newPage({ viewport: page.viewportSize()! });
  await signInAsAdmin(admin);
  await admin.goto(`/admin/orders?q=${order._id.slice(0, 8)}`);
  await expect(admin.getByText(date).locator('visible=true').first()).toBeVisible();
  await expect(admin.getByText('Unpaid').locator('visible=true').first()).toBeVisible();
  await admin.close();
});

test('the mobile-money number can be called or copied from the payment instructions', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const product = await cheapProduct(page);
  const shopper = await registerByApi(page, 'Bwalya Tembo');
  const order = await placeOrderWithToken(page.request, await apiToken(page.request, shopper), [
    { product, quantity: 1 },
  ]);
  const settings = (await (await page.request.get('/api/settings')).json()) as { airtelMoneyNumber: string };
  const digits = settings.airtelMoneyNumber.replace(/[^\d+]/g, '');
  await page.addInitScript(
    (user) => localStorage.setItem('userInfo', user),
    JSON.stringify(await (await page.request.post('/api/users/login', { data: shopper })).json()),
  );

  for (const path of [`/checkout/success?orderId=${order._id}`, `/account/orders/${order._id}`]) {
    await page.goto(path);
    await payManually(page);
    const pay = page.getByRole('region', { name: 'How to pay' });
    const call = pay.getByRole('link', {
      name: new RegExp(`Call ${settings.airtelMoneyNumber.replace(/[+]/g, '\\+')}`),
    });
    await expect(call, path).toHaveAttribute('href', `tel:${digits}`);
    const box = (await call.boundingBox())!;
    expect(box.height, 'a thumb-sized target').toBeGreaterThanOrEqual(24);
    const copy = pay.getByRole('button', { name: `Copy the number ${settings.airtelMoneyNumber}` });
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await copy.click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Number copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(settings.airtelMoneyNumber);
  }
});

test.describe('the admin dashboard on a phone', { tag: '@phone' }, () => {
  test('the frame does not scroll and the revenue chart labels months evenly', async ({ page }) => {
    // A paid order this year, so the chart (and its screen-reader table) is drawn.
    const product = await cheapProduct(page);
    const shopper = await registerByApi(page, 'Lushomo Phiri');
    const order = await placeOrderWithToken(page.request, await apiToken(page.request, shopper), [
      { product, quantity: 1 },
    ]);
    const adminToken = await apiToken(page.request, E2E_ADMIN);
    expect(
      (
        await page.request.put(`/api/orders/${order._id}/pay`, {
          headers: bearer(adminToken),
          data: { status: 'COMPLETED' },
        })
      ).status(),
    ).toBe(200);

    await signInAsAdmin(page);
    await page.goto('/admin');
    const chart = page.getByTestId('revenue-chart');
    const tickLabels = chart.locator('.recharts-xAxis-tick-labels text');
    await expect(tickLabels.first()).toBeVisible();

    const frame = await page.evaluate(() => {
      const s = document.scrollingElement!;
      return {
        scrollHeight: s.scrollHeight,
        clientHeight: s.clientHeight,
        scrollWidth: s.scrollWidth,
        clientWidth: s.clientWidth,
      };
    });
    expect(frame.scrollHeight, 'the whole frame scrolls vertically').toBeLessThanOrEqual(frame.clientHeight);
    expect(frame.scrollWidth, 'the whole frame scrolls sideways').toBeLessThanOrEqual(frame.clientWidth);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.mouse.wheel(0, 2000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await page.getByRole('banner').boundingBox())!.y).toBe(0);

    // Phones come in many widths; the labels must step evenly on each, not only where the count happens to divide.
    for (const width of [320, 360, 375, 390, 414, 430]) {
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => chart.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBeLessThan(width);
      await page.waitForTimeout(150);
      const ticks = await tickLabels.evaluateAll((nodes) =>
        nodes.map((n) => ({
          label: n.textContent ?? '',
          x: n.getBoundingClientRect().x + n.getBoundingClientRect().width / 2,
          width: n.getBoundingClientRect().width,
        })),
      );
      const names = ticks.map((t) => t.label).join(' ');
      expect(ticks.length, `${width}px: some month labels`).toBeGreaterThan(1);
      const steps = ticks.slice(1).map((tick, i) => MONTHS.indexOf(tick.label) - MONTHS.indexOf(ticks[i].label));
      expect(new Set(steps).size, `${width}px: month labels skip evenly: ${names}`).toBe(1);
      const gaps = ticks.slice(1).map((tick, i) => tick.x - ticks[i].x);
      for (const gap of gaps)
        expect(Math.abs(gap - gaps[0]), `${width}px: labels evenly spaced: ${gaps.join(', ')}`).toBeLessThanOrEqual(2);
      expect(Math.min(...gaps), `${width}px: no two labels touch: ${names}`).toBeGreaterThan(
        Math.max(...ticks.map((t) => t.width)),
      );
    }
  });
});
