import { expect, login, navigate, test } from '../../e2e/fixtures.ts';
import { BROKER_LISTS, LENDER_LISTS, STAFF_LISTS } from '../../e2e/list-overflow.ts';

// Every console list as a user sees it: at 412 px (a phone, cards) and at 1280 px (a
// desktop, the table), into docs/screens/lists/<list>-<width>.png, at device scale 1 to stay small.
// The project (playwright.screens.config.ts) sets the width.

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

for (const lists of [BROKER_LISTS, LENDER_LISTS, STAFF_LISTS]) {
  test(`${lists.map((l) => l.name).join(', ')}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page, lists[0]!.as);
    for (const list of lists) {
      await navigate(page, list.path);
      const table = page.getByRole('table', { name: list.table, exact: true });
      await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      await expect(table).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `docs/screens/lists/${slug(list.name)}-${page.viewportSize()!.width}.png` });
    }
  });
}
