import { expect, test, type APIRequestContext, type Page } from './support/test';
import { simulatorURL } from '../playwright.config';
import { demoProducts, registerByApi, toast } from './support/shop';

/** A number no other journey uses (phone and desktop share one shop, and one carrier address). */
function freshNumber() {
  const national = `97${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const grouped = `${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
  return { typed: `0${grouped}`, e164: `+260${national}`, shown: `+260 ${grouped}` };
}

/** The code of the newest text the simulated Africa's Talking received for the number, once it is there. */
async function codeTextedTo(request: APIRequestContext, e164: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${simulatorURL}/_sim/sms/messages?to=${encodeURIComponent(e164)}`);
      const { messages } = (await res.json()) as { messages: { text: string }[] };
      code = messages.length > after ? (/^(\d{6}) /.exec(messages.at(-1)!.text)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

async function openPhoneForm(page: Page) {
  await page.getByRole('button', { name: 'Use my phone number' }).click();
  await expect(page).toHaveURL(/with=phone/);
}

test('a new customer opens an account by phone from the cart and checks out with the number filled in', async ({
  page,
}) => {
  const phone = freshNumber();
  const [product] = await demoProducts(page.request);
  await page.goto('/');
  await page.evaluate(
    (p) =>
      localStorage.setItem(
        'cart',
        JSON.stringify({
          items: [{ id: p._id, name: p.name, price: p.price, image: p.mainImage, quantity: 1 }],
          totalItems: 1,
          totalAmount: p.price,
        }),
      ),
    product,
  );
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=checkout$/);

  await openPhoneForm(page);
  await expect(page).toHaveURL(/\/login\?with=phone&redirect=checkout$/);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Mobile number')).toHaveAccessibleDescription(/Enter a Zambian mobile number/);
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a code to ${phone.shown}.` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();

  const code = await codeTextedTo(page.request, phone.e164);
  await page.getByLabel('Code from the text message').fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // No account for this number yet: the same code opens one, with a name.
  await expect(page.getByText('This number has no account yet.')).toBeVisible();
  await page.getByLabel('Your name').fill('Mutinta Hamoonga');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(toast(page, 'Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Phone Number')).toHaveValue(phone.e164);
  await expect(page.getByLabel('First Name')).toHaveValue('Mutinta');
  await expect(page.getByLabel('Email')).toHaveValue('');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
  expect(stored).toMatchObject({ email: '', mobile: phone.e164, isAdmin: false });
});

test('a phone customer waits out the resend time, mistypes the code, then logs in', async ({ page }) => {
  test.setTimeout(120_000);
  const phone = freshNumber();
  // The account, opened beside the browser a moment ago: its code was sent just now.
  expect((await page.request.post('/api/users/phone/code', { data: { phone: phone.e164 } })).status()).toBe(200);
  const opening = await page.request.post('/api/users/phone/verify', {
    data: { phone: phone.e164, code: await codeTextedTo(page.request, phone.e164), name: 'Kabwe Lungu' },
  });
  expect(opening.status(), await opening.text()).toBe(201);

  await page.goto('/login');
  await openPhoneForm(page);
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /^Please wait \d+ seconds? before asking for another code\.$/ }),
  ).toBeVisible();

  // The shopper tries again until the minute has passed.
  await expect(async () => {
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status').filter({ hasText: `We sent a code to ${phone.shown}.` })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 75_000, intervals: [5_000] });

  const code = await codeTextedTo(page.request, phone.e164, 1);
  await page.getByLabel('Code from the text message').fill(otherThan(code));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
  await page.getByLabel('Code from the text message').fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
  expect(stored).toMatchObject({ name: 'Kabwe Lungu', mobile: phone.e164 });
});

test('an e-mail customer adds a sign-in number on the profile with a code', async ({ page }) => {
  const shopper = await registerByApi(page, 'Namukolo Sitali');
  const login = await page.request.post('/api/users/login', { data: shopper });
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(await login.json()));
  const phone = freshNumber();

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Sign-in Number' });
  await expect(section.getByText('No sign-in number yet')).toBeVisible();
  await section.getByRole('button', { name: 'Add a phone number for sign-in' }).click();
  await section.getByLabel('New mobile number').fill(phone.typed);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByRole('status')).toHaveText(`We sent a code to ${phone.shown}.`);
  const code = await codeTextedTo(page.request, phone.e164);
  await section.getByLabel('Code from the text message').fill(otherThan(code));
  await section.getByRole('button', { name: 'Confirm number' }).click();
  await expect(section.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
  await section.getByLabel('Code from the text message').fill(code);
  await section.getByRole('button', { name: 'Confirm number' }).click();

  await expect(toast(page, 'Sign-in number saved')).toBeVisible();
  await expect(section.getByTestId('sign-in-number')).toHaveText(phone.shown);
  // The contact number was empty: checkout now fills in the new number.
  await expect(page.getByLabel('Phone Number')).toHaveValue(phone.e164);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Sign-in Number' }).getByTestId('sign-in-number')).toHaveText(
    phone.shown,
  );
});
