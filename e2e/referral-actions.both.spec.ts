import type { Locator, Page } from '@playwright/test';

import { expect as baseExpect, expectNoAxeViolations, listTotal, navigate, signedIn, test } from './fixtures.ts';

// A brokerage admin acts on referrals where they look at them, on a desktop and a phone.
// The suite shares one database: the referrals moved are overdue ones in Spoken With not of the demo
// agent (whom the agent-app tests use), and every figure is compared before and after, not fixed.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });
// The server's clock stands still at the instant this file loaded (demo mode's X-Demo-Clock): a referral
// of the seed that falls overdue while a test runs would otherwise change the list a test counts
// before and after (a phone run counted 46, reassigned one, and counted 46 again).
test.use({ extraHTTPHeaders: { 'X-Demo-Clock': new Date().toISOString() } });

const OVERDUE_LIST = '/console/my-referrals?followupType=OVERDUE&s=SPOKEN_WITH&rows=40' as const;
const DEMO_AGENT = 'Avery Lane';
const PAGER = 'Referrals pages';

/** The rows of the list whose agent is not the demo agent. */
function movableRows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Referrals' })
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasNot: page.getByRole('link', { name: DEMO_AGENT, exact: true }) });
}

/** Chooses the first agent the picker offers (not greyed out, not the demo agent); answers its name. */
async function chooseAgent(dialog: Locator): Promise<string> {
  const picker = dialog.getByRole('combobox', { name: 'New agent' });
  await expect(picker).toBeEnabled();
  await expect.poll(() => picker.locator('option').count()).toBeGreaterThan(2);
  const choice = await picker.evaluate((el: HTMLSelectElement) => {
    const option = [...el.options].find(
      (o) => o.value !== '' && !o.disabled && !o.text.includes('(') && !o.text.startsWith('Avery Lane'),
    );
    return option ? { value: option.value, text: option.text } : null;
  });
  expect(choice, 'an agent who may take the referrals').not.toBeNull();
  await picker.selectOption(choice!.value);
  return choice!.text;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(1);
}

test('a broker admin reassigns an overdue referral from its page, and the overdue list is one shorter', async ({
  page,
  isMobile,
}) => {
  await signedIn(page, 'broker@demo.test', OVERDUE_LIST);
  const before = await listTotal(page, PAGER);
  expect(before).toBeGreaterThan(0);
  const row = movableRows(page).first();
  const name = (await row.getByRole('link').first().textContent()) ?? '';
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  await page.getByRole('group', { name: 'Referral actions' }).getByRole('button', { name: 'Reassign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign referral' });
  const agent = await chooseAgent(dialog);
  await expectNoAxeViolations(page);
  if (isMobile) {
    // A sheet along the bottom edge, as wide as the screen.
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(box.y + box.height)).toBeGreaterThanOrEqual(viewport.height - 1);
    expect(Math.round(box.width)).toBeGreaterThanOrEqual(viewport.width - 1);
    await expectNoSidewaysScroll(page);
  }
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm reassignment' });
  await expect(confirm).toContainText('cannot be undone from here');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Confirm reassignment' }).click();
  await expect(page.getByText(`${name} reassigned to ${agent}.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: agent, exact: true })).toBeVisible();

  await navigate(page, OVERDUE_LIST);
  await expect.poll(() => listTotal(page, PAGER)).toBe(before - 1);
});

test('a broker admin reassigns three referrals at once from My Referrals, and each result is reported', async ({
  page,
  isMobile,
}) => {
  await signedIn(page, 'broker@demo.test', OVERDUE_LIST);
  const before = await listTotal(page, PAGER);
  expect(before).toBeGreaterThanOrEqual(3);
  const rows = movableRows(page);
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const box = rows.nth(i).getByRole('checkbox');
    names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
    // The keyboard ticks them: focus, then Space.
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  if (isMobile) {
    // On a card the checkbox sits beside the referral's name, not alone above it as the card's title.
    const first = rows.nth(0);
    const [check, name] = await Promise.all([
      first.getByRole('checkbox').boundingBox(),
      first.getByRole('link').first().boundingBox(),
    ]);
    expect(check && name && Math.abs(check.y - name.y)).toBeLessThan(24);
  }
  await expect(page.getByText('3 selected')).toBeVisible();
  if (isMobile) await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Reassign selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign 3 referrals' });
  const agent = await chooseAgent(dialog);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm reassignment' })
    .getByRole('button', { name: 'Confirm reassignment' })
    .click();

  const results = page.getByRole('dialog', { name: 'Reassignment results' });
  await expect(results.getByRole('status')).toHaveText(`3 of 3 referrals reassigned to ${agent}.`);
  for (const name of names) await expect(results.getByRole('region', { name: 'Reassigned' })).toContainText(name);
  await expect(results.getByRole('region', { name: 'Not reassigned' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  if (isMobile) await expectNoSidewaysScroll(page);
  await results.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('None selected')).toBeVisible();
  await expect.poll(() => listTotal(page, PAGER)).toBe(before - 3);
});
