import {
  expect as baseExpect,
  expectNoAxeViolations,
  openAreaCode,
  outbox,
  signedIn,
  SMS_CLOCK_HEADERS,
  test,
} from './fixtures.ts';

// Lead suppliers and bulk SMS, on a desktop and a phone: Supplier Management's ZIP paste reports invalid
// lines; a bulk SMS to a set with DNC numbers counts them in the pre-flight and texts none of them.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

// The server's clock is pinned to an afternoon for these pages, so the send texts at any hour of the run.
test.use({ extraHTTPHeaders: SMS_CLOCK_HEADERS });

test('a pasted ZIP list saves the valid lines and reports each invalid one by line; the screens pass axe', async ({
  page,
}) => {
  await signedIn(page, 'admin@demo.test', '/console/supplier-management');
  await expect(page.getByRole('link', { name: 'Facebook Ads' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Facebook Ads' }).click();
  await expect(page.getByRole('heading', { name: 'Facebook Ads' })).toBeVisible();
  await page.getByLabel('Paste ZIP codes (one per line)').fill('98101\n9810\nabcde\n98102');
  await page.getByRole('button', { name: 'Add ZIP Codes' }).click();
  const invalid = page.getByRole('list', { name: 'Invalid lines' });
  await expect(invalid.getByRole('listitem')).toHaveText([
    'Line 2: 9810: ZIP must be exactly 5 digits',
    'Line 3: abcde: ZIP must be exactly 5 digits',
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'invalid' })).toContainText('2 invalid');
  await page.getByRole('searchbox', { name: 'Find a ZIP' }).or(page.getByLabel('Find a ZIP')).first().fill('9810');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Covered ZIP codes' })).toContainText('98101');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Limits' }).click();
  await expect(page.getByRole('table', { name: 'Quarterly limits by brokerage' })).toContainText('Harbor Point Realty');
  await expectNoAxeViolations(page);
});

test('a bulk SMS to a set with DNC numbers counts them in the pre-flight and the outbox has nothing to them', async ({
  page,
  request,
}, info) => {
  const area = openAreaCode();
  const tag = info.project.name === 'phone' ? '7' : '6';
  const stopped = `+1${area}55501${tag}9`;
  // A recipient who replied STOP to an earlier text: the stand-in puts them on the DNC list.
  const stop = await request.post('/contact-center-api/sms', { form: { From: stopped, Body: 'STOP' } });
  expect(await stop.json()).toEqual({ optedOut: true });
  const open = [`+1${area}55501${tag}1`, `+1${area}55501${tag}2`];
  const dnc = ['+15555550100', stopped]; // +15555550100 is on the seeded DNC list
  await signedIn(page, 'admin@demo.test', '/console/bulk-sms-send');
  await page
    .getByLabel('Phone numbers (one per line)')
    .fill([open[0], dnc[0], open[1], dnc[1], open[0], '12345'].join('\n'));
  await page
    .getByLabel('Message', { exact: true })
    .fill('Hi {firstName|there}, open house Saturday. Reply STOP to opt out.');
  await expect(page.getByText(/characters, 1 part \(GSM-7\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Run Pre-flight' }).click();
  const pre = page.getByRole('region', { name: 'Pre-flight' });
  await expect(pre).toContainText('On the DNC list2');
  await expect(pre).toContainText('Duplicate1');
  await expect(pre).toContainText('Invalid number1');
  await expect(page.getByRole('table', { name: 'Suppressed recipients' }).getByRole('row')).toHaveCount(5);
  await expectNoAxeViolations(page);
  const before = (await outbox(request, 200)).content.length;
  expect(before).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Send to 2 recipients (2 parts)' }).click();
  await expect(page.getByRole('heading', { name: 'Send complete' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Send report' })).toContainText('Sent2');
  await expectNoAxeViolations(page);
  // A reload shows the same job and sends nothing again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Send complete' })).toBeVisible();
  const sms = (await outbox(request, 200)).content.filter((m) => m.channel === 'SMS');
  for (const n of dnc)
    expect(
      sms.filter((m) => m.recipient === n && m.body.includes('open house')),
      n,
    ).toEqual([]);
  for (const n of open)
    expect(
      sms.filter((m) => m.recipient === n && m.body.includes('open house')),
      n,
    ).toHaveLength(1);
});
