import type { APIRequestContext, Page } from '@playwright/test';

import { QA_CRITERIA } from '../src/contract/qa-review.ts';
import { expect as baseExpect, DEMO_PASSWORD, expectNoAxeViolations, signedIn, test } from './fixtures.ts';

// QA review and Twilio tasks, on desktop and phone. The e2e database is shared by the specs of
// a run: each test works on the first call awaiting review / the oldest stuck task it finds, and reads
// figures from the page before and after.

// The machine is shared by many engineers' runs: generous timeouts, the assertions are unchanged.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

const rangeTotal = async (page: Page, type: string) =>
  Number(
    new RegExp(`of (\\d+) ${type}$`).exec(
      await page.getByText(new RegExp(`^\\d+ - \\d+ of \\d+ ${type}$`)).innerText(),
    )?.[1],
  );

// The figures are read from the server before the save; after it, the queue's figure must reach one more
// (the page first shows the cached figure, then its refetch), and the list it opens must hold as many rows.
test('a QA reviewer scores a call and the queue shows it; the figure equals the list it links to', async ({ page }) => {
  await signedIn(page, 'qa@demo.test', '/console/qa-review');
  const queue = page.getByRole('table', { name: 'QA queue' });
  await expect(queue.locator('tbody tr').first()).toBeVisible();
  const figures = page.locator('[aria-labelledby="qa-figures"]');
  const mine = figures
    .locator('dl > div')
    .filter({ has: page.getByText('Reviewed by you', { exact: true }) })
    .getByRole('link');
  await expect(mine).toHaveText(/^\d[\d,]*$/);
  const before = Number(((await mine.textContent()) ?? '').replace(/,/g, ''));
  await expectNoAxeViolations(page);

  const first = queue.locator('tbody tr').first().getByRole('link');
  const client = (await first.innerText()).trim();
  const href = (await first.getAttribute('href'))!;
  const callId = /call=(\d+)/.exec(href)![1]!;
  await first.click();

  const card = page.locator(`#call-${callId}`);
  await expect(card.getByText('Awaiting Review')).toBeVisible();
  await expect(card.locator('audio')).toHaveAttribute('src', /^blob:/);
  // The recording plays: the page's CSP lets the player load its blob: audio (a
  // blocked source ends in a MediaError instead of metadata).
  const loaded = await card.locator('audio').evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<{ duration: number; error: number | null }>((resolve) => {
        const done = () =>
          resolve({ duration: Number.isFinite(audio.duration) ? audio.duration : 0, error: audio.error?.code ?? null });
        if (audio.readyState >= 1 || audio.error) return done();
        audio.addEventListener('loadedmetadata', done, { once: true });
        audio.addEventListener('error', done, { once: true });
        audio.preload = 'metadata';
        audio.load();
      }),
  );
  expect(loaded.error).toBeNull();
  expect(loaded.duration).toBeGreaterThan(0);
  await expect(card.getByText(/^Recording, \d+(m \d+)?s$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expectNoAxeViolations(page);

  await card.getByRole('button', { name: 'Save Scorecard' }).click();
  await expect(card.getByText('Choose pass or fail.').first()).toBeVisible();
  for (const c of QA_CRITERIA) await card.getByRole('group', { name: c.label }).getByLabel('Pass').check();
  await card.getByLabel('Comment').fill('Clear introduction and a correct disposition.');
  await card.getByRole('button', { name: 'Save Scorecard' }).click();
  await expect(page.getByText('Scorecard saved: passed.')).toBeVisible();
  await expect(card.getByText('Passed', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the QA queue' }).click();
  await expect(mine).toHaveText((before + 1).toLocaleString('en-US'));
  const reviewedByMe = before + 1;
  await mine.click();
  await expect(page).toHaveURL(/status=REVIEWED/);
  // The list holds the new review once its total is the figure; it is sorted by call time, and the
  // call scored may be older than a page of this week's reviews (so it can sit on a later page).
  await expect(page.getByText(new RegExp(`^\\d+ - \\d+ of ${reviewedByMe} QA$`))).toBeVisible();
  expect(await rangeTotal(page, 'QA')).toBe(reviewedByMe);
  const row = await rowOnSomePage(page, client);
  await expect(row.getByText('Passed')).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The first row of the QA queue naming `client`, looked for page by page (the last page's if none). */
async function rowOnSomePage(page: Page, client: string) {
  const queue = page.getByRole('table', { name: 'QA queue' });
  const next = page.getByRole('navigation', { name: 'QA pages' }).getByRole('button', { name: 'Next page' });
  const range = page.getByText(/^\d+ - \d+ of \d+ QA$/);
  for (;;) {
    const row = queue.locator('tbody tr').filter({ hasText: client }).first();
    if ((await row.count()) > 0 || !(await next.isEnabled())) return row;
    const shown = await range.innerText();
    await next.click();
    await expect(range).not.toHaveText(shown);
  }
}

/** The server's stuck tasks now (a fresh admin session): their total and sids. */
async function stuckTasks(request: APIRequestContext): Promise<{ total: number; sids: string[] }> {
  const token = await request.post('/auth/oauth2.0/accessToken', {
    form: {
      grant_type: 'password',
      username: 'admin@demo.test',
      password: DEMO_PASSWORD,
      client_id: 'porchlight-console',
    },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await request.get('/contact-center-api/proxy/twilio-api/tasks?stuck=true&pageSize=1000', {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  const body = (await res.json()) as { content: { sid: string }[]; totalElements: number };
  return { total: body.totalElements, sids: body.content.map((t) => t.sid) };
}

test('an admin deletes a stuck Twilio task after a confirmation', async ({ page, request }) => {
  await signedIn(page, 'admin@demo.test', '/console/twilio-tasks?stuck=true');
  const table = page.getByRole('table', { name: 'Twilio Tasks' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const before = await rangeTotal(page, 'tasks');
  const del = table
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^Delete task WT/ });
  const sid = (await del.getAttribute('aria-label'))!.replace('Delete task ', '');

  await del.click();
  const dialog = page.getByRole('dialog', { name: 'Delete Task' });
  await expect(dialog.getByText(sid, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await rangeTotal(page, 'tasks')).toBe(before);

  await del.click();
  await dialog.getByRole('button', { name: 'Delete Task' }).click();
  await expect(page.getByText(`Deleted task ${sid.slice(0, 8)}…`)).toBeVisible();
  await expect(table.getByRole('button', { name: `Delete task ${sid}` })).toHaveCount(0);
  // "Stuck" is an age: a task that crosses its threshold while the run goes on joins the list, so the
  // figure is not simply one less than before. The server no longer has the task, the page's figure
  // has not grown past the server's, and once reloaded it equals the server's count.
  const after = await stuckTasks(request);
  expect(after.sids).not.toContain(sid);
  await expect.poll(() => rangeTotal(page, 'tasks')).toBeLessThanOrEqual(after.total);
  await page.reload();
  await expect.poll(async () => (await rangeTotal(page, 'tasks')) === (await stuckTasks(request)).total).toBe(true);
});
