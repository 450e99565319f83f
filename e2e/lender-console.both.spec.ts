import type { Page } from '@playwright/test';

import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Desktop and phone: the lender signs in, sees figures, adds a loan officer, assigns a
// referral to them, and the overview's per-officer count follows; staff impersonating the loan
// office see the same. Each project adds its own officer (both run against one server).

const officerRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Referrals per Loan Officer' }).getByRole('row').filter({ hasText: name });

/** In-app navigation through the drawer (behind the menu button on phones), as a user moves around. */
async function openFromMenu(page: Page, link: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
}

test('a lender adds a loan officer, assigns them a referral, and the overview counts it; staff impersonating see the same', async ({
  page,
  login,
  signedIn,
  navigate,
}, info) => {
  test.setTimeout(180_000);
  const last = info.project.name === 'phone' ? 'Phone' : 'Desk';
  const name = `Quinn ${last}`;

  await login('lender@demo.test');
  await expect(page).toHaveURL(/\/console$/);
  await expect(
    page.getByRole('region', { name: 'Referrals by Status' }).getByRole('link', { name: 'Loan Closed' }),
  ).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();
  await expectNoAxeViolations(page);

  await navigate('/console/my-loan-officers');
  // Its first officer, not "not one row": before the list has rendered it has none.
  await expect(page.getByRole('table', { name: 'Loan officers' }).getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add Loan Officer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Loan Officer' });
  await dialog.getByLabel('First Name').fill('Quinn');
  await dialog.getByLabel('Last Name').fill(last);
  await dialog.getByLabel('Email').fill(`quinn.${last.toLowerCase()}@summit.example`);
  await dialog.getByLabel('Phone').fill('(555) 010-8888');
  await dialog.getByLabel('NMLS ID').fill('2468');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Loan officers' }).getByRole('link', { name })).toBeVisible();

  await openFromMenu(page, 'Overview');
  await expect(officerRow(page, name).getByRole('cell').nth(1)).toHaveText('0');

  // Any referral still being worked (Open): the seed has few Contacted ones, and the close test of each
  // project takes one.
  await navigate('/console/lender-referrals?status=OPEN');
  const referrals = page.getByRole('table', { name: 'Lender referrals' });
  await expect(page.getByLabel('Status')).toHaveValue('OPEN');
  await expectNoAxeViolations(page);
  await referrals.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Loan Officer', { exact: true }).selectOption({ label: name });
  await page.getByRole('button', { name: /^(Assign|Reassign)$/ }).click();
  await expect(page.getByRole('list', { name: 'History' }).getByText(`to ${name}`).first()).toBeVisible();

  await openFromMenu(page, 'Overview');
  await expect(officerRow(page, name).getByRole('cell').nth(1)).toHaveText('1');
  const lenderTotals = await page.getByRole('region', { name: 'Referrals by Status' }).getByRole('list').innerText();

  // Staff impersonate Summit Home Loans and see what its admin sees.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signedIn('admin@demo.test', '/console/lenders');
  await page.getByRole('link', { name: 'Summit Home Loans' }).click();
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page
    .getByRole('dialog', { name: 'Impersonate Summit Home Loans' })
    .getByRole('button', { name: 'Impersonate' })
    .click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(officerRow(page, name).getByRole('cell').nth(1)).toHaveText('1');
  await expect
    .poll(() => page.getByRole('region', { name: 'Referrals by Status' }).getByRole('list').innerText())
    .toBe(lenderTotals);
  await expectNoAxeViolations(page);
  await navigate('/console/my-loan-officers');
  await expect(page.getByRole('table', { name: 'Loan officers' }).getByRole('link', { name })).toBeVisible();
});

test('a list still loading keeps its text at full contrast (axe), with a bar along its top', async ({
  page,
  login,
  navigate,
}) => {
  await login('lender@demo.test');
  await expect(page).toHaveURL(/\/console$/);
  // Hold the list's call so the table stays in its loading state while axe reads it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/lenders-api\/loan-officers\?/, async (route) => {
    await held;
    await route.continue();
  });
  await navigate('/console/my-loan-officers');
  const table = page.getByRole('table', { name: 'Loan officers' });
  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expectNoAxeViolations(page);
  expect(await table.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  release();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('row')).not.toHaveCount(1);
});
