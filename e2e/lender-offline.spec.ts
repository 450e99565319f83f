import type { Page } from '@playwright/test';

import { expect, expectNoAxeViolations, savedCacheIncludes, serviceWorkerControls, test } from './fixtures.ts';

// This file's tests need the service worker, which the config blocks elsewhere (decision 0118).
test.use({ serviceWorkers: 'allow' });

// What lender-console.both.spec.ts leaves out: the lender overview opens offline from the
// persisted cache with "Last updated"; the loan officer view, its edit dialog and the staff lender
// view have no axe violations; ending an impersonation of a loan office returns to the lenders list.

/** The persisted query cache holds the loan office's overview figures. */
const overviewCached = (page: Page) => savedCacheIncludes(page, '"overview"');

test('the lender overview opens offline from the last fetched figures, with "Last updated"', async ({
  page,
  context,
  signedIn,
}) => {
  test.setTimeout(120_000);
  await signedIn('lender@demo.test', '/console');
  await serviceWorkerControls(page);
  const byStatus = page.getByRole('region', { name: 'Referrals by Status' }).getByRole('list');
  await expect(byStatus.getByRole('link', { name: 'Loan Closed' })).toBeVisible();
  const figures = await byStatus.innerText();
  await expect.poll(() => overviewCached(page), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline. Showing the last data fetched.')).toBeVisible();
  await expect.poll(() => byStatus.innerText()).toBe(figures);
  await expect(page.getByRole('region', { name: 'Referrals per Loan Officer' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^Last updated \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  await context.setOffline(false);
});

test('a loan officer’s view and edit dialog pass axe; staff end a loan office impersonation on the lenders list', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(300_000); // axe runs and two sign-ins, on a machine shared by eight engineers
  await signedIn('lender@demo.test', '/console/my-loan-officers');
  const table = page.getByRole('table', { name: 'Loan officers' });
  await table.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Figures' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Loan Officer' });
  await dialog.getByLabel('Email').fill('broken');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Invalid e-mail.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signedIn('admin@demo.test', '/console/lenders');
  await page.getByRole('link', { name: 'Summit Home Loans' }).click();
  await expect(page.getByRole('table', { name: 'Loan officers' }).getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page
    .getByRole('dialog', { name: 'Impersonate Summit Home Loans' })
    .getByRole('button', { name: 'Impersonate' })
    .click();
  await expect(page).toHaveURL(/\/console$/);
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toHaveText("You're currently impersonating: Summit Home Loans");
  await expect(page.getByRole('region', { name: 'Referrals per Loan Officer' })).toBeVisible();
  await banner.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('dialog', { name: 'Stop Impersonating' })
    .getByRole('button', { name: 'Stop Impersonating' })
    .click();
  await expect(page).toHaveURL(/\/console\/lenders$/);
  await expect(banner).toBeHidden();
});
