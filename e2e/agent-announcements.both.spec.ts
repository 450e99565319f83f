import { expect, expectNoAxeViolations, signedIn, test } from './fixtures.ts';

// Announcements in the agent app, on a desktop and a phone: staff publish an
// announcement to all agents; the demo agent sees it in the agent app with the unread count, opens
// it, and the count drops. The e2e database is shared by every spec: counts are read, not assumed.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });
const slow = { timeout: 20_000 };
const unreadOf = (text: string | null) => Number(/\((\d+) unread\)/.exec(text ?? '')?.[1] ?? Number.NaN);

test('staff publish to all agents; the demo agent sees it unread in the agent app, opens it, and the count drops', async ({
  page,
}, info) => {
  const title = `Agent memo ${info.project.name} ${Date.now()}`;
  const body = `New listing photos are ready in the app (${info.project.name}).`;
  await signedIn(page, 'admin@demo.test', '/console/announcements');
  await page.getByRole('button', { name: 'New Announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Announcement' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Message', { exact: true }).fill(body);
  await dialog.getByLabel('Audience', { exact: true }).selectOption('AGENTS');
  await dialog.getByLabel('Status', { exact: true }).selectOption('PUBLISHED');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table', { name: 'Announcements' }).getByText(title)).toBeVisible(slow);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signedIn(page, '(555) 010-0001', '/console/agent-announcements');
  const heading = page.getByRole('heading', { level: 2, name: /^Announcements \(\d+ unread\)$/ });
  await expect(heading).toBeVisible(slow);
  const list = page.getByRole('list', { name: 'Announcements' });
  const memo = list.getByRole('button', { name: new RegExp(title) });
  await expect(memo).toBeVisible(slow);
  await expect(list.getByRole('button').first()).toContainText(title); // newest first
  await expect(memo).toContainText('Unread');
  const before = unreadOf(await heading.textContent());
  expect(before).toBeGreaterThanOrEqual(1);
  if (info.project.name === 'desktop') {
    await expect(page.getByRole('link', { name: /^Announcements/ }).getByLabel(`${before} unread`)).toBeVisible();
  }
  await expect(page.getByText(/^Last updated /)).toBeVisible();
  await expectNoAxeViolations(page);

  await memo.click();
  await expect(page.getByText(body, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Announcements (${before - 1} unread)` })).toBeVisible(slow);
  await expect(memo).not.toContainText('Unread', slow);
  await expectNoAxeViolations(page);

  // Read on the server: a fresh load (another device) shows it read.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: `Announcements (${before - 1} unread)` })).toBeVisible(slow);
});
