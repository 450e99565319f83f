import type { Page } from '@playwright/test';

import { expect, login, navigate, signedIn, test } from './fixtures.ts';

// The staff console. The e2e database is shared by every spec of a run: these tests
// create their own DNC contact, read counts from the page rather than assuming them, and change
// no password.

const dncTable = (page: Page) => page.getByRole('table', { name: 'DNC List' });
const dataRows = (page: Page) => dncTable(page).locator('tbody tr');
const rangeTotal = async (page: Page) =>
  Number(/of (\d+) DNC/.exec(await page.getByText(/^\d+ - \d+ of \d+ DNC$/).innerText())?.[1]);

async function openBrokerage(page: Page, name: string) {
  if (new URL(page.url()).pathname !== '/console/brokerages') await navigate(page, '/console/brokerages');
  await page.getByRole('table', { name: 'Brokerages' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

test('DNC list: new contact, search, block and unblock behind a confirmation, paging', async ({ page }) => {
  // A number no other run or spec uses: 555-7 followed by six digits of the clock.
  const digits = `5557${String(Date.now()).slice(-6)}`;
  const shown = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  await signedIn(page, 'admin@demo.test', '/console/dnc-list');
  await expect(dataRows(page)).toHaveCount(40);
  await expect(page.getByRole('combobox', { name: 'DNC per page:' })).toHaveValue('40');

  await page.getByRole('button', { name: 'New DNC' }).click();
  const dialog = page.getByRole('dialog', { name: 'New DNC' });
  await dialog.getByLabel('Phone Number').fill('555-12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Invalid phone number.')).toBeVisible();
  await dialog.getByLabel('Phone Number').fill(digits);
  await dialog.getByLabel('Channel').selectOption('VOICE');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Added ${shown} to the DNC list.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(shown);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(dataRows(page)).toHaveCount(1);
  const row = dataRows(page).first();
  await expect(row.getByRole('cell').nth(1)).toHaveText(shown);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Porchlight');
  await expect(row.getByRole('cell').nth(5)).toHaveText('No');

  await row.getByRole('button', { name: 'Block Number' }).click();
  const confirm = page.getByRole('dialog', { name: 'Block Number' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('cell').nth(5)).toHaveText('No');
  await row.getByRole('button', { name: 'Block Number' }).click();
  await confirm.getByRole('button', { name: 'Block Number' }).click();
  await expect(page.getByText('Successfully blocked the number.')).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('Yes');

  await row.getByRole('button', { name: 'Unblock Number' }).click();
  await page.getByRole('dialog', { name: 'Unblock Number' }).getByRole('button', { name: 'Unblock Number' }).click();
  await expect(page.getByText('Successfully unblocked the number.')).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('No');

  // A duplicate is refused beside the Phone Number field, in the server's words for that field.
  await page.getByRole('button', { name: 'New DNC' }).click();
  await dialog.getByLabel('Phone Number').fill(shown);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Already on the do-not-call list');
  await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Phone Number')).toHaveAccessibleDescription('Already on the do-not-call list');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(dataRows(page)).toHaveCount(40);
  await page.getByRole('combobox', { name: 'DNC per page:' }).selectOption('10');
  await expect(dataRows(page)).toHaveCount(10);
  const total = await rangeTotal(page);
  expect(total).toBeGreaterThan(20);
  await expect(page.getByText(`1 - 10 of ${total} DNC`)).toBeVisible();
  const firstValue = await dataRows(page).first().getByRole('cell').nth(1).innerText();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(`11 - 20 of ${total} DNC`)).toBeVisible();
  await expect(dataRows(page).first().getByRole('cell').nth(1)).not.toHaveText(firstValue);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText(`1 - 10 of ${total} DNC`)).toBeVisible();
});

test('a brokerage opened from the list, then again from Recently Viewed', async ({ page }) => {
  await login(page, 'manager@demo.test');
  await expect(page).toHaveURL(/\/console\/brokerages$/);
  await expect(page.getByRole('navigation', { name: 'Recently Viewed' })).toBeHidden();
  await page.getByRole('table', { name: 'Brokerages' }).getByRole('link', { name: 'Maple & Main Homes' }).click();
  await expect(page.getByRole('heading', { name: 'Maple & Main Homes', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/brokerages\/view\/\d+$/);
  const viewUrl = page.url();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brokers' }).click();
  const recent = page.getByRole('navigation', { name: 'Recently Viewed' });
  await recent.getByRole('link', { name: 'Maple & Main Homes' }).click();
  await expect(page.getByRole('heading', { name: 'Maple & Main Homes', level: 2 })).toBeVisible();
  expect(page.url()).toBe(viewUrl);
});

test('admin impersonates Harbor Point Realty, sees its dashboard, and ends it', async ({ page }) => {
  await signedIn(page, 'admin@demo.test', '/console/brokerages');
  await openBrokerage(page, 'Harbor Point Realty');
  const harborId = /\/view\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1];
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impersonate Harbor Point Realty' });
  await expect(dialog).toContainText('allows you to manage this profile as an administrator');

  // The overview asks for Harbor Point's figures as its administrator (the impersonation header).
  const stats = page.waitForResponse(
    (r) =>
      r.url().includes(`/agents-api/brokerages/${harborId}/stats`) &&
      r.request().headers()['x-impersonated-user-id'] !== undefined,
  );
  await dialog.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page).toHaveURL(/\/console$/);
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toHaveText("You're currently impersonating: Harbor Point Realty");
  expect((await stats).status()).toBe(200);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Agents' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Brokers' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Invite Agents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Harbor Point Realty' })).toBeVisible();

  // A reload keeps it (the impersonation is persisted with the session).
  await page.reload();
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Close' }).click();
  const stop = page.getByRole('dialog', { name: 'Stop Impersonating' });
  await stop.getByRole('button', { name: 'Cancel' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Close' }).click();
  await stop.getByRole('button', { name: 'Stop Impersonating' }).click();
  await expect(page).toHaveURL(/\/console\/brokerages$/);
  await expect(banner).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Brokers' })).toBeVisible();
});

test('impersonating Cedar Ridge Properties, which has no active administrator, shows the error dialog', async ({
  page,
}) => {
  await signedIn(page, 'engagement@demo.test', '/console/brokerages');
  await openBrokerage(page, 'Cedar Ridge Properties');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page
    .getByRole('dialog', { name: 'Impersonate Cedar Ridge Properties' })
    .getByRole('button', { name: 'Impersonate' })
    .click();
  const error = page.getByRole('dialog', { name: 'Impersonation Error' });
  await expect(error).toContainText(
    'There was an error impersonating Cedar Ridge Properties. Please contact support for assistance.',
  );
  await error.getByRole('button', { name: 'Close' }).click();
  await expect(error).toBeHidden();
  await expect(page.getByRole('region', { name: 'Impersonation' })).toBeHidden();
  await expect(page).toHaveURL(/\/console\/brokerages\/view\/\d+$/);
});
