import { devices } from '@playwright/test';

import { expect as baseExpect, expectNoAxeViolations, login, outbox, signedIn, test } from './fixtures.ts';

// On desktop and phone: a broker admin invites an agent from the top bar's Invite Agents, the
// invitee opens the link from the outbox, sets a password, and signs in on the agent host with their phone.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

test('an invited agent accepts through the outbox link and signs in on the agent host', async ({
  page,
  request,
  browser,
}, info) => {
  // Each project (and a retry) invites its own agent: the e2e database is shared by the run.
  const tag = `${info.project.name}${info.retry ? 'again' : ''}`;
  const email = `riley.quinn.${tag}@e2e.example`;
  const phone = `(555) 9${info.project.name === 'phone' ? 1 : 0}${info.retry}-4321`;
  await signedIn(page, 'broker@demo.test', '/console');
  // Below 768 px the menu sheet carries the button (the top bar has no room:
  // docs/decisions/0048-console-behaviour-where-the-spec-is-silent.md).
  if (info.project.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Invite Agents' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite Agents' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Name is required').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Riley');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Quinn');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill(phone);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await page.getByRole('link', { name: 'Pending Invitations' }).click();
  await expect(page.getByRole('table', { name: 'Invitations' })).toContainText(email);
  await expectNoAxeViolations(page);

  const mail = (await outbox(request)).content.find((m) => m.recipient === email);
  const link = /https?:\/\/\S+\/agent-onboarding\/[A-Za-z0-9-]+/.exec(mail?.body ?? '')?.[0];
  expect(link, 'the invitation email carries the onboarding link').toBeTruthy();
  // The invitee opens the link on the same kind of device.
  const invitee = await (await browser.newContext(info.project.name === 'phone' ? devices['Pixel 7'] : {})).newPage();
  await invitee.goto(new URL(link!).pathname);
  await expect(invitee.getByText('Harbor Point Realty', { exact: false }).first()).toBeVisible();
  await expect(invitee.getByRole('textbox', { name: 'First Name' })).toHaveValue('Riley');
  await expectNoAxeViolations(invitee);
  await invitee.getByLabel('New Password', { exact: true }).fill('Riley-joins-1');
  await invitee.getByLabel('Confirm Password', { exact: true }).fill('Riley-joins-1');
  await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(invitee.getByRole('status')).toContainText('Your agent account is ready');
  await invitee.goto(new URL(link!).pathname);
  await expect(invitee.getByRole('alert')).toContainText('already accepted');

  await login(invitee, phone, 'Riley-joins-1');
  await expect(invitee).toHaveURL(/agents\.localhost:\d+\/console\/agent-followups/);
});
