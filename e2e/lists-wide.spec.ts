import { expect as baseExpect, signedIn, test } from './fixtures.ts';
import { BROKER_LISTS, LENDER_LISTS, sidewaysOverflow, STAFF_LISTS } from './list-overflow.ts';

// Lists with row actions from 1024 to 1280 px: no column and no action needs a sideways scroll.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

const WITH_ACTIONS = [
  { list: BROKER_LISTS.find((l) => l.name === 'Pending Invitations')!, action: /^(Resend|Withdraw) invitation/ },
  { list: LENDER_LISTS.find((l) => l.name === 'My Loan Officers')!, action: /^(Deactivate|Activate) / },
  { list: STAFF_LISTS.find((l) => l.name === 'DNC List')!, action: /^(Remove|Block|Unblock)/ },
];

for (const width of [1024, 1280])
  for (const { list, action } of WITH_ACTIONS) {
    test(`${list.name} fits ${width} px with its row actions in view`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signedIn(page, list.as, list.path);
      // Invite pending lists only invitations that can still be accepted; the seed's may all have expired: every one, with its actions.
      if (list.name === 'Pending Invitations')
        await page.getByLabel('Invitation status').selectOption({ label: 'All' });
      const table = page.getByRole('table', { name: list.table, exact: true });
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      const buttons = table.getByRole('button', { name: action });
      await expect(buttons.first()).toBeVisible();
      expect(await sidewaysOverflow(page)).toEqual([]);
      for (const box of await buttons.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().right))) {
        expect(box).toBeLessThanOrEqual(width);
      }
    });
  }
