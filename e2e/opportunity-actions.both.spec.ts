import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { DEMO_PASSWORD, expect, expectNoAxeViolations, fitsWidth, signedIn, test } from './fixtures.ts';

// Staff work an opportunity on its page, on a desktop and a phone: log a call, correct its
// disposition, edit the contact, see the lender. The e2e database is shared by every spec of a run:
// each project takes its own old opportunity (other specs open the newest), and every count is
// compared before and after.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });
const slow = { timeout: 20_000 };

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/auth/oauth2.0/accessToken', {
    form: {
      grant_type: 'password',
      username: 'admin@demo.test',
      password: DEMO_PASSWORD,
      client_id: 'porchlight-console',
    },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

type Opp = { id: number; contact: { nameFirst: string | null; nameLast: string | null; phoneNumber: string | null } };
/** The oldest opportunities with a name and a phone (the specs that open one take the newest). */
async function oldOpportunities(request: APIRequestContext, token: string, query = ''): Promise<Opp[]> {
  const res = await request.get(`/interviews-api/opportunities?sort=created,ASC&pageSize=40${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const page = (await res.json()) as { content: Opp[] };
  return page.content.filter((o) => o.contact.nameFirst && o.contact.nameLast && o.contact.phoneNumber);
}

/** Below 768 px a dialog is a sheet: the screen's full width, resting on its bottom edge. */
async function isSheetOnPhone(page: Page, dialog: Locator, project: string) {
  if (project !== 'phone') return;
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.x)).toBe(0);
  expect(Math.round(box.width)).toBe(viewport.width);
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
}

const value = (card: Locator, term: string) => card.locator(`dt:text-is("${term}") + dd`);
const countOf = async (locator: Locator, pattern: RegExp) =>
  Number(pattern.exec((await locator.textContent()) ?? '')?.[1] ?? NaN);

test('staff log a call, correct its disposition and edit the contact; the counts agree', async ({
  page,
  request,
}, info) => {
  const token = await adminToken(request);
  const opp = (await oldOpportunities(request, token))[info.project.name === 'phone' ? 7 : 6]!;
  const name = `${opp.contact.nameFirst} ${opp.contact.nameLast}`;
  await signedIn(page, 'admin@demo.test', `/console/opportunities/view/${opp.id}`);
  const contact = page.getByRole('region', { name });
  const interactions = page.getByRole('region', { name: 'Interactions' });
  const numbers = page.getByRole('list', { name: 'Contact numbers' });
  const counted = interactions.getByText(/^\d+ interactions?$/);
  await expect(counted).toBeVisible(slow);
  await expect(numbers).toBeVisible(slow);
  const before = {
    interactions: await countOf(counted, /^(\d+)/),
    calls: Number(await value(contact, 'Calls').textContent()),
    numberCalls: await countOf(numbers, /(\d+) calls/),
  };
  expect(before.numberCalls).toBe(before.calls);
  await fitsWidth(page, 'the opportunity');

  // Back closes the dialog and keeps the page.
  await interactions.getByRole('button', { name: 'Log Interaction' }).click();
  const log = page.getByRole('dialog', { name: 'Log Interaction' });
  await expect(log).toBeVisible();
  await page.goBack();
  await expect(log).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(`/console/opportunities/view/${opp.id}`);

  await interactions.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(log.getByRole('combobox', { name: 'Disposition' }).locator('option').nth(2)).toBeAttached(slow);
  await fitsWidth(page, 'Log Interaction');
  await isSheetOnPhone(page, log, info.project.name);
  await expectNoAxeViolations(page);
  await log.getByRole('radio', { name: 'Call' }).check();
  const chosen = (await log.getByRole('combobox', { name: 'Disposition' }).locator('option').nth(1).textContent())!;
  await log.getByRole('combobox', { name: 'Disposition' }).selectOption({ label: chosen });
  const note = `Reached the client (${info.project.name}).`;
  await log.getByRole('textbox', { name: 'Note' }).fill(note);
  await log.getByRole('textbox', { name: 'Duration (min:sec)' }).fill('3:15');
  await log.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(log).toBeHidden(slow);

  await expect(counted).toHaveText(`${before.interactions + 1} interactions`, slow);
  await expect(value(contact, 'Calls')).toHaveText(String(before.calls + 1), slow);
  await expect(numbers).toContainText(`${before.calls + 1} calls`, slow);
  const firstRow = interactions.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first();
  await expect(firstRow).toContainText(note);
  await expect(firstRow).toContainText(chosen);

  // Correct the disposition of the call just logged.
  await firstRow.getByRole('button', { name: /^Correct disposition of/ }).click();
  const correct = page.getByRole('dialog', { name: 'Correct Disposition' });
  await expect(correct.getByRole('combobox', { name: 'Disposition' }).locator('option').nth(2)).toBeAttached(slow);
  await fitsWidth(page, 'Correct Disposition');
  await isSheetOnPhone(page, correct, info.project.name);
  await expectNoAxeViolations(page);
  const corrected = (await correct
    .getByRole('combobox', { name: 'Disposition' })
    .locator('option')
    .nth(2)
    .textContent())!;
  await correct.getByRole('combobox', { name: 'Disposition' }).selectOption({ label: corrected });
  await correct.getByRole('button', { name: 'Save Disposition' }).click();
  await expect(correct).toBeHidden(slow);
  await expect(firstRow).toContainText(corrected, slow);
  await expect(counted).toHaveText(`${before.interactions + 1} interactions`);

  // Edit the contact's phone: the page links the new number.
  // On a phone the record's actions sit in the bar at the bottom of the screen (decision 0078).
  const editFrom = info.project.name === 'phone' ? page.getByRole('group', { name: 'Opportunity actions' }) : contact;
  await editFrom.getByRole('button', { name: 'Edit Contact' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit).toBeVisible();
  await fitsWidth(page, 'Edit Contact');
  await isSheetOnPhone(page, edit, info.project.name);
  await expectNoAxeViolations(page);
  const last4 = String(1000 + (opp.id % 9000)).padStart(4, '0');
  await edit.getByRole('textbox', { name: 'Phone Number' }).fill(`(207) 555-${last4}`);
  await edit.getByRole('button', { name: 'Save Contact' }).click();
  await expect(edit).toBeHidden(slow);
  await expect(contact.getByRole('link', { name: `(207) 555-${last4}` })).toHaveAttribute(
    'href',
    `tel:+1207555${last4}`,
    slow,
  );

  // A reload shows the same figures (they came from the server, not only from the page's cache).
  await page.reload();
  await expect(counted).toHaveText(`${before.interactions + 1} interactions`, slow);
  await expect(value(contact, 'Calls')).toHaveText(String(before.calls + 1), slow);
});

test('staff see the lender an opportunity went to, with links to reach it', async ({ page, request }) => {
  const token = await adminToken(request);
  const candidates = await oldOpportunities(request, token, '&status=TRANSFERRED_TO_LENDER');
  let withLender: Opp | undefined;
  for (const o of candidates) {
    const res = await request.get(`/interviews-api/opportunities/${o.id}/lender`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (res.ok()) {
      withLender = o;
      break;
    }
  }
  expect(withLender, 'an opportunity that went to a lender').toBeDefined();
  await signedIn(page, 'manager@demo.test', `/console/opportunities/view/${withLender!.id}`);
  const lender = page.getByRole('region', { name: 'Lender' });
  await expect(lender.locator('a[href^="mailto:"]').first()).toBeVisible(slow);
  await expect(lender.locator('a[href^="tel:+1"]').first()).toBeVisible();
  await expect(lender.locator('dt:text-is("Lender Step") + dd')).not.toHaveText('');
  await fitsWidth(page, 'the lender');
  await expectNoAxeViolations(page);
});
