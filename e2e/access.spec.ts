import type { APIRequestContext, Page } from '@playwright/test';

import { AGENT_ORIGIN, DEMO_PASSWORD, expect, login, navigate, outbox, test } from './fixtures.ts';

// Access and session. These tests change passwords on the shared e2e database, so
// each one leaves every demo account signing in with DEMO_PASSWORD, as the other specs expect.

/** Verify the code already in the Invite Code field, then set `password`; ends on /login. */
async function setPasswordWithCode(page: Page, password: string) {
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password successfully set.')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/login'); // after 2 s
}

async function latestTo(request: APIRequestContext, recipient: string, channel: 'EMAIL' | 'SMS') {
  const { content } = await outbox(request);
  const message = content.find((m) => m.recipient === recipient && m.channel === channel);
  expect(message, `no ${channel} to ${recipient} in the outbox`).toBeDefined();
  return message!;
}

/** Voluntary change from the profile dialog (the current password is asked for). */
async function changePassword(page: Page, profileButton: string, current: string, next: string) {
  await page.getByRole('button', { name: profileButton }).click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Update Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Password' });
  await dialog.getByLabel('Current Password', { exact: true }).fill(current);
  await dialog.getByLabel('New Password', { exact: true }).fill(next);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(next);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated.')).toBeVisible();
}

test('an invitee registers with DEMO-INVITE-1 and then signs in', async ({ page }) => {
  await navigate(page, '/register/DEMO-INVITE-1');
  await expect(page.getByLabel('Invite Code', { exact: true })).toHaveValue('DEMO-INVITE-1');
  await setPasswordWithCode(page, 'Invitee-pass-11');
  await login(page, 'invitee1@demo.test', 'Invitee-pass-11');
  await expect(page).toHaveURL((url) => url.pathname === '/console');
  await expect(page.getByRole('button', { name: 'Harbor Point Realty' })).toBeVisible();
});

test('a broker resets a forgotten password through the emailed link and signs in with the new one', async ({
  page,
  request,
}) => {
  await navigate(page, '/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill('broker@demo.test');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('An email has been sent to you.')).toBeVisible();

  const mail = await latestTo(request, 'broker@demo.test', 'EMAIL');
  const link = /https?:\/\/\S+\/register\/[A-Z0-9-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeDefined();
  await page.goto(link!);
  await setPasswordWithCode(page, 'Broker-reset-77');
  await login(page, 'broker@demo.test', 'Broker-reset-77');
  await expect(page).toHaveURL((url) => url.pathname === '/console');

  await changePassword(page, 'Harbor Point Realty', 'Broker-reset-77', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click();
  await login(page, 'broker@demo.test');
});

test('an agent signs in with a one-time password sent by SMS', async ({ page, request }) => {
  await page.goto(`${AGENT_ORIGIN}/login`);
  await page.getByRole('button', { name: 'Login with One-Time Password' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/oauth2.0/authorize');
  await page.getByLabel('Phone Number', { exact: true }).fill('(555) 010-0001');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Code', { exact: true })).toBeVisible();

  const sms = await latestTo(request, '+15550100001', 'SMS');
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
  expect(code, sms.body).toBeDefined();
  await page.getByLabel('Code', { exact: true }).fill(code!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.origin === AGENT_ORIGIN && url.pathname === '/console/agent-followups');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('an idle user is asked whether they are still there and logged out when the countdown ends', async ({ page }) => {
  await page.clock.install();
  await login(page, 'manager@demo.test');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // 28 minutes without input: past the session's 285 s and the 27-minute activity window.
  await page.clock.fastForward('28:00');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  // The countdown starts at 30 and runs on while the page is read: take the figure it shows, then
  // 10 s on it shows 10 fewer (or fewer still, on a busy machine).
  const secondsLeft = async () => Number(/logged out in (\d+) seconds/.exec((await dialog.textContent()) ?? '')?.[1]);
  await expect.poll(secondsLeft).toBeLessThanOrEqual(30);
  const shown = await secondsLeft();
  expect(shown).toBeGreaterThanOrEqual(20);
  await page.clock.fastForward('00:10');
  await expect.poll(secondsLeft).toBeLessThanOrEqual(shown - 10);
  expect(await secondsLeft()).toBeGreaterThan(0);
  await page.clock.fastForward('00:31');
  await page.waitForURL((url) => url.pathname === '/login');
  await navigate(page, '/console/brokerages');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired password shows the banner and the update-password dialog on entry', async ({ page }) => {
  await login(page, 'expired@demo.test');
  const banner = page.getByText('Your password has recently expired or has been reset. Please update it now.');
  await expect(banner).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Update Password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Current Password', { exact: true })).toHaveCount(0);
  await expect(dialog.getByText('min 9 characters and one number')).toBeVisible();
  await dialog.getByLabel('New Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('Something-else-1');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Passwords must match')).toBeVisible();
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(banner).toBeHidden();
});
