import type { Page } from '@playwright/test';

import {
  expect as baseExpect,
  expectNoAxeViolations,
  openAreaCode,
  signedIn,
  SMS_CLOCK_HEADERS,
  test,
} from './fixtures.ts';

// On a desktop and a phone: after a send, and from the history, each send opens its
// per-recipient report (a table on a desktop, cards on a phone), filtered by status with the view in
// the URL; the view-only CSR_VIEW_OPPORTUNITIES reads the history and reports and has no composer.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });
// The server's clock is pinned to an afternoon for these pages, so the send texts at any hour of the run.
test.use({ extraHTTPHeaders: SMS_CLOCK_HEADERS });

/** The report's recipients: the table on a desktop, the list of cards on a phone. */
const recipientsOf = (page: Page, phone: boolean) =>
  phone
    ? page.getByRole('list', { name: 'Recipients' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Recipients' }).getByRole('row');

test('after a send the report lists each recipient with its outcome and reason, filtered by status in the URL', async ({
  page,
}, info) => {
  const area = openAreaCode();
  const phone = info.project.name === 'phone';
  const tag = phone ? '8' : '7';
  const a = `(${area}) 555-02${tag}1`;
  const b = `(${area}) 555-02${tag}2`;
  await signedIn(page, 'admin@demo.test', '/console/bulk-sms-send');
  await page.getByLabel('Phone numbers (one per line)').fill([a, b, a, '12345'].join('\n'));
  await page
    .getByLabel('Message', { exact: true })
    .fill('Hi {firstName|there}, the report check. Reply STOP to opt out.');
  await page.getByRole('button', { name: 'Run Pre-flight' }).click();
  await page.getByRole('button', { name: 'Send to 2 recipients (2 parts)' }).click();
  await expect(page.getByRole('heading', { name: 'Send complete' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Recipients pages' })).toContainText('1 - 4 of 4 recipients');
  const rows = recipientsOf(page, phone);
  if (phone) {
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(2)).toContainText('Duplicate');
    await expect(rows.nth(0)).toContainText(a);
    await expect(page.getByRole('table', { name: 'Recipients' })).toHaveCount(0);
  } else {
    await expect(rows).toHaveCount(5); // header + 4
    await expect(rows.nth(1)).toContainText(`1Pasted number${a}Sent`);
    await expect(rows.nth(3)).toContainText(`3Pasted number${a}SuppressedDuplicate`);
    await expect(rows.nth(4)).toContainText('4Pasted number12345SuppressedInvalid number');
  }
  await expectNoAxeViolations(page);
  await page.getByLabel('Status').selectOption('SUPPRESSED');
  await expect(page.getByRole('navigation', { name: 'Recipients pages' })).toContainText('1 - 2 of 2 recipients');
  await expect(page).toHaveURL(/[?&]status=SUPPRESSED/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Recipients pages' })).toContainText('1 - 2 of 2 recipients');
  await expect(page.getByLabel('Status')).toHaveValue('SUPPRESSED');
  await expectNoAxeViolations(page);
});

test('the view-only opportunities role opens a past send from the history, reads its report and goes Back to the list', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  await signedIn(page, 'opps@demo.test', '/console/bulk-sms-send');
  const history = page.getByRole('table', { name: 'Past sends' });
  await expect(history.getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Pre-flight' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const firstOnPage1 = await history.getByRole('link').first().getAttribute('href');
  await page.getByRole('navigation', { name: 'Sends pages' }).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  // Page 1 stays on screen until page 2 arrives.
  await expect(history.getByRole('link').first()).not.toHaveAttribute('href', firstOnPage1 ?? '');
  // Other tests' sends come first in the history, so which send heads page 2 depends on the order the
  // tests ran in: the report is checked against the recipients its own row counts, not a fixed total.
  const first = history.getByRole('row').nth(1);
  const total = Number((await first.getByRole('cell').nth(3).innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  await first.getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Send report' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]job=\d+/);
  await expect(recipientsOf(page, phone).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Recipients pages' })).toContainText(
    `1 - ${Math.min(10, total)} of ${total} recipients`,
  );
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(page.getByRole('table', { name: 'Past sends' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
});
