import { expect, expectNoAxeViolations, signedIn, test, type AppPath } from './fixtures.ts';

// On a desktop and a phone: Back closes the dialog that is open and keeps the page and what
// was typed; an unknown address shows the not-found page at that address (decision 0048).

test.describe.configure({ timeout: 120_000 });

test('Back closes Invite Agents, keeps My Agents and what was typed, and the next Back leaves the page', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console/my-agents');
  const main = page.getByRole('main');
  const dialog = page.getByRole('dialog', { name: 'Invite Agents' });
  await main.getByRole('button', { name: 'Invite Agents' }).click();
  await dialog.getByLabel('First Name').fill('Maria');
  await dialog.getByLabel('Email').fill('maria@example.test');

  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/console/my-agents' && url.search === '');
  await expect(page.getByRole('heading', { name: 'My Agents', level: 1 })).toBeVisible();

  await main.getByRole('button', { name: 'Invite Agents' }).click();
  await expect(dialog.getByLabel('First Name')).toHaveValue('Maria');
  await expect(dialog.getByLabel('Email')).toHaveValue('maria@example.test');

  // Closed by its own button, the dialog takes its entry back: the next Back leaves the page.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname !== '/console/my-agents');
});

test('an unknown address shows the not-found page at that address, with the way back, and passes axe', async ({
  page,
}) => {
  // Not a route of the table: the not-found page is what this test is about.
  await signedIn(page, 'broker@demo.test', '/console/no-such-page?x=1' as AppPath);
  await expect(page.getByRole('heading', { name: 'Sorry, that page was not found.' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/console/no-such-page' && url.search === '?x=1');
  await expect(page.getByText('/console/no-such-page', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to your home page' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/console');
});
