import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/a11y';
import { expectNoSidewaysScroll, signInAsAdmin, toast } from './support/shop';

const SHOTS = '.scratch/shots/backups';

// @alone: one backup at a time is the rule, so this journey runs by itself, after the others.
test('an admin makes a backup now, sees it done, and downloads the file, on a laptop and on a phone @alone', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page).toHaveTitle(/^Backups/);
  await expect(page.getByText('Daily backups are turned off on this server (BACKUP_SCHEDULE=off).')).toBeVisible();

  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(toast(page, 'Backup started')).toBeVisible();
  const newest = page.getByRole('list', { name: 'Backups' }).getByRole('listitem').first();
  await expect(newest.getByText('Made from the back office')).toBeVisible();
  // The list is read again every 2 s while the backup is being written.
  await expect(newest.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(newest).toContainText(/\d+(\.\d)? (KB|MB) · \d+ records · \d+ image files/);
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  await expectNoSeriousViolations(page, 'backups (desktop)');
  await page.screenshot({ path: `${SHOTS}/backups-desktop.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await newest.getByRole('button', { name: /^Download backup of / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^shop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-schema-\d{4}\.tar\.gz$/);
  const bytes = readFileSync((await download.path())!);
  // gzip's magic number, and more than a header: the demo shop's rows and pictures are in it.
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  expect(bytes.length).toBeGreaterThan(50_000);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(newest.getByRole('button', { name: /^Download backup of / })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'backups (phone)');
  await page.screenshot({ path: `${SHOTS}/backups-phone.png`, fullPage: true });
});
