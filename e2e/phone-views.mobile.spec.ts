import type { Locator, Page } from '@playwright/test';

import {
  expect as baseExpect,
  expectNoAxeViolations,
  fitsWidth,
  navigate,
  signedIn,
  test,
  type AppPath,
} from './fixtures.ts';

// Views and dialogs on a 412 px phone: every dialog is a full-screen sheet with its title
// bar and actions in reach and nothing sideways; a record's actions stay on screen from its top to
// its end (a bar stuck to the bottom).

// This machine runs several suites at once: screens can take far longer than the 5 s default to settle.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

/** The dialog covers the whole viewport, nothing in it reaches past the right edge, its Dismiss button is on screen. */
async function expectFullScreen(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect([box.x, box.y, box.width, box.height].map(Math.round)).toEqual([0, 0, viewport.width, viewport.height]);
  const wider = await dialog.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .filter(
        (e) =>
          e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 ||
          (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'),
      )
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`),
  );
  expect(wider, 'nothing in the dialog wider than the phone').toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Dismiss' })).toBeInViewport();
}

/** Opens the first record of a list by its first link. */
async function openFirst(page: Page, list: AppPath, table: string) {
  if (new URL(page.url()).pathname !== list) await navigate(page, list);
  const link = page.getByRole('table', { name: table, exact: true }).getByRole('row').nth(1).getByRole('link').first();
  await link.click();
}

/** The record's action bar is on screen at the top of the page and at its end. */
async function expectActionsAtHand(page: Page, actions: Locator, primary: Locator) {
  await expect(primary).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() => page.evaluate(() => window.scrollY), 'the record is longer than the screen')
    .toBeGreaterThan(0);
  await expect(primary).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(primary).toBeInViewport();
  const box = (await actions.boundingBox())!;
  expect(Math.round(box.y + box.height), 'the bar sits on the bottom edge').toBeGreaterThanOrEqual(
    page.viewportSize()!.height - 1,
  );
  await fitsWidth(page, 'the record');
  await expectNoAxeViolations(page);
}

test('a broker admin’s dialogs fill the phone: Invite Agents and Reassign, each dismissed from its title bar', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console/my-agents');
  await page.getByRole('main').getByRole('button', { name: 'Invite Agents' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Agents' });
  await expectFullScreen(page, invite);
  await expectNoAxeViolations(page);
  await invite.getByRole('button', { name: 'Dismiss' }).click();
  await expect(invite).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/console/my-agents');

  await openFirst(page, '/console/my-referrals', 'Referrals');
  await page.getByRole('group', { name: 'Referral actions' }).getByRole('button', { name: 'Reassign' }).click();
  const reassign = page.getByRole('dialog', { name: 'Reassign referral' });
  await expect(reassign.getByRole('combobox', { name: 'New agent' })).toBeEnabled();
  await expectFullScreen(page, reassign);
  await expect(reassign.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  await expectNoAxeViolations(page);
  await reassign.getByRole('button', { name: 'Dismiss' }).click();
  await expect(reassign).toBeHidden();
});

test('staff dialogs fill the phone: New DNC and the list’s Sort', async ({ page }) => {
  await signedIn(page, 'admin@demo.test', '/console/dnc-list');
  await page.getByRole('button', { name: 'New DNC' }).click();
  const dnc = page.getByRole('dialog', { name: 'New DNC' });
  await expectFullScreen(page, dnc);
  await expectNoAxeViolations(page);
  await dnc.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dnc).toBeHidden();

  await navigate(page, '/console/brokerages');
  await page.getByRole('banner').getByRole('button', { name: 'Sort' }).click();
  const sort = page.getByRole('dialog', { name: 'Sort' });
  await expectFullScreen(page, sort);
  // The footer's Close stays on screen however long the choices run.
  await expect(sort.getByRole('button', { name: 'Close', exact: true })).toBeInViewport();
  await expectNoAxeViolations(page);
});

test('a referral’s and an agent’s actions stay at hand from the top of the record to its end', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console/my-referrals');
  await openFirst(page, '/console/my-referrals', 'Referrals');
  const referral = page.getByRole('group', { name: 'Referral actions' });
  await expectActionsAtHand(page, referral, referral.getByRole('button', { name: 'Reassign' }));

  await openFirst(page, '/console/my-agents', 'Agents');
  const agent = page.getByRole('group', { name: 'Agent actions' });
  await expectActionsAtHand(page, agent, agent.getByRole('link', { name: 'Call' }));
});

test('an opportunity’s Call and Edit Contact stay at hand from the top of the record to its end', async ({ page }) => {
  await signedIn(page, 'admin@demo.test', '/console/opportunities');
  await openFirst(page, '/console/opportunities', 'Opportunities');
  const actions = page.getByRole('group', { name: 'Opportunity actions' });
  await expectActionsAtHand(page, actions, actions.getByRole('button', { name: 'Edit Contact' }));
  await expect(actions.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:/);
});
