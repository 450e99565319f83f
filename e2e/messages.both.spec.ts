import type { Page } from '@playwright/test';

import { expect as baseExpect, expectNoAxeViolations, listFilters, signedIn, test } from './fixtures.ts';

// The Messages screen under Diagnostic Tools, on a desktop and a phone: a password reset just asked
// for is listed with a masked recipient (the demo delivers nothing: it stays queued), the filters
// narrow the list, and the screen passes axe.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

/** Sets the list's filters (inline on a desktop, in the Filters sheet on a phone). */
async function filterBy(page: Page, values: Record<string, string>) {
  const filters = await listFilters(page);
  for (const [name, value] of Object.entries(values)) await filters.getByRole('combobox', { name }).selectOption(value);
  const done = filters.getByRole('button', { name: 'Done' });
  if ((await done.count()) > 0) await done.click();
}

test('staff see the outbox with masked recipients, filter it by channel and status, and the screen passes axe', async ({
  page,
  request,
}) => {
  expect(
    (await request.post('/users-api/users/passwordReset', { data: { emailAddress: 'qa@demo.test' } })).status(),
  ).toBe(204);
  await signedIn(page, 'engagement@demo.test', '/console/messages');
  const table = page.getByRole('table', { name: 'Messages' });
  const reset = table.getByRole('row').filter({ hasText: 'q•••@demo.test' }).first();
  await expect(reset).toContainText('Reset');
  await expect(reset).toContainText('Queued');
  await expect(page.getByText('register/')).toHaveCount(0); // the link is never shown
  await expectNoAxeViolations(page);
  await filterBy(page, { Channel: 'SMS' });
  await expect(table.getByRole('row').filter({ hasText: 'q•••@demo.test' })).toHaveCount(0);
  await filterBy(page, { Channel: 'EMAIL', Status: 'queued' });
  await expect(table.getByRole('row').filter({ hasText: 'q•••@demo.test' }).first()).toBeVisible();
  await expect(page).toHaveURL(/status=queued/);
  await expectNoAxeViolations(page);
});
