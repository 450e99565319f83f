import { expect, login, test } from '../../e2e/fixtures.ts';

// The broker admin's overview at 1280 px, as README.md shows it.
test('the console overview of a broker admin', async ({ page }) => {
  await login(page, 'broker@demo.test');
  await expect(page.getByRole('region', { name: 'Agent Leaderboard' }).getByRole('row')).toHaveCount(6, {
    timeout: 30_000,
  });
  await expect(page.getByText(/^Last updated /)).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.screenshot({ path: 'docs/screens/console-overview.png' });
});
