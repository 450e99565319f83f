import { DEMO_IDENTITIES, expect, login, test } from '../../e2e/fixtures.ts';

// The agent's follow-ups on a phone (Pixel 7), as README.md shows it.
test('the agent app on a phone', async ({ page }) => {
  const agent = DEMO_IDENTITIES.find((d) => !d.identity.includes('@'))!.identity;
  await login(page, agent);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'docs/screens/agent-app.png' });
});
