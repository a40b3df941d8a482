import { expect, type Page } from '@playwright/test';
import { demoProductCards, registerByApi, toast } from './shop';

export interface CheckoutAddress {
  phone: string;
  address: string;
  city: string;
  province?: string;
  postalCode?: string;
}

/**
 * A new shopper signed in (through the API: the login form has its own journeys in auth.spec), the first
 * demo product added from the listing as a shopper does, and the checkout form filled with the address.
 * The journeys that go on from here (delivery, payment, pickup) share it rather than each repeating it.
 */
export async function shopperAtCheckout(page: Page, to: CheckoutAddress, shopperName = 'Mutinta Hamoonga') {
  const shopper = await registerByApi(page, shopperName);
  const login = await page.request.post('/api/users/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(await login.json()));

  await page.goto('/products');
  const product = demoProductCards(page).first();
  const productName = await product.getByRole('heading').innerText();
  await product.getByRole('button', { name: `Add ${productName} to cart` }).click();
  await expect(toast(page, `${productName} added to cart`)).toBeVisible();

  await page.goto('/checkout');
  await page.getByLabel('Phone Number').fill(to.phone);
  await page.getByLabel('Address').fill(to.address);
  await page.getByLabel('City').fill(to.city);
  await page.getByLabel('Province').selectOption(to.province ?? 'Southern');
  await page.getByLabel('Postal/ZIP Code').fill(to.postalCode ?? '20100');
  return { shopper, productName };
}

/** Place Order, and the order's id from the success page it leads to. */
export async function placeOrderFromCheckout(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
  return new URL(page.url()).searchParams.get('orderId')!;
}
