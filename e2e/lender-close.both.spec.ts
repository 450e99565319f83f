import type { Page } from '@playwright/test';

import { expect, expectNoAxeViolations, listFilters, test } from './fixtures.ts';

// Desktop and phone: every figure of the lender overview opens a list whose total equals it (Open
// included), and Loan Closed, which is final, happens only after the lender confirms it with the loan
// amount; a closed loan then offers no reassignment. Each project closes its own referral.

const totalOf = async (page: Page) => {
  const text = await page
    .getByText(/ of [\d,]+ referrals/)
    .first()
    .innerText();
  return Number(/of ([\d,]+) referrals/.exec(text)![1]!.replace(/,/g, ''));
};

test('each lender overview figure opens a list of its total, and Loan Closed asks for the amount first', async ({
  page,
  login,
  navigate,
}, info) => {
  test.setTimeout(180_000);
  await login('lender@demo.test');
  await expect(page).toHaveURL(/\/console$/);
  const tiles = [
    ['Referrals Received', 'Open'],
    ['Conversion to Closed Loans', 'Loans Closed'],
    ['Conversion to Closed Loans', 'Not Proceeding'],
  ] as const;
  for (const [widget, label] of tiles) {
    await navigate('/console');
    const tile = page.getByRole('region', { name: widget }).getByRole('link', { name: new RegExp(`^${label}`) });
    // Lower widgets draw when scrolled to (on a phone, far below): read the figure once its answer is in.
    await tile.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // From the DOM's text, not innerText: a widget card is `content-visibility: auto`, and until the browser
    // has drawn it after the scroll its innerText was empty, which Number() read as 0 (a phone run).
    const value = tile.locator('p').nth(1);
    await expect(value).toHaveText(/^[\d,]+$/);
    const figure = Number(((await value.textContent()) ?? '').replace(/,/g, ''));
    await tile.click();
    await expect(page).toHaveURL(/\/console\/lender-referrals\?status=/);
    await expect(page.getByRole('table', { name: 'Lender referrals' })).toBeVisible();
    await expect.poll(() => totalOf(page), { message: `${label} ${figure}` }).toBe(figure);
  }
  await expect(page.getByLabel('Status')).toHaveValue('LOST');
  // The conversion tiles count the referrals received in their 12 months, from the first day of the
  // month 11 months back: the list says so in its Received From field, in the Filters sheet on a phone.
  const now = new Date();
  const receivedFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  await expect(page).toHaveURL(new RegExp(`[?&]receivedFrom=${receivedFrom}(&|$)`));
  const filters = await listFilters(page);
  await expect(filters.getByLabel('Received From')).toBeVisible();
  await expect(filters.getByLabel('Received From')).toHaveValue(receivedFrom);
  await expectNoAxeViolations(page);

  // The Open list's first referral still being worked: closing it asks first.
  await navigate('/console/lender-referrals?status=OPEN');
  await expect(page.getByLabel('Status')).toHaveValue('OPEN');
  await expectNoAxeViolations(page);
  const table = page.getByRole('table', { name: 'Lender referrals' });
  await table
    .getByRole('link')
    .nth(info.project.name === 'phone' ? 1 : 0)
    .click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Next step' }).getByRole('button')).not.toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Move to Loan Closed…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Loan Closed' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Loan Amount (USD)' }).fill('');
  await dialog.getByRole('button', { name: 'Close Loan' }).click();
  await expect(dialog.getByText('Enter the loan amount')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('textbox', { name: 'Loan Amount (USD)' }).fill('312,500');
  await dialog.getByRole('button', { name: 'Close Loan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('A closed loan is final.')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'History' })
      .getByText(/\$312,500, closed/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Assign|Reassign)$/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
