// @vitest-environment-options {"url":"http://agents.localhost/"}
import { onlineManager } from '@tanstack/react-query';
import { act, render, waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate } from 'wouter/use-browser-location';

import { noteWrite } from '../../src/api/agent-app-writes.ts';
import { App } from '../../src/app/App.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { clearPersistedQueries, settlePersistence } from '../../src/app/query-persistence.ts';
import { expireSession, signIn as signInAgain } from '../../src/session/session.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE, DEMO_PASSWORD, signIn } from '../setup/test-server.ts';
import { emptyWriteLedger, storedLedger } from '../setup/write-ledger.ts';

// Writes made offline: queued in IndexedDB (the ledger), shown as waiting to sync, kept across a
// reload, replayed once with their Idempotency-Key, and refusals shown with the server's reason.

const AGENT = '(555) 010-0001';
type Mode = 'online' | 'offline' | 'lose-answers';
let mode: Mode = 'online';

/** The network as the console sees it: down, or up but losing the answers of writes. */
function network(next: Mode) {
  mode = next;
  if (next === 'offline') onlineManager.setOnline(false);
  if (next === 'online') onlineManager.setOnline(true);
}
function wrapFetch() {
  const routed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (mode === 'offline') throw new TypeError('Failed to fetch');
    const res = await routed(input, init);
    if (mode === 'lose-answers' && init?.method && init.method !== 'GET') throw new TypeError('Failed to fetch');
    return res;
  }) as typeof fetch;
}

beforeEach(async () => {
  localStorage.clear();
  await emptyWriteLedger();
  await clearPersistedQueries();
});
afterEach(() => network('online'));

/** The agent's first referral at `stage` of `type` (any of the agent's referrals without them). */
async function demoRef(stage?: string, type?: string) {
  const server = await testServer();
  const { agent_id } = await server.db
    .selectFrom('users')
    .select('agent_id')
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  let q = server.db
    .selectFrom('referrals')
    .select(['id', 'prospect_first', 'prospect_last'])
    .where('agent_id', '=', agent_id);
  if (stage !== undefined) q = q.where('stage', '=', stage);
  if (type !== undefined) q = q.where('type', '=', type);
  const r = await q.orderBy('id').executeTakeFirstOrThrow();
  return { server, agentId: agent_id!, refId: r.id, name: `${r.prospect_first} ${r.prospect_last}` };
}

async function openReferral(refId: number) {
  const app = await renderApp(`/console/agent-followups/view/${refId}`, { as: AGENT });
  wrapFetch();
  await app.screen.findByRole('button', { name: 'Update Stage' });
  await app.screen.findByRole('list', { name: 'History' });
  return app;
}

type App = Awaited<ReturnType<typeof openReferral>>;

async function changeStage({ screen, user }: App, stage: string, extra?: (dialog: HTMLElement) => Promise<void>) {
  await user.click(screen.getByRole('button', { name: 'Update Stage' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update Stage' });
  await user.click(within(dialog).getByRole('radio', { name: stage }));
  await extra?.(dialog);
  await user.click(within(dialog).getByRole('button', { name: 'Save stage' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Stage' })).not.toBeInTheDocument());
}

async function addNote({ screen, user }: App, text: string) {
  await user.click(screen.getByRole('button', { name: 'Add Note' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), text);
  await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
}

const rows = async (table: 'referral_events' | 'referral_notes', refId: number, since: Date) => {
  const server = await testServer();
  return server.db
    .selectFrom(table)
    .selectAll()
    .where('referral_id', '=', refId)
    .where('created_at', '>=', since)
    .execute();
};

describe('a referral changed offline', () => {
  it('queues the stage change and the note, keeps them across a reload, and applies each once when back online', async () => {
    const { refId } = await demoRef('SPOKEN_WITH', 'SELLER');
    const since = new Date();
    const app = await openReferral(refId);
    network('offline');
    await changeStage(app, 'Under Contract', async (dialog) => {
      await app.user.type(within(dialog).getByLabelText('Expected closing date'), '2031-03-14');
    });
    await addNote(app, 'Left a voicemail from the road');
    // Each shows once it is kept on the device (IndexedDB): wait for both.
    await waitFor(() => expect(app.screen.getAllByText('Waiting to sync')).toHaveLength(2));
    expect(app.screen.getByText('Under Contract')).toBeInTheDocument();
    expect(app.screen.getByText('Left a voicemail from the road')).toBeInTheDocument();
    // Both are in IndexedDB as soon as they are shown: no timer between.
    expect((await storedLedger()).pending).toHaveLength(2);

    // A reload: the page being left writes what the cache's throttle holds (pagehide), then a new page
    // (new QueryClient) reads the ledger and restores the persisted cache, still offline.
    await settlePersistence();
    app.unmount();
    const reloaded = render(<App client={createQueryClient()} />);
    await waitFor(() => expect(reloaded.getAllByText('Waiting to sync')).toHaveLength(2));
    expect(reloaded.getByText('Under Contract')).toBeInTheDocument();
    await app.user.click(reloaded.getByRole('link', { name: 'View unsynced changes' }));
    const unsynced = await reloaded.findByRole('list', { name: 'Unsynced changes' });
    expect(within(unsynced).getAllByRole('listitem')).toHaveLength(2);
    expect(unsynced).toHaveTextContent('Stage to Under Contract (closing Mar 14, 2031)');
    expect(await rows('referral_events', refId, since)).toHaveLength(0);

    network('online');
    expect(await reloaded.findByText('All changes are synced.')).toBeInTheDocument();
    const events = await rows('referral_events', refId, since);
    expect(events).toMatchObject([
      {
        type: 'STAGE_CHANGED',
        from_stage: 'SPOKEN_WITH',
        to_stage: 'UNDER_CONTRACT',
        detail: 'Expected closing 2031-03-14',
      },
    ]);
    expect(events[0]?.idempotency_key).toMatch(/:[0-9a-f-]{36}$/);
    expect(await rows('referral_notes', refId, since)).toMatchObject([{ body: 'Left a voicemail from the road' }]);
    expect(await storedLedger()).toEqual({ pending: [], refused: [] });
  }, 60_000); // the file's first sign-in and render: slow on a busy machine

  it('keeps a write through a sign-out the agent did not ask for, and applies it once when the same agent signs in again', async () => {
    const { refId } = await demoRef('AWAITING_FOLLOWUP', 'SELLER');
    const since = new Date();
    const app = await openReferral(refId);
    network('offline');
    await changeStage(app, 'Spoken With');
    expect(await app.screen.findByText('Waiting to sync')).toBeInTheDocument();
    await act(() => expireSession()); // clears every cache of the identity
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect((await storedLedger()).pending).toHaveLength(1);

    network('online');
    await act(async () => {
      await signInAgain({ username: DEMO_AGENT_PHONE, password: DEMO_PASSWORD, stayLoggedIn: false });
      navigate('/console/agent-followups');
    });
    await app.screen.findByRole('list', { name: 'Follow-ups' });
    await waitFor(async () => expect(await rows('referral_events', refId, since)).toHaveLength(1));
    await waitFor(async () => expect(await storedLedger()).toEqual({ pending: [], refused: [] }));
    expect((await rows('referral_events', refId, since))[0]).toMatchObject({
      from_stage: 'AWAITING_FOLLOWUP',
      to_stage: 'SPOKEN_WITH',
    });
  });

  it('replays a write whose answer was lost with the same Idempotency-Key, and the server applies it once', async () => {
    const { refId } = await demoRef('SHOWN_HOMES', 'BUYER');
    const since = new Date();
    const app = await openReferral(refId);
    network('lose-answers');
    await changeStage(app, 'Made Offer');
    expect(await app.screen.findByText('Waiting to sync')).toBeInTheDocument();
    await waitFor(() => expect(onlineManager.isOnline()).toBe(false)); // the write paused rather than failed
    expect(await rows('referral_events', refId, since)).toHaveLength(1); // it did arrive

    network('online');
    expect(await app.screen.findByText('Stage updated')).toBeInTheDocument();
    expect(app.screen.queryByText('Waiting to sync')).not.toBeInTheDocument();
    expect(await rows('referral_events', refId, since)).toHaveLength(1);
  });

  it("shows a replay refused after the referral was reassigned with the server's reason until dismissed", async () => {
    const { server, agentId, refId, name } = await demoRef('OFFER_MADE', 'BUYER');
    const since = new Date();
    const app = await openReferral(refId);
    network('offline');
    await changeStage(app, 'Long-Term Hold');
    expect(await app.screen.findByText('Waiting to sync')).toBeInTheDocument();

    const { brokerage_id } = await server.db
      .selectFrom('agents')
      .select('brokerage_id')
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    const colleague = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', brokerage_id)
      .where('id', '<>', agentId)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const broker = await signIn(server, 'broker@demo.test');
    expect((await broker.patch(`/agents-api/referrals/${refId}/reassign`, { agentId: colleague.id })).status).toBe(200);

    network('online');
    const refused = await app.screen.findByRole('alert', { name: 'Changes not saved' });
    expect(refused).toHaveTextContent(
      `${name}: Stage to Long-Term Hold. This referral was reassigned to another agent and is no longer yours. Your change was not saved.`,
    );
    const moved = await rows('referral_events', refId, since);
    expect(moved.map((e) => e.type)).toEqual(['REASSIGNED']);
    const { n } = await server.db
      .selectFrom('referrals')
      .select(sql<number>`(stage = 'OFFER_MADE' and agent_id <> ${agentId})::int`.as('n'))
      .where('id', '=', refId)
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);

    // The referral is no longer the agent's: the view says so rather than showing the cached copy.
    expect(
      await app.screen.findByText('This referral was reassigned to another agent and is no longer yours.'),
    ).toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: 'Update Stage' })).not.toBeInTheDocument();
    await app.user.click(within(refused).getByRole('button', { name: `Dismiss: ${name}, Stage to Long-Term Hold` }));
    await waitFor(() => expect(app.screen.queryByRole('alert', { name: 'Changes not saved' })).not.toBeInTheDocument());
    expect(await storedLedger()).toEqual({ pending: [], refused: [] });
  });

  it('asks before an explicit Log out with changes not synced, and keeps them for the same agent on Keep and log out', async () => {
    const { agentId, refId, name } = await demoRef();
    const app = await renderApp('/console/agent-followups', { as: AGENT });
    wrapFetch();
    await app.screen.findByRole('list', { name: 'Follow-ups' });
    network('offline');
    for (const text of ['Kept through a log out', 'Also kept'])
      expect(
        await app.client.writes.queue.add(noteWrite({ agentId, referralId: refId, referralName: name }, text)),
      ).toBe(true);
    await app.user.click(await app.screen.findByRole('button', { name: 'Log out' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Log out' });
    await waitFor(() => expect(dialog).toHaveTextContent('2 changes are not synced yet.'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep and log out' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect((await storedLedger()).pending).toHaveLength(2);
  });

  it('removes the changes not synced only when the agent chooses Discard and log out', async () => {
    const { agentId, refId, name } = await demoRef();
    const since = new Date();
    const app = await renderApp('/console/agent-followups', { as: AGENT });
    wrapFetch();
    await app.screen.findByRole('list', { name: 'Follow-ups' });
    network('offline');
    expect(
      await app.client.writes.queue.add(
        noteWrite({ agentId, referralId: refId, referralName: name }, 'Discarded on purpose'),
      ),
    ).toBe(true);
    await app.user.click(await app.screen.findByRole('button', { name: 'Log out' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Log out' });
    await waitFor(() => expect(dialog).toHaveTextContent('1 change is not synced yet.'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Discard and log out' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(await storedLedger()).toEqual({ pending: [], refused: [] });
    network('online');
    expect(await rows('referral_notes', refId, since)).toHaveLength(0);
  });
});
