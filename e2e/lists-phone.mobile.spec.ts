import { expect as baseExpect, expectNoAxeViolations, navigate, signedIn, test, type AppPath } from './fixtures.ts';
import { BROKER_LISTS, LENDER_LISTS, sidewaysOverflow, sortedCell, STAFF_LISTS } from './list-overflow.ts';

// Every console list on a 412 px phone: each row a card that fits the screen, nothing in
// the page scrolls sideways, the value the list is sorted by shows on the first card, axe passes.

// This machine runs several suites at once: screens can take far longer than the 5 s default to settle.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

for (const lists of [BROKER_LISTS, LENDER_LISTS, STAFF_LISTS]) {
  test(`${lists.map((l) => l.name).join(', ')} show their rows as cards that fit a phone`, async ({ page }) => {
    await signedIn(page, lists[0]!.as, lists[0]!.path);
    for (const [i, list] of lists.entries()) {
      if (i > 0) await navigate(page, list.path);
      const table = page.getByRole('table', { name: list.table, exact: true });
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      await expect(table.getByRole('row').nth(1), list.name).toBeVisible();
      const cell = await sortedCell(table);
      await expect(cell, `${list.name}: the sorted-by value on the first card`).toBeInViewport();
      const box = await cell.boundingBox();
      expect(box && box.x + box.width, `${list.name}: the sorted-by value within the screen`).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      expect(await sidewaysOverflow(page), `${list.name}: nothing wider than the phone`).toEqual([]);
      await expectNoAxeViolations(page);
    }
  });
}

test('a staff list’s filters wait behind one Filters button that counts those set', async ({ page }) => {
  await signedIn(page, 'admin@demo.test', '/console/user-management?status=ACTIVE');
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

/** A list with a toolbar of its own: its filter (set or not by the address), its search box, whether it sorts. */
interface OwnToolbar {
  path: AppPath;
  table: string;
  filter: { role: 'combobox' | 'switch'; name: string; set: number };
  search?: string;
  sorts: boolean;
}

const OWN_TOOLBARS: { as: string; lists: OwnToolbar[] }[] = [
  {
    as: 'broker@demo.test',
    lists: [
      {
        path: '/console/my-agents?status=ACTIVE',
        table: 'Agents',
        filter: { role: 'combobox', name: 'Status', set: 1 },
        search: 'Search agents',
        sorts: true,
      },
      {
        path: '/console/my-leads?status=ASSIGNED_TO_AGENT&leadType=NEW',
        table: 'Leads',
        filter: { role: 'combobox', name: 'Lead Type', set: 2 },
        search: 'Search leads',
        sorts: true,
      },
      // Pending Invitations opens on pending ones: its one filter is set from the start.
      {
        path: '/console/my-agents/invitations',
        table: 'Invitations',
        filter: { role: 'combobox', name: 'Invitation status', set: 1 },
        sorts: false,
      },
    ],
  },
  {
    as: 'admin@demo.test',
    lists: [
      {
        path: '/console/dnc-list',
        table: 'DNC List',
        filter: { role: 'switch', name: 'Show Only Inbound Blocked', set: 0 },
        search: 'Search',
        sorts: false,
      },
    ],
  },
];

for (const { as, lists } of OWN_TOOLBARS) {
  test(`${lists.map((l) => l.table).join(', ')} (${as}): filters in the sheet, Search and Sort in the top bar`, async ({
    page,
  }) => {
    await signedIn(page, as, lists[0]!.path);
    for (const [i, list] of lists.entries()) {
      if (i > 0) await navigate(page, list.path);
      await expect(
        page.getByRole('table', { name: list.table, exact: true }).getByRole('row').nth(1),
        list.path,
      ).toBeVisible();
      await expect(
        page.getByRole(list.filter.role, { name: list.filter.name }),
        `${list.path}: no filter inline`,
      ).toHaveCount(0);
      const bar = page.getByRole('banner');
      await expect(bar.getByRole('button', { name: 'Sort' })).toHaveCount(list.sorts ? 1 : 0);
      if (list.search) {
        await expect(page.getByRole('searchbox', { name: list.search })).toHaveCount(0);
        await bar.getByRole('button', { name: 'Search' }).click();
        await expect(page.getByRole('searchbox', { name: list.search })).toBeVisible();
      } else {
        await expect(bar.getByRole('button', { name: 'Search' })).toHaveCount(0);
      }
      await page
        .getByRole('button', { name: list.filter.set > 0 ? `Filters (${list.filter.set})` : 'Filters' })
        .click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet.getByRole(list.filter.role, { name: list.filter.name })).toBeVisible();
      await expectNoAxeViolations(page);
      await sheet.getByRole('button', { name: 'Done' }).click();
      await expect(sheet).toHaveCount(0);
      expect(await sidewaysOverflow(page), `${list.path}: nothing wider than the phone`).toEqual([]);
    }
  });
}

test("a staff or lender list on the list scaffold has one Search, the top bar's, and its box only once asked for", async ({
  page,
}) => {
  await signedIn(page, 'admin@demo.test', '/console/brokerages');
  await expect(page.getByRole('table', { name: 'Brokerages' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('searchbox');
  await expect(box).toHaveCount(1);
  await expect(box).toBeFocused();
  await box.fill('Harbor');
  await expect(page).toHaveURL(/Harbor/);
  await expectNoAxeViolations(page);
});
