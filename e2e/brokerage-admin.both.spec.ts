import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Desktop and phone: a ZIP entered in a coverage area shows its city and market; a
// broker admin enables Apination from the marketplace and staff see it on the brokerage (and switch
// it back off, so the second project starts from the same state); staff edit a brokerage (and
// restore it). axe on each screen.

const slow = expect.configure({ timeout: 30_000 }); // shared 2-core machine: lazy chunks can take seconds

test('a ZIP entered in a coverage area shows its city, state and market', async ({ page, signedIn }) => {
  test.setTimeout(240_000);
  await signedIn('admin@demo.test', '/console/agents?name=Avery');
  await slow(page.getByRole('link', { name: 'Avery Lane' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Avery Lane' }).first().click();
  await page.getByRole('tab', { name: 'Coverage Areas' }).click();
  const zip = page.getByRole('textbox', { name: 'ZIP', exact: true });
  await slow(zip).toBeVisible();
  await zip.fill('04101');
  await slow(page.getByText('Portland, ME · Portland Metro market', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await zip.fill('99999');
  await slow(page.getByText('Unknown ZIP', { exact: true })).toBeVisible();
});

test('a broker admin enables Apination from the marketplace after confirming', async ({ page, signedIn }) => {
  test.setTimeout(240_000);
  await signedIn('broker@demo.test', '/console/marketplace');
  await slow(page.getByText('Apination is off')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Enable Apination' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable Apination?' });
  await expect(dialog).toContainText('Harbor Point Realty');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await slow(page.getByText('Apination is on')).toBeVisible();
  await expect(page.getByText(/^Enabled by Blair Harbor on /)).toBeVisible();
});

test('staff see the broker admin’s Apination on the brokerage, and switch it off', async ({ page, signedIn }) => {
  test.setTimeout(240_000);
  await signedIn('admin@demo.test', '/console/brokerages?name=Harbor');
  await slow(page.getByRole('link', { name: 'Harbor Point Realty' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Harbor Point Realty' }).first().click();
  await slow(page.getByText('Apination is on')).toBeVisible();
  await expect(page.getByText(/^Enabled by Blair Harbor on /)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Disable Apination' }).click();
  await page.getByRole('dialog', { name: 'Disable Apination?' }).getByRole('button', { name: 'Disable' }).click();
  await slow(page.getByText('Apination is off')).toBeVisible();
  await expect(page.getByText(/^Disabled by Alex /)).toBeVisible();
});

test('staff edit a brokerage: the address is checked against its ZIP and the saved brokerage shows', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(240_000);
  await signedIn('manager@demo.test', '/console/brokerages?name=Cedar');
  await slow(page.getByRole('link', { name: 'Cedar Ridge Properties' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Cedar Ridge Properties' }).first().click();
  await slow(page.getByRole('button', { name: 'Edit Brokerage' })).toBeVisible();

  const edit = async (name: string, street: string, zip: string) => {
    await page.getByRole('button', { name: 'Edit Brokerage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Brokerage' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Street' }).fill(street);
    await dialog.getByRole('textbox', { name: 'City' }).fill('');
    await dialog.getByRole('combobox', { name: 'State' }).selectOption('');
    await dialog.getByRole('textbox', { name: 'ZIP' }).fill(zip);
    return dialog;
  };
  let dialog = await edit('Cedar Ridge Realty', 'Main Street', '83760');
  await slow(dialog.getByText('Meridian, ID · Treasure Valley market')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await slow(dialog.getByText('Street must start with a house number')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Street' }).fill('33 East Broadway Avenue');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await slow(page.getByRole('heading', { name: 'Cedar Ridge Realty', level: 2 })).toBeVisible();
  await expect(page.getByText('33 East Broadway Avenue, Meridian, ID, 83760')).toBeVisible();
  await expectNoAxeViolations(page);

  dialog = await edit('Cedar Ridge Properties', '800 West Main Street', '83702');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await slow(page.getByRole('heading', { name: 'Cedar Ridge Properties', level: 2 })).toBeVisible();
  await expect(page.getByText('800 West Main Street, Boise, ID, 83702')).toBeVisible();
});
