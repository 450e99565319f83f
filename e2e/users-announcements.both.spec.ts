import { expect, expectNoAxeViolations, fitsWidth, login, navigate, outbox, signedIn, test } from './fixtures.ts';

// Users and announcements on a desktop and a phone. The e2e database is shared by
// every spec of a run: the user created here has the clock and the project in their address.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });
const slow = { timeout: 20_000 };

test('an admin creates a user, who registers from the outbox link and signs in', async ({
  page,
  browser,
  request,
}, info) => {
  const email = `nova.${info.project.name}.${Date.now()}@example.test`;
  await signedIn(page, 'admin@demo.test', '/console/user-management');
  await expect(page.getByRole('table', { name: 'Users' }).getByText('admin@demo.test', { exact: true })).toBeVisible(
    slow,
  );
  await fitsWidth(page, 'user-management');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Create User' }).click();
  const roles = page.getByRole('group', { name: 'Roles' });
  await expect(roles).toBeVisible(slow);
  await page.getByLabel('First Name', { exact: true }).fill('Nova');
  await page.getByLabel('Last Name', { exact: true }).fill('Tester');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await roles.getByRole('checkbox', { name: 'CSR', exact: true }).check();
  await fitsWidth(page, 'user-management/create');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create and Send Invite' }).click();

  await expect(page.getByRole('heading', { name: 'Nova Tester' })).toBeVisible(slow);
  await expect(page.getByText(/^Pending: sent/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'History' })).toContainText('Created', slow);
  await fitsWidth(page, 'user-management/edit');
  await expectNoAxeViolations(page);

  const mail = (await outbox(request)).content.find((m) => m.recipient === email);
  const link = /https?:\/\/\S+\/register\/[A-Za-z0-9-]+/.exec(mail?.body ?? '')?.[0];
  expect(link, mail?.body).toBeDefined();
  const invitee = await browser.newContext({ viewport: page.viewportSize() });
  const them = await invitee.newPage();
  await them.goto(link!);
  await them.getByRole('button', { name: 'Verify' }).click();
  await them.getByLabel('New Password', { exact: true }).fill('Nova-tester-7');
  await them.getByLabel('Confirm Password', { exact: true }).fill('Nova-tester-7');
  await them.getByRole('button', { name: 'Set Password' }).click();
  await them.waitForURL((url) => url.pathname === '/login', slow);
  await login(them, email, 'Nova-tester-7');
  // A CSR lands on the overview and has the DNC List (spec 1 section 6).
  await navigate(them, '/console/dnc-list');
  await expect(them.getByRole('table')).toBeVisible(slow);
  await invitee.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nova Tester' })).toBeVisible(slow);
  await expect(page.getByText('Active', { exact: true })).toBeVisible(slow);
});

test('the Announcements editor lists read counts and saves a new announcement; a broker admin writes to their agents', async ({
  page,
}, info) => {
  const title = `Desk notice ${info.project.name} ${Date.now()}`;
  await signedIn(page, 'engagement@demo.test', '/console/announcements');
  const table = page.getByRole('table', { name: 'Announcements' });
  await expect(table.getByText(/^\d+ of \d+$/).first()).toBeVisible(slow);
  await fitsWidth(page, 'announcements');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'New Announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Announcement' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Message', { exact: true }).fill('The help desk closes early on Friday.');
  await dialog.getByLabel('Status', { exact: true }).selectOption('PUBLISHED');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByText(title)).toBeVisible(slow);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signedIn(page, 'broker@demo.test', '/console/my-announcements');
  await expect(page.getByRole('list', { name: 'Announcements' }).getByText(title)).toBeVisible(slow);
  await navigate(page, '/console/announcements');
  await expect(page.getByRole('table', { name: 'Announcements' }).getByText('Team meeting Friday')).toBeVisible(slow);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'New Announcement' }).click();
  await expect(
    page.getByRole('dialog', { name: 'New Announcement' }).getByText("Audience: your brokerage's agents."),
  ).toBeVisible();
});
