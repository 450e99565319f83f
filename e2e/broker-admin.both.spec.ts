import { expect, expectNoAxeViolations, navigate, signedIn, test } from './fixtures.ts';

// The broker admin's screens on a desktop and a phone: each renders its data, fits the width, and has no axe violations.

test.describe.configure({ timeout: 120_000 });

test('the broker admin screens (notifications, admins, announcements, metrics, settings) render, fit the screen and pass axe', async ({
  page,
}) => {
  const screens = [
    { path: '/console/my-notifications' as const, ready: page.getByRole('table', { name: 'Agent notifications' }) },
    { path: '/console/my-announcements' as const, ready: page.getByRole('list', { name: 'Announcements' }) },
    { path: '/console/my-admins' as const, ready: page.getByRole('table', { name: 'Administrators' }) },
    { path: '/console/my-metrics' as const, ready: page.getByRole('img', { name: /^Referrals received per month\./ }) },
    { path: '/console/settings/email' as const, ready: page.getByRole('heading', { name: 'New referral', level: 3 }) },
  ];
  await signedIn(page, 'broker@demo.test', screens[0]!.path);
  for (const [i, s] of screens.entries()) {
    if (i > 0) await navigate(page, s.path);
    await expect(s.ready).toBeVisible({ timeout: 20_000 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${s.path} scrolls sideways`).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page);
  }
});

// Settings are reached by clicking, on a desktop (the name in the top bar) and a phone (the menu's
// profile button): the profile offers Settings, which open over the page (Back closes them) and lead
// to the brokerage's email settings (no screen reachable only by typing its address).
test('a broker admin reaches the settings and the email settings by clicking, and Back closes the settings', async ({
  page,
  isMobile,
}) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const openProfile = async () => {
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Harbor Point Realty' }).click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Harbor Point Realty' }).click();
    }
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Settings' }).click();
  };
  await openProfile();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('button', { name: 'Connect Cloze' })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(settings).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/console' && !url.searchParams.has('settings'));
  await openProfile();
  await settings.getByRole('link', { name: 'Choose which emails your brokerage receives' }).click();
  await expect(page).toHaveURL(/\/console\/settings\/email$/);
  await expect(page.getByRole('heading', { name: 'New referral', level: 3 })).toBeVisible({ timeout: 20_000 });
});
