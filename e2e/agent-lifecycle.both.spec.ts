import { expect as baseExpect, expectNoAxeViolations, signedIn, test } from './fixtures.ts';

// On desktop and phone: staff enroll an agent, delete them (after a confirmation) and
// reactivate them. The e2e database is shared by the specs of a run, so each project enrolls its own agent.

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

test('staff enroll an agent, delete them after a confirmation and reactivate them', async ({ page }, testInfo) => {
  // A retry enrolls another agent: the first try's one already holds its phone and email.
  const phone = `(555) 99${testInfo.retry}-010${testInfo.project.name === 'phone' ? 2 : 1}`;
  const last = `${testInfo.project.name === 'phone' ? 'Lifecyclephone' : 'Lifecycledesk'}${testInfo.retry ? 'Again' : ''}`;
  await signedIn(page, 'admin@demo.test', '/console/agents');
  await page.getByRole('button', { name: 'Enroll Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enroll Agent' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Enroll' }).click();
  await expect(dialog.getByText('Brokerage is required')).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel('Brokerage').selectOption({ label: 'Harbor Point Realty' });
  await dialog.getByLabel('First Name').fill('Riley');
  await dialog.getByLabel('Last Name').fill(last);
  await dialog.getByLabel('Email').fill(`riley.${last.toLowerCase()}@enrol.example`);
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByRole('button', { name: 'Enroll' }).click();

  await expect(page.getByRole('heading', { name: `Riley ${last}`, level: 2 })).toBeVisible();
  await expect(page.getByTestId('agent-status')).toHaveText('Status: Active');
  await expect(page).toHaveURL(/\/console\/agents\/view\/\d+$/);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Delete Agent' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Agent' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('agent-status')).toHaveText('Status: Deleted');
  await expect(page.getByRole('button', { name: 'Reactivate Agent' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A reload reads the deleted status from the server, not the cache.
  await page.reload();
  await expect(page.getByTestId('agent-status')).toHaveText('Status: Deleted');
  await page.getByRole('button', { name: 'Reactivate Agent' }).click();
  await expect(page.getByTestId('agent-status')).toHaveText('Status: Active');
  await expect(page.getByRole('button', { name: 'Delete Agent' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an opportunity shows its referral partner, workflow tasks and conversation', async ({ page }) => {
  await signedIn(page, 'engagement@demo.test', '/console/opportunities');
  const table = page.getByRole('table', { name: 'Opportunities' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await table.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Workflow Tasks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Workflow tasks' })
      .or(page.getByText('No workflow tasks for this opportunity.'))
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
