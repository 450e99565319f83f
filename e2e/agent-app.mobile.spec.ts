import type { APIRequestContext, Page } from '@playwright/test';

import { DEMO_PASSWORD, expect, login, signedIn, test } from './fixtures.ts';

// This file's tests need the service worker, which the config blocks elsewhere (decision 0118).
test.use({ serviceWorkers: 'allow' });

// The agent's phone app on the agent host, phone-sized: offline writes survive a reload, apply once,
// and a refused replay is shown. Needs a build (`npx vite build`): the service worker serves the
// console shell while offline.

const AGENT = '(555) 010-0001';
interface Page0<T> {
  content: T[];
  totalElements: number;
}

async function api(request: APIRequestContext, username: string, clientId: string) {
  const res = await request.post('/auth/oauth2.0/accessToken', {
    form: { grant_type: 'password', username, password: DEMO_PASSWORD, client_id: clientId },
  });
  expect(res.ok(), `sign-in of ${username}`).toBe(true);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => {
      const r = await request.get(path, { headers });
      expect(r.ok(), `GET ${path} answered ${r.status()}`).toBe(true);
      return (await r.json()) as T;
    },
    patch: (path: string, data: unknown) => request.patch(path, { headers, data }),
  };
}

const agentApi = (request: APIRequestContext) => api(request, '+15550100001', 'porchlight-agent');

/** Writes waiting in the agent's ledger (IndexedDB 'porchlight-writes' / 'writes'), refused ones aside. */
function queuedWrites(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('porchlight-writes');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const all = open.result.transaction('writes', 'readonly').objectStore('writes').getAll();
          all.onerror = () => resolve(-1);
          all.onsuccess = () => resolve((all.result as { refused?: unknown }[]).filter((e) => !e.refused).length);
        };
      }),
  );
}

async function openReferral(page: Page, name: string): Promise<number> {
  await login(page, AGENT);
  await expect(page).toHaveURL(/\/console\/agent-followups$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true)); // the shell is precached
  await page
    .getByRole('list', { name: 'Follow-ups' })
    .getByRole('link', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toBeVisible();
  return Number(/view\/(\d+)$/.exec(page.url())?.[1]);
}

async function changeStage(page: Page, stage: string) {
  await page.getByRole('button', { name: 'Update Stage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Stage' });
  await dialog.getByRole('radio', { name: stage }).check();
  await dialog.getByRole('button', { name: 'Save stage' }).click();
  await expect(dialog).toBeHidden();
}

test('a stage change and a note made offline wait through a reload and apply once when back online', async ({
  page,
  context,
  request,
}) => {
  const refId = await openReferral(page, 'Liam Johnson');
  const agent = await agentApi(request);
  const me = await agent.get<{ agentId: number }>('/users-api/users/me');
  const base = `/agents-api/agents/${me.agentId}/referrals/${refId}`;
  const before = {
    events: (await agent.get<Page0<unknown>>(`${base}/events`)).totalElements,
    notes: (await agent.get<Page0<unknown>>(`${base}/notes`)).totalElements,
  };

  await context.setOffline(true);
  await changeStage(page, 'Met With Seller');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await page
    .getByRole('dialog', { name: 'Add Note' })
    .getByRole('textbox', { name: 'Note' })
    .fill('Walked the property, listing next week');
  await page.getByRole('dialog', { name: 'Add Note' }).getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(2);
  expect(await queuedWrites(page)).toBe(2); // shown as waiting only once kept in IndexedDB

  await page.reload(); // still offline: the service worker serves the console, IndexedDB the queued writes
  await expect(page.getByRole('heading', { level: 2, name: 'Liam Johnson' })).toBeVisible();
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Met With Seller', { exact: true })).toBeVisible();
  await expect(page.getByText('Walked the property, listing next week')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByText(/^Saved copy from \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  expect((await agent.get<Page0<unknown>>(`${base}/events`)).totalElements).toBe(before.events);

  await context.setOffline(false);
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(0, { timeout: 20_000 });
  const events = await agent.get<Page0<{ type: string; toStage: string | null }>>(`${base}/events`);
  const notes = await agent.get<Page0<{ text: string }>>(`${base}/notes`);
  expect(events.totalElements).toBe(before.events + 1);
  expect(events.content[0]).toMatchObject({ type: 'STAGE_CHANGED', toStage: 'MET_WITH_SELLER' });
  expect(notes.totalElements).toBe(before.notes + 1);
  expect(notes.content.filter((n) => n.text === 'Walked the property, listing next week')).toHaveLength(1);
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByText('Walked the property, listing next week'),
  ).toHaveCount(1);
});

test('a note saved offline survives its page closed at once, and a new page applies it once back online', async ({
  page,
  context,
  request,
}) => {
  const refId = await openReferral(page, 'Liam Johnson');
  const agent = await agentApi(request);
  const me = await agent.get<{ agentId: number }>('/users-api/users/me');
  const notesPath = `/agents-api/agents/${me.agentId}/referrals/${refId}/notes?pageSize=100`;
  const text = 'Typed in the basement, page closed at once';

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByRole('textbox', { name: 'Note' }).fill(text);
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Saved on this device. Waiting to sync.')).toBeVisible();
  const url = page.url();
  await page.close(); // killed as soon as it said so: no unload work, no second chance to write

  const next = await context.newPage();
  await context.setOffline(false);
  await next.goto(url);
  await expect
    .poll(
      async () => (await agent.get<Page0<{ text: string }>>(notesPath)).content.filter((n) => n.text === text).length,
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect.poll(() => queuedWrites(next)).toBe(0);
  await expect(next.getByRole('list', { name: 'Notes' }).getByText(text)).toHaveCount(1);
});

test('a change refused on replay, the referral having been reassigned, is shown with the reason', async ({
  page,
  context,
  request,
}) => {
  const refId = await openReferral(page, 'Elijah Garcia');
  const agent = await agentApi(request);
  const me = await agent.get<{ agentId: number }>('/users-api/users/me');
  await context.setOffline(true);
  await changeStage(page, 'Made Offer');
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(1);

  const broker = await api(request, 'broker@demo.test', 'porchlight-console');
  const agents = await broker.get<Page0<{ id: number; status: string }>>('/agents-api/agents?pageSize=50');
  const colleague = agents.content.find((a) => a.id !== me.agentId && a.status === 'ACTIVE');
  expect(colleague).toBeDefined();
  expect((await broker.patch(`/agents-api/referrals/${refId}/reassign`, { agentId: colleague?.id })).status()).toBe(
    200,
  );

  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: 'not saved' });
  await expect(refused).toContainText(
    'Elijah Garcia: Stage to Made Offer. This referral was reassigned to another agent and is no longer yours. Your change was not saved.',
    { timeout: 20_000 },
  );
  await refused.getByRole('button', { name: 'Dismiss: Elijah Garcia, Stage to Made Offer' }).click();
  await expect(refused).toBeHidden();
});

test('at 360 px wide nothing scrolls sideways and every control is at least 44 px tall', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signedIn(page, AGENT, '/console/agent-followups');
  await expect(page.getByRole('list', { name: 'Follow-ups' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sort' })).toBeVisible();
  const screens = [
    { path: '/console/agent-followups', ready: page.getByRole('list', { name: 'Follow-ups' }) },
    { path: '/console/agent-funnel', ready: page.getByRole('tablist', { name: 'Funnel type' }) },
    { path: '/console/agent-profile', ready: page.getByRole('list', { name: 'Coverage areas' }) },
    { path: '/console/agent-followups/sync', ready: page.getByText('All changes are synced.') },
  ];
  for (const { path, ready } of screens) {
    if (path !== screens[0]?.path) await page.goto(new URL(path, page.url()).href);
    await expect(ready).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    const small = await page
      .locator('main button:visible, main a:visible, main input:visible, main select:visible, header button:visible')
      .evaluateAll((els) =>
        els
          .map((e) => ({
            name: (e.textContent ?? '').trim() || e.getAttribute('aria-label'),
            h: e.getBoundingClientRect().height,
          }))
          .filter((e) => e.h < 44),
      );
    expect(small, path).toEqual([]);
  }
  await page.getByRole('link', { name: 'Back to follow-ups' }).click();
  await page.getByRole('list', { name: 'Follow-ups' }).getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Update Stage' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
