import { expect, expectNoAxeViolations, login, navigate, test } from './fixtures.ts';

// Issue 12's screens on a desktop and a phone: each renders its data, fits the width, and has no axe violations.

test.describe.configure({ timeout: 120_000 });

test('the broker admin screens of part 2 render, fit the screen and pass axe', async ({ page }) => {
  await login(page, 'broker@demo.test');
  const screens = [
    { path: '/console/my-notifications' as const, ready: page.getByRole('table', { name: 'Agent notifications' }) },
    { path: '/console/my-announcements' as const, ready: page.getByRole('list', { name: 'Announcements' }) },
    { path: '/console/my-admins' as const, ready: page.getByRole('table', { name: 'Administrators' }) },
    { path: '/console/my-metrics' as const, ready: page.getByRole('img', { name: /^Referrals received per month\./ }) },
    { path: '/console/settings/email' as const, ready: page.getByRole('heading', { name: 'New referral', level: 3 }) },
  ];
  for (const s of screens) {
    await navigate(page, s.path);
    await expect(s.ready).toBeVisible({ timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${s.path} scrolls sideways`).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page);
  }
});
