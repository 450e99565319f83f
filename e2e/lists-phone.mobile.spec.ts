import { expect as baseExpect, expectNoAxeViolations, login, navigate, test } from './fixtures.ts';
import { BROKER_LISTS, LENDER_LISTS, STAFF_LISTS, sidewaysOverflow, sortedCell } from './list-overflow.ts';

// Every console list on a 412 px phone (issue 35): each row a card that fits the screen, nothing in
// the page scrolls sideways, the value the list is sorted by shows on the first card, axe passes.

// This machine runs several suites at once: screens can take far longer than the 5 s default to settle.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

for (const lists of [BROKER_LISTS, LENDER_LISTS, STAFF_LISTS]) {
  test(`${lists.map((l) => l.name).join(', ')} show their rows as cards that fit a phone`, async ({ page }) => {
    await login(page, lists[0]!.as);
    for (const list of lists) {
      await navigate(page, list.path);
      const table = page.getByRole('table', { name: list.table, exact: true });
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      await expect(table.getByRole('row').nth(1), list.name).toBeVisible();
      const cell = await sortedCell(table);
      await expect(cell, `${list.name}: the sorted-by value on the first card`).toBeInViewport();
      const box = await cell.boundingBox();
      expect(box && box.x + box.width, `${list.name}: the sorted-by value within the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
      expect(await sidewaysOverflow(page), `${list.name}: nothing wider than the phone`).toEqual([]);
      await expectNoAxeViolations(page);
    }
  });
}

test('a staff list’s filters wait behind one Filters button that counts those set', async ({ page }) => {
  await login(page, 'admin@demo.test');
  await navigate(page, '/console/user-management?status=ACTIVE');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('combobox', { name: 'Role' }).selectOption('ADMIN');
  await expect(page).toHaveURL(/role=ADMIN/);
  await expectNoAxeViolations(page);
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
});
