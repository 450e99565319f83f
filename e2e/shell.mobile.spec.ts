import { expect, login, signedIn, test } from './fixtures.ts';

test('below 768 px the drawer hides behind a menu button', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'My Agents' }).click();
  await expect(page).toHaveURL(/\/console\/my-agents$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'My Agents' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the agent signs in on the phone and lands on follow-ups', async ({ page }) => {
  await login(page, '(555) 010-0001');
  await expect(page).toHaveURL(/\/console\/agent-followups/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});
