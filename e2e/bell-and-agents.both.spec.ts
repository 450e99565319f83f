import type { Page } from '@playwright/test';

import { expect, expectNoAxeViolations, listTotal, navigate, signedIn, test, type AppPath } from './fixtures.ts';

// On a desktop and a phone: the bell in the top bar of the overview and the my-* pages, its rows
// opening their referral and its See all; the overdue widget's agents all in the list it opens; the MLS
// boards on My Agents' agent page. Other spec files write to the same database: nothing here counts
// on a fixed number, only on figures read in the same test.

test.describe.configure({ timeout: 120_000 });

const slow = expect.configure({ timeout: 30_000 });
const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Notifications' });
const panelOf = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the bell is in the top bar of the overview and the my-* pages, once, and its panel fits the screen and passes axe', async ({
  page,
}) => {
  const pages: AppPath[] = [
    '/console',
    '/console/my-agents',
    '/console/my-notifications',
    '/console/my-admins',
    '/console/my-metrics',
  ];
  await signedIn(page, 'broker@demo.test', pages[0]!);
  for (const [i, path] of pages.entries()) {
    if (i > 0) await navigate(page, path);
    await slow(bellOf(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications' }), path).toHaveCount(1);
  }
  await navigate(page, '/console/my-agents');
  await slow(page.getByRole('table', { name: 'Agents' })).toBeVisible();
  await bellOf(page).click();
  const panel = panelOf(page);
  await expect(panel.getByRole('link', { name: 'See all' })).toBeVisible();
  await slow(panel.getByRole('listitem').first()).toBeVisible();
  const box = (await panel.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await sideways(page), 'the open panel scrolls sideways').toBeLessThanOrEqual(1);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bellOf(page)).toBeFocused();
});

test('a row of the bell opens the referral it is about, and See all opens My Notifications', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  await slow(bellOf(page)).toBeVisible();
  await bellOf(page).click();
  const row = panelOf(page).locator('a[href^="/console/my-referrals/view/"]').first();
  await slow(row).toBeVisible();
  const href = (await row.getAttribute('href'))!;
  await row.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(panelOf(page)).toBeHidden();
  await slow(bellOf(page)).toBeVisible();
  await bellOf(page).click();
  await panelOf(page).getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/console\/my-notifications$/);
  await expect(panelOf(page)).toBeHidden();
  await slow(page.getByRole('table', { name: 'Agent notifications' })).toBeVisible();
});

test('every agent of the overdue widget is in the list its View All opens, and the figure is that list’s total', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const card = page.getByRole('region', { name: 'Agents with Overdue Referrals' });
  const list = card.getByRole('list', { name: 'Agents with overdue referrals' });
  await slow(list).toBeVisible();
  const names = await list.getByRole('link').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  const link = card.getByRole('link', { name: /^View All [\d,]+ Agents$/ });
  const n = Number(/View All ([\d,]+)/.exec((await link.textContent()) ?? '')![1]!.replace(/,/g, ''));
  await link.click();
  await expect(page).toHaveURL(/\/console\/my-agents\?sort=overdue,DESC$/);
  expect(await listTotal(page, 'Agents pages')).toBe(n);
  const table = page.getByRole('table', { name: 'Agents' });
  const listed = await table.getByRole('row').locator('a').allTextContents();
  expect(listed.slice(0, names.length)).toEqual(names);
  expect(await sideways(page)).toBeLessThanOrEqual(1);
  await expectNoAxeViolations(page);
});

test('My Agents’ agent page shows the agent’s MLS boards, which the broker admin saves, and their areas read only', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console/my-agents');
  const table = page.getByRole('table', { name: 'Agents' });
  await slow(table.getByRole('row').nth(1)).toBeVisible();
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/console\/my-agents\/view\/\d+$/);
  await slow(page.getByRole('tab', { name: 'MLS Boards' })).toBeVisible();
  await page.getByRole('tab', { name: 'MLS Boards' }).click();
  const boards = page.getByRole('group', { name: 'MLS Boards' });
  await slow(boards).toBeVisible();
  expect(await boards.getByRole('checkbox').count()).toBeGreaterThan(0);
  // Saved as it is: the other spec files' agents keep their boards.
  await page.getByRole('button', { name: 'Save MLS Boards' }).click();
  await expect(page.getByText('Saved the MLS boards.')).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(1);
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Coverage Areas' }).click();
  await slow(page.getByRole('heading', { name: 'Excluded Areas' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add (Coverage|Excluded) Area$/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
