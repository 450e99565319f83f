import { expect as baseExpect, login, navigate, test } from './fixtures.ts';
import { BROKER_LISTS, LENDER_LISTS, STAFF_LISTS, sidewaysOverflow } from './list-overflow.ts';

// Lists with row actions at 1280 px (issue 35): no column and no action needs a sideways scroll.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000, viewport: { width: 1280, height: 800 } });

const WITH_ACTIONS = [
  { list: BROKER_LISTS.find((l) => l.name === 'Pending Invitations')!, action: /^(Resend|Withdraw) invitation/ },
  { list: LENDER_LISTS.find((l) => l.name === 'My Loan Officers')!, action: /^(Deactivate|Activate) / },
  { list: STAFF_LISTS.find((l) => l.name === 'DNC List')!, action: /^(Remove|Block|Unblock)/ },
];

for (const { list, action } of WITH_ACTIONS) {
  test(`${list.name} fits 1280 px with its row actions in view`, async ({ page }) => {
    await login(page, list.as);
    await navigate(page, list.path);
    const table = page.getByRole('table', { name: list.table, exact: true });
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
    const buttons = table.getByRole('button', { name: action });
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const box of await buttons.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().right))) {
      expect(box).toBeLessThanOrEqual(1280);
    }
  });
}
