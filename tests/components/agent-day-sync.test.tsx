// @vitest-environment-options {"url":"http://agents.localhost/"}
import { onlineManager } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate } from 'wouter/use-browser-location';

import { agentAppKeys } from '../../src/api/agent-app-keys.ts';
import { daySyncKey } from '../../src/api/agent-day-sync.ts';
import { cacheKeyFor, clearPersistedQueries, settlePersistence } from '../../src/app/query-persistence.ts';
import { profileStore } from '../../src/session/state.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE, signIn } from '../setup/test-server.ts';

// Sync for the day: with the follow-ups open, every open follow-up's detail, events and
// notes are kept on the device (the query cache, persisted); offline, a kept one opens at once with
// its age, one not kept says so in one sentence with the way back, never an endless spinner.

const AGENT = '(555) 010-0001';
let offline = false;
let hang: ((url: string) => boolean) | null = null;

/** The network as the console sees it: the in-process API, or nothing (offline), or a call that never answers. */
function wrapFetch() {
  const routed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (offline) throw new TypeError('Failed to fetch');
    if (hang?.(url)) {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return routed(input, init);
  }) as typeof fetch;
}
function goOffline() {
  offline = true;
  act(() => {
    onlineManager.setOnline(false);
  });
}

beforeEach(async () => {
  offline = false;
  hang = null;
  await clearPersistedQueries();
});
const realStorage = Object.getOwnPropertyDescriptor(navigator, 'storage');
afterEach(() => {
  offline = false;
  onlineManager.setOnline(true);
  if (realStorage) Object.defineProperty(navigator, 'storage', realStorage);
  else Reflect.deleteProperty(navigator, 'storage');
});

async function agentReferrals() {
  const server = await testServer();
  const { agent_id } = await server.db
    .selectFrom('users')
    .select('agent_id')
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  const rows = await server.db
    .selectFrom('referrals')
    .select(['id', 'stage', 'prospect_first', 'prospect_last'])
    .where('agent_id', '=', agent_id)
    .orderBy('id')
    .execute();
  const name = (r: (typeof rows)[number]) => `${r.prospect_first} ${r.prospect_last}`;
  const open = rows.filter((r) => !['CLOSED', 'LEASED', 'REMOVED'].includes(r.stage));
  const closed = rows.find((r) => r.stage === 'CLOSED')!;
  return { agentId: agent_id!, open, closed, name };
}

async function openFollowups() {
  const app = await renderApp('/console/agent-followups', { as: AGENT });
  wrapFetch();
  await app.screen.findByText(/^Saved on this device for offline use: \d+ open follow-ups\. Last synced /, undefined, {
    timeout: 10_000,
  });
  return app;
}

describe('sync for the day', () => {
  it("keeps every open follow-up's detail, events and notes in the persisted cache, opened or not, and says when it last synced", async () => {
    const { agentId, open, closed } = await agentReferrals();
    const { client, screen } = await openFollowups();
    expect(
      screen.getByText(new RegExp(`^Saved on this device for offline use: ${open.length} open follow-ups\\.`)),
    ).toBeInTheDocument();
    for (const r of open) {
      expect(client.getQueryData(agentAppKeys.detail(agentId, r.id)), `detail ${r.id}`).toMatchObject({
        id: r.id,
        stage: r.stage,
      });
      expect(client.getQueryData(agentAppKeys.events(agentId, r.id)), `events ${r.id}`).toMatchObject({
        content: expect.any(Array),
      });
      expect(client.getQueryData(agentAppKeys.notes(agentId, r.id)), `notes ${r.id}`).toMatchObject({
        content: expect.any(Array),
      });
    }
    expect(client.getQueryData(agentAppKeys.detail(agentId, closed.id))).toBeUndefined();
    await settlePersistence();
    const userId = profileStore.get().user!.id;
    const saved = JSON.stringify(await get(cacheKeyFor(userId), createStore('porchlight', 'query-cache')));
    for (const r of open) expect(saved).toContain(JSON.stringify(agentAppKeys.events(agentId, r.id)));
  });

  it('syncs again as soon as the connection returns, bringing what changed on the server meanwhile', async () => {
    const { agentId, open } = await agentReferrals();
    const { client } = await openFollowups();
    const last = open[open.length - 1]!;
    const before = client.getQueryState(daySyncKey(agentId))!.dataUpdatedAt;
    goOffline();
    const server = await testServer();
    const agent = await signIn(server, DEMO_AGENT_PHONE);
    expect(
      (
        await agent.post(
          `/agents-api/agents/${agentId}/referrals/${last.id}/notes`,
          { text: 'Added from another phone' },
          { 'Idempotency-Key': 'day-sync-reconnect' },
        )
      ).status,
    ).toBe(201);
    offline = false;
    act(() => {
      onlineManager.setOnline(true);
    });
    await waitFor(() => expect(client.getQueryState(daySyncKey(agentId))!.dataUpdatedAt).toBeGreaterThan(before));
    await waitFor(() =>
      expect(
        client.getQueryData<{ content: { text: string }[] }>(agentAppKeys.notes(agentId, last.id))?.content[0]?.text,
      ).toBe('Added from another phone'),
    );
  });

  it('opens offline a follow-up never opened before, at once and with the age of its copy', async () => {
    const { open, name } = await agentReferrals();
    const { screen } = await openFollowups();
    const never = open[open.length - 1]!;
    goOffline();
    act(() => navigate(`/console/agent-followups/view/${never.id}`));
    expect(await screen.findByRole('heading', { name: name(never) })).toBeInTheDocument();
    expect(screen.getByText(/^Saved copy from /)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading referral' })).not.toBeInTheDocument();
  });

  it('says in one sentence that a follow-up not kept cannot open offline, under its name and stage from the list, with the way back', async () => {
    const { closed, name } = await agentReferrals();
    const { screen, user } = await openFollowups();
    await screen.findByRole('link', { name: new RegExp(name(closed)) });
    goOffline();
    act(() => navigate(`/console/agent-followups/view/${closed.id}`));
    expect(
      await screen.findByText(
        'This follow-up is not saved on this device, so it cannot be opened until you are back online.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: name(closed) })).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByText('Loading referral')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to follow-ups' }));
    expect(await screen.findByRole('list', { name: 'Follow-ups' })).toBeInTheDocument();
  });

  it('ends a wait on a connection that does not answer with a message within 2 s, then shows the follow-up when it lands', async () => {
    const { closed, name } = await agentReferrals();
    const { screen } = await openFollowups();
    hang = (url) => url.includes(`/referrals/${closed.id}`);
    const started = performance.now();
    act(() => navigate(`/console/agent-followups/view/${closed.id}`));
    expect(
      await screen.findByText(/^This follow-up is not saved on this device and the connection is slow/, undefined, {
        timeout: 3_000,
      }),
    ).toBeInTheDocument();
    expect(performance.now() - started).toBeLessThan(3_000);
    hang = null;
    // The read that hung times out (4 s) and is asked again: its answer replaces the message.
    expect(await screen.findByRole('button', { name: 'Add Note' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: name(closed) })).toBeInTheDocument();
    expect(screen.queryByText(/^This follow-up is not saved on this device/)).not.toBeInTheDocument();
  });
});

describe('saved data in the profile', () => {
  it("shows the space used, and Clear saved data forgets the agent's kept follow-ups but keeps the screen working", async () => {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        estimate: () => Promise.resolve({ usage: 2_400_000, quota: 1e9 }),
        persisted: () => Promise.resolve(true),
        persist: () => Promise.resolve(true),
      },
    });
    const server = await testServer();
    const { agent_id } = await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    const { screen, user, client } = await renderApp('/console/agent-followups', { as: '(555) 010-0001' });
    await screen.findByText(/^Saved on this device for offline use: \d+ open follow-ups\./, undefined, {
      timeout: 10_000,
    });
    const kept = client
      .getQueryCache()
      .findAll({ queryKey: agentAppKeys.agent(agent_id!) })
      .filter((q) => q.state.status === 'success').length;
    expect(kept).toBeGreaterThan(20);
    await user.click(screen.getByRole('link', { name: /Profile/ }));
    expect(await screen.findByText('2.3 MB used, kept by the browser when space runs low.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear saved data' }));
    expect(await screen.findByText('Saved data cleared. Changes waiting to sync are kept.')).toBeInTheDocument();
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: agentAppKeys.agent(agent_id!) })
        .filter((q) => q.state.status === 'success').length,
    ).toBeLessThan(kept);
    // The screen's own answers are fetched again.
    expect(await screen.findByRole('heading', { name: 'Coverage areas' })).toBeInTheDocument();
  });
});
