import { expect, signedIn, test } from './fixtures.ts';

// The overview dashboard on a phone (Pixel 7, 412 px): one column, nothing scrolls sideways.

test('the dashboard is one column with no horizontal scroll, and the lead dialog fits', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const cards = page.locator('main section[aria-labelledby]');
  await expect(page.getByRole('region', { name: 'Agent Leaderboard', exact: true }).getByRole('row')).toHaveCount(6);
  await page.waitForLoadState('networkidle');
  const boxes = await cards.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), w: Math.round(r.width), y: r.y })),
  );
  expect(boxes.length).toBeGreaterThan(10);
  expect(new Set(boxes.map((b) => b.x)).size).toBe(1);
  expect(new Set(boxes.map((b) => b.w)).size).toBe(1);
  boxes.slice(1).forEach((b, i) => expect(b.y).toBeGreaterThan(boxes[i]!.y));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

  const recent = page.getByRole('region', { name: 'Referral Progression' }).getByRole('list', { name: 'Recent leads' });
  await recent.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
  const box = await dialog.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 412).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
