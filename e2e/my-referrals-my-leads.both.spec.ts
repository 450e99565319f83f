import { expect as baseExpect, expectNoAxeViolations, listFilters, signedIn, test } from './fixtures.ts';

// My Referrals and My Leads on a desktop and on a phone: below 768 px the top bar carries
// Search and Sort; the lists stay usable and pass axe-core.

// This machine runs several suites at once: screens can take far longer than the 5 s default to settle.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

test('My Referrals searches and sorts from the top bar on a phone, and inline on a desktop', async ({
  page,
  isMobile,
}) => {
  await signedIn(page, 'broker@demo.test', '/console/my-referrals?category=active');
  const table = page.getByRole('table', { name: 'Referrals' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  if (isMobile) {
    await expect(page.getByRole('searchbox', { name: 'Search referrals' })).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search referrals' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Sort' }).click();
    await page.getByRole('dialog', { name: 'Sort' }).getByRole('radio', { name: 'Most overdue first' }).click();
    await expect(page).toHaveURL(/sort=overdue%2CDESC/);
  } else {
    await table.getByRole('button', { name: 'Overdue' }).click();
    await expect(page).toHaveURL(/sort=overdue%2CASC/);
  }
  await expectNoAxeViolations(page);
});

test('My Leads lists the brokerage’s leads and passes axe', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console/my-leads?status=ASSIGNED_TO_AGENT');
  await expect(page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(1)).toBeVisible();
  await expect((await listFilters(page)).getByRole('combobox', { name: 'Status' })).toHaveValue('ASSIGNED_TO_AGENT');
  await expectNoAxeViolations(page);
});
