import type { Page } from '@playwright/test';

import {
  expect as baseExpect,
  expectNoAxeViolations,
  listTotal,
  navigate,
  outbox,
  signedIn,
  test,
} from './fixtures.ts';

// The broker admin's workspace on a desktop: My Referrals, My Agents, My Leads; an invitation from
// the dialog through the outbox to a new agent signing in on the agent host. axe-core on every new screen.
// That every overview link lands on a list whose total is the widget's number is e2e/dashboard-links.both.spec.ts.

// This machine runs several suites at once: screens can take far longer than the 5 s default to settle.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

const widget = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the filters a link set are visible and changeable on My Referrals, which passes axe', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console/my-referrals?s=SPOKEN_WITH&t=SELLER');
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveValue('SPOKEN_WITH');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('SELLER');
  const before = await listTotal(page, 'Referrals pages');
  await page.getByRole('combobox', { name: 'Follow-up' }).selectOption('OVERDUE');
  await expect(page).toHaveURL(/followupType=OVERDUE/);
  await expect.poll(() => listTotal(page, 'Referrals pages')).toBeLessThanOrEqual(before);
  await expectNoAxeViolations(page);
  await page.getByRole('table', { name: 'Referrals' }).getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('list', { name: 'Timeline' }).or(page.getByText('No events yet.'))).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the overdue widget opens My Agents by overdue, and an agent, their referral and questionnaire open from there', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console');
  await widget(page, 'Agents with Overdue Referrals')
    .getByRole('link', { name: /^View All [\d,]+ Agents$/ })
    .click();
  await expect(page).toHaveURL(/\/console\/my-agents\?sort=overdue,DESC$/);
  const table = page.getByRole('table', { name: 'Agents' });
  await expect(table.getByRole('columnheader', { name: /Overdue/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(3)).toContainText(/up to \d+ days?/);
  await expectNoAxeViolations(page);
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('tablist', { name: 'Funnel type' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('table', { name: 'Agent referrals' }).getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/console\/my-agents\/view\/\d+\/referral\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to agent' }).click();
  await page.getByRole('link', { name: 'Questionnaire' }).click();
  await expect(page.getByRole('button', { name: 'Save Questionnaire' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('04101');
  await page.getByRole('button', { name: 'Add ZIP' }).click();
  await page.getByRole('button', { name: 'Save Questionnaire' }).click();
  await expect(page.getByText('Questionnaire saved')).toBeVisible();
  await expect(page.getByRole('list', { name: 'ZIP codes' })).toContainText('04101');
});

test('a lead of My Leads opens over the list and closes back to it', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console/my-leads?leadType=NEW');
  const first = page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(1).getByRole('link');
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/console\/my-leads\/view\/\d+\?leadType=NEW$/);
  const side = page.getByRole('dialog', { name });
  await expect(side.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expectNoAxeViolations(page);
  await side.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/console\/my-leads\?leadType=NEW$/);
  await navigate(page, '/console/my-leads/view');
  await expect(page).toHaveURL(/\/console\/my-leads$/);
});

test('declining an invitation says so and the link then says it was declined', async ({ page, request, browser }) => {
  await signedIn(page, 'broker@demo.test', '/console/my-agents?invite=true');
  const dialog = page.getByRole('dialog', { name: 'Invite Agents' });
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Casey');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Park');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('casey.park@e2e.example');
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('5559094322');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation sent to casey.park@e2e.example')).toBeVisible();
  const mail = (await outbox(request)).content.find((m) => m.recipient === 'casey.park@e2e.example');
  const path = new URL(/https?:\/\/\S+\/agent-onboarding\/[A-Za-z0-9-]+/.exec(mail?.body ?? '')![0]).pathname;
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(`${path}/decline`);
  await invitee.getByRole('button', { name: 'Decline Invitation' }).click();
  await expect(invitee.getByRole('status')).toContainText('You declined the invitation');
  await invitee.goto(path);
  await expect(invitee.getByRole('alert')).toContainText('declined');
});
