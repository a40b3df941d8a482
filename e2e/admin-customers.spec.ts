import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_ADMIN, expectNoSidewaysScroll, registerByApi, signInAsAdmin, toast } from './support/shop';

// Without motion, toasts are checked in their final colours rather than half-way through fading in.
test.use({ reducedMotion: 'reduce' });

/** A word no other test's customer carries, so a search finds exactly ours. */
const uniqueTag = () => `Zx${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openCustomers(page: Page) {
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search customers...' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

/** The row (desktop) or card (phone) of one customer: whichever the screen shows. */
const entryOf = (page: Page, email: string) =>
  page.locator('tr, li').filter({ hasText: email }).filter({ visible: true });

async function mailsWithSubject(subject: string): Promise<ParsedMail[]> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter(
    (name) => name.endsWith('.eml') && !name.startsWith('.'),
  );
  const mails = await Promise.all(files.map(async (name) => simpleParser(await readFile(path.join(outbox, name)))));
  return mails.filter((mail) => mail.subject === subject);
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('search finds customers, and the chosen ones each get their own e-mail', async ({ page }) => {
  const tag = uniqueTag();
  const first = await registerByApi(page, `Bwalya ${tag}`);
  const second = await registerByApi(page, `Mutale ${tag}`);
  await openCustomers(page);
  await expect(page.getByRole('button', { name: 'Email Selected (0)' })).toBeDisabled();

  await search(page, tag.toUpperCase());
  await expect(entryOf(page, first.email)).toHaveCount(1);
  await expect(entryOf(page, second.email)).toHaveCount(1);
  await expect(entryOf(page, first.email)).toContainText('Customer');
  await expect(page.locator('tbody tr, ul[aria-label="Customers"] > li').filter({ visible: true })).toHaveCount(2);
  await expectNoSidewaysScroll(page);

  const selectAll = page.getByRole('checkbox', { name: 'Select all customers on this page' });
  await page.getByRole('checkbox', { name: `Select Bwalya ${tag}` }).check();
  await expect(selectAll).toHaveJSProperty('indeterminate', true);
  await expect(page.getByRole('button', { name: 'Email Selected (1)' })).toBeEnabled();
  await selectAll.check();
  await expect(selectAll).toHaveJSProperty('indeterminate', false);
  await expect(page.getByRole('checkbox', { name: `Select Mutale ${tag}` })).toBeChecked();

  await page.getByRole('button', { name: 'Email Selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Email' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Sending to 2 customer(s)');
  const recipients = dialog.getByRole('list', { name: 'Recipients' });
  await expect(recipients).toContainText(first.email);
  await expect(recipients).toContainText(second.email);

  const subject = `Harvest news ${tag}`;
  const message = `The new marula oil is here.\nThank you, ${tag}.`;
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill(message);
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(toast(page, 'Email sent to 2 customer(s)')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Email Selected (0)' })).toBeDisabled();

  await expect.poll(async () => (await mailsWithSubject(subject)).length).toBe(2);
  const mails = await mailsWithSubject(subject);
  const addressees = mails.map((mail) => {
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    const addresses = to.flatMap((list) => list?.value ?? []).map((a) => a.address);
    expect(addresses, 'each message goes to one person only').toHaveLength(1);
    expect(mail.cc).toBeUndefined();
    expect(mail.text).toContain('The new marula oil is here.');
    expect(mail.text).toContain(`Thank you, ${tag}.`);
    return addresses[0];
  });
  expect(addressees.sort()).toEqual([first.email, second.email].sort());
});

test('the e-mail needs both a subject and a message', async ({ page }) => {
  const tag = uniqueTag();
  const customer = await registerByApi(page, `Chilufya ${tag}`);
  await openCustomers(page);
  await search(page, tag);
  await page.getByRole('checkbox', { name: `Select Chilufya ${tag}` }).check();
  await page.getByRole('button', { name: 'Email Selected (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Email' });
  await expect(dialog).toContainText('Sending to 1 customer(s)');
  await expect(dialog.getByRole('list', { name: 'Recipients' })).toContainText(customer.email);

  const send = dialog.getByRole('button', { name: 'Send Email' });
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in both subject and message');
  await dialog.getByLabel('Subject').fill('Only a subject');
  await dialog.getByLabel('Message').fill('   ');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in both subject and message');
  await dialog.getByLabel('Subject').fill('  ');
  await dialog.getByLabel('Message').fill('Only a message');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in both subject and message');
  await expect(dialog).toBeVisible();
  expect(await mailsWithSubject('Only a subject')).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Cancelling keeps the choice.
  await expect(page.getByRole('button', { name: 'Email Selected (1)' })).toBeEnabled();
});

test('an admin can make a customer an admin and take it back, but never touch their own account', async ({ page }) => {
  const tag = uniqueTag();
  const customer = await registerByApi(page, `Natasha ${tag}`);
  await openCustomers(page);
  await search(page, tag);
  const entry = entryOf(page, customer.email);
  await expect(entry).toContainText('Customer');

  await page.getByRole('button', { name: `Make Natasha ${tag} an admin` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make admin' });
  await expect(confirm).toContainText(customer.email);
  await confirm.getByRole('button', { name: 'Make admin' }).click();
  await expect(toast(page, 'User updated successfully')).toBeVisible();
  await expect(entry).toContainText('Admin');
  await expect(page.getByRole('button', { name: `Remove admin rights from Natasha ${tag}` })).toBeVisible();

  await page.getByRole('button', { name: `Remove admin rights from Natasha ${tag}` }).click();
  await expect(toast(page, 'User updated successfully').last()).toBeVisible();
  await expect(entry).toContainText('Customer');
  await expect(entry).not.toContainText('Admin');

  await search(page, E2E_ADMIN.email);
  const own = entryOf(page, E2E_ADMIN.email);
  await expect(own).toContainText('You');
  await expect(own.getByRole('button')).toHaveCount(0);
});

test('deleting a customer asks first, and Cancel keeps them', async ({ page }) => {
  const tag = uniqueTag();
  const customer = await registerByApi(page, `Mwila ${tag}`);
  await openCustomers(page);
  await search(page, tag);
  await expect(entryOf(page, customer.email)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete Mwila ${tag}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete customer' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete Mwila ${tag} (${customer.email})? This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(entryOf(page, customer.email)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete Mwila ${tag}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(page.getByText('No customers found.')).toBeVisible();
  const login = await page.request.post('/api/users/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.status()).toBe(401);
});

test('the search is kept in the address and a search for nobody says so', async ({ page }) => {
  await openCustomers(page);
  await search(page, 'nobody-by-this-name-qq');
  await expect(page.getByText('No customers found.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search customers...' })).toHaveValue('nobody-by-this-name-qq');
  await expect(page.getByText('No customers found.')).toBeVisible();
});

test('the customers screen and its e-mail dialog pass axe @layout', async ({ page }) => {
  const tag = uniqueTag();
  await registerByApi(page, `Axe ${tag}`);
  await openCustomers(page);
  await search(page, tag);
  // The address changes before the narrowed list arrives: "select all" waits for the one account.
  await expect(page.getByText('1 account', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all customers on this page' }).check();
  await expectNoSeriousViolations(page, 'customers');
  await page.getByRole('button', { name: 'Email Selected (1)' }).click();
  await page.getByRole('dialog', { name: 'Send Email' }).getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Please fill in both subject and message')).toBeVisible();
  await expectNoSeriousViolations(page, 'send e-mail dialog');
});

test('screenshots of the customers screen', { tag: '@shots' }, async ({ page }) => {
  const shoot = (name: string) =>
    page.screenshot({ path: `.scratch/shots/backoffice/${test.info().project.name}-${name}.png` });
  await openCustomers(page);
  await expect(page.getByRole('checkbox', { name: 'Select all customers on this page' })).toBeVisible();
  await shoot('customers');
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2400 });
  await shoot('customers-long');
  await page.setViewportSize(size);
  await page.getByRole('checkbox', { name: 'Select all customers on this page' }).check();
  await page.getByRole('button', { name: /^Email Selected/ }).click();
  await page.getByRole('dialog', { name: 'Send Email' }).getByRole('button', { name: 'Send Email' }).click();
  await shoot('customers-email-dialog');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await shoot('customers-delete-confirm');
});
