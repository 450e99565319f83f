import { expect as baseExpect, expectNoAxeViolations, listFilters, navigate, signedIn, test } from './fixtures.ts';

// The broker's agent lifecycle on My Agents, desktop and phone: pause with Undo, delete after a
// confirmation, find the deleted agent by the Deleted filter (and by name), and reactivate them.
// The e2e database is shared by the run: each project takes another row of the roster, and the
// agent ends active again.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

test('a broker pauses an agent with Undo, deletes them, finds them by the Deleted filter and reactivates them', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'broker@demo.test', '/console/my-agents?sort=name,ASC');
  const table = page.getByRole('table', { name: 'Agents' });
  const link = table
    .getByRole('row')
    .nth(testInfo.project.name === 'phone' ? 4 : 3)
    .getByRole('link')
    .first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByTestId('agent-status')).toHaveText(/Status: (Active|Admin Hold|In Training)/);

  if ((await page.getByRole('button', { name: 'Pause Agent' }).count()) > 0) {
    await page.getByRole('button', { name: 'Pause Agent' }).click();
    await expect(page.getByTestId('agent-status')).toHaveText('Status: Paused');
    await expect(page.getByText(`${name} was paused.`)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('agent-status')).toHaveText('Status: Active');
  }

  await page.getByRole('button', { name: 'Delete Agent' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Agent' });
  await expect(confirm).toContainText('the Deleted filter and a name search still find them');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('agent-status')).toHaveText('Status: Deleted');

  // Off the roster, found by the Deleted filter.
  await navigate(page, '/console/my-agents');
  const filters = await listFilters(page);
  await filters.getByLabel('Status').selectOption({ label: 'Deleted' });
  if (testInfo.project.name === 'phone') await filters.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/status=DELETED/);
  const found = table.getByRole('link', { name, exact: true });
  await expect(found).toBeVisible();
  await expectNoAxeViolations(page);
  await found.click();
  await page.getByRole('button', { name: 'Reactivate Agent' }).click();
  await expect(page.getByTestId('agent-status')).toHaveText(/Status: (Active|Admin Hold)/);
  await expectNoAxeViolations(page);
});
