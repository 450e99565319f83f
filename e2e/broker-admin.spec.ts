import type { Page } from '@playwright/test';

import { AGENT_ORIGIN, expect, expectNoAxeViolations, login, navigate, outbox, signedIn, test } from './fixtures.ts';

// The broker admin's admins, notifications, announcements, metrics and settings. The e2e database is shared by every spec of a
// run: these tests create their own admin (an address with the clock in it) and read what they change.
// The machine is shared by several engineers' test runs: generous time limits, nothing else.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });
const slow = { timeout: 20_000 };

test('a broker admin invites a second admin, who registers from the emailed link and signs in as a working admin', async ({
  page,
  request,
}) => {
  const email = `second.admin.${Date.now()}@example.test`;
  await signedIn(page, 'broker@demo.test', '/console/my-admins');
  const table = page.getByRole('table', { name: 'Administrators' });
  await expect(table.getByText('broker@demo.test')).toBeVisible(slow);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Invite Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Admin' });
  await dialog.getByLabel('First Name', { exact: true }).fill('Sasha');
  await dialog.getByLabel('Last Name', { exact: true }).fill('Second');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible(slow);
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Invite pending', slow);

  const mail = (await outbox(request)).content.find((m) => m.recipient === email);
  const link = /https?:\/\/\S+\/register\/[A-Z0-9-]+/.exec(mail?.body ?? '')?.[0];
  expect(link, mail?.body).toBeDefined();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('New Password', { exact: true }).fill('Second-admin-9');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Second-admin-9');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.waitForURL((url) => url.pathname === '/login');

  await login(page, email, 'Second-admin-9');
  await expect(page.getByRole('button', { name: 'Harbor Point Realty' })).toBeVisible(slow);
  await navigate(page, '/console/my-admins');
  await expect(
    page.getByRole('table', { name: 'Administrators' }).getByRole('row').filter({ hasText: email }),
  ).toContainText('Active', slow);
});

test("a sample notification sent from My Notifications appears in the agent's app", async ({ page, browser }) => {
  await signedIn(page, 'broker@demo.test', '/console/my-notifications');
  await expect(page.getByRole('table', { name: 'Agent notifications' }).locator('tbody tr').first()).toBeVisible(slow);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send Sample Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Sample Notification' });
  await dialog.getByLabel('Agent', { exact: true }).selectOption({ label: 'Avery Lane' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sample notification sent to Avery Lane.')).toBeVisible(slow);
  await expect(page.getByRole('table', { name: 'Agent notifications' }).locator('tbody tr').first()).toContainText(
    'Sample notification',
    slow,
  );

  const phone = await browser.newContext();
  const agentPage = await phone.newPage();
  await login(agentPage, '(555) 010-0001');
  await expect(agentPage).toHaveURL(`${AGENT_ORIGIN}/console/agent-followups`);
  const card = agentPage
    .getByRole('region', { name: 'Notifications' })
    .or(agentPage.locator('section[aria-labelledby="agent-notifications"]'));
  const more = card.getByRole('button', { name: /^Show all \d+ notifications$/ });
  if (await more.isVisible()) await more.click();
  await expect(card.getByText('Test notification').first()).toBeVisible(slow);
  await phone.close();
});

async function openAnnouncements(page: Page) {
  await navigate(page, '/console/my-announcements');
  return page.getByRole('list', { name: 'Announcements' });
}

// The badge is the exact word "Unread" (a read one has "Mark as Unread" in its collapsed body).
const unreadBadge = { exact: true } as const;

test('an announcement read on one device is read on another', async ({ page, browser }) => {
  await signedIn(page, 'supplier@demo.test', '/console/my-announcements');
  const list = page.getByRole('list', { name: 'Announcements' });
  const item = list.getByRole('listitem').filter({ hasText: 'Welcome to the new console' });
  await expect(item.getByText('Unread', unreadBadge)).toBeVisible(slow);
  await expectNoAxeViolations(page);
  const chip = page.getByRole('navigation', { name: 'Main' }).getByLabel(/^\d+ unread$/);
  const before = Number(await chip.innerText());

  const other = await browser.newContext();
  const second = await other.newPage();
  await signedIn(second, 'supplier@demo.test', '/console/my-announcements');
  const otherList = second.getByRole('list', { name: 'Announcements' });
  await expect(
    otherList.getByRole('listitem').filter({ hasText: 'Welcome to the new console' }).getByText('Unread', unreadBadge),
  ).toBeVisible(slow);

  await item.getByRole('button', { name: /Welcome to the new console/ }).click();
  await expect(item.getByText(/^Read /)).toBeVisible(slow);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel(`${before - 1} unread`)).toBeVisible(slow);

  // A fresh load on the other device.
  const again = (await openAnnouncements(second))
    .getByRole('listitem')
    .filter({ hasText: 'Welcome to the new console' });
  await expect(again.getByRole('button', { name: /Welcome to the new console/ })).toBeVisible(slow);
  await expect(again.getByText('Unread', unreadBadge)).toHaveCount(0, slow);
  await expect(second.getByRole('navigation', { name: 'Main' }).getByLabel(`${before - 1} unread`)).toBeVisible(slow);
  await other.close();
});

test('My Metrics: charts, the table, the period and a CSV of what is shown', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console/my-metrics');
  await expect(page.getByRole('img', { name: /^Referrals received per month\./ })).toBeVisible(slow);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: '6 months' }).click();
  await page.getByRole('button', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Monthly metrics' });
  await expect(table.locator('tbody tr')).toHaveCount(6, slow);
  await expect(page).toHaveURL(/months=6/);
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^metrics-6-months-\d{4}-\d{2}-\d{2}\.csv$/);
});

// Full loads follow each other without waiting: each starts a silent refresh, and a load that ends
// the previous one mid-refresh must keep the session (the refresh is sent again with its request id).
test('email settings and the settings dialog with the Cloze connection', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console/settings/email');
  await expect(page.getByRole('heading', { name: 'New referral', level: 3 })).toBeVisible(slow);
  await expectNoAxeViolations(page);
  await navigate(page, '/console/settings');
  await expect(page).toHaveURL((url) => url.pathname === '/console');
  await navigate(page, '/console?settings=true');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('button', { name: 'Connect Cloze' })).toBeVisible(slow);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Connect Cloze' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('You have successfully logged into Cloze.')).toBeVisible(slow);
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByText('broker@demo.test')).toBeVisible(slow);
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Disconnect Cloze' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Connect Cloze' }),
  ).toBeVisible(slow);
});
