// @vitest-environment-options {"url":"http://agents.localhost/"}
import { onlineManager } from '@tanstack/react-query';
import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { noteWrite } from '../../src/api/agent-app-writes.ts';
import { fetchMe } from '../../src/api/users.ts';
import { clearPersistedQueries } from '../../src/app/query-persistence.ts';
import { readDurable } from '../../src/session/durable-session.ts';
import { expireSession, refreshSession } from '../../src/session/session.ts';
import { profileStore, sessionStore, type Session } from '../../src/session/state.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE } from '../setup/test-server.ts';
import { emptyWriteLedger } from '../setup/write-ledger.ts';

// The agent app's field kit: a dialog closes only once its write is on the device, a 401 renews the
// session before it ends it, the tokens survive a browser kill, and the login page lists what waits.

const AGENT = '(555) 010-0001';

beforeEach(async () => {
  localStorage.clear();
  await emptyWriteLedger();
  await clearPersistedQueries();
});

async function firstReferral() {
  const server = await testServer();
  const { agent_id } = await server.db
    .selectFrom('users')
    .select('agent_id')
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  const r = await server.db
    .selectFrom('referrals')
    .select(['id', 'prospect_first', 'prospect_last'])
    .where('agent_id', '=', agent_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { agentId: agent_id!, refId: r.id, name: `${r.prospect_first} ${r.prospect_last}` };
}

describe('the agent app field kit', () => {
  it('closes Add Note only once the note is in IndexedDB', async () => {
    const { refId } = await firstReferral();
    const { screen, user, client } = await renderApp(`/console/agent-followups/view/${refId}`, { as: AGENT });
    await user.click(await screen.findByRole('button', { name: 'Add Note' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Kept before closing');
    const userId = profileStore.get().user!.id;
    // No answer reaches the page (the connection dropped): the note stays in the ledger, waiting.
    const routed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') throw new TypeError('Failed to fetch');
      return routed(input, init);
    }) as typeof fetch;
    // The moment the dialog leaves the page, the note must already be in the ledger (which holds a write only once IndexedDB has it).
    let keptWhenClosed: boolean | undefined;
    const watch = new MutationObserver(() => {
      if (keptWhenClosed === undefined && !document.body.contains(dialog)) {
        keptWhenClosed = client.writes.ledger
          .of(userId)
          .pending.some((w) => w.kind === 'note' && w.text === 'Kept before closing');
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Note' })).not.toBeInTheDocument());
    watch.disconnect();
    expect(keptWhenClosed).toBe(true);
  }, 60_000);

  it('renews the session on a 401 of a read and sends the read again, instead of signing out', async () => {
    await renderApp('/console/agent-followups', { as: AGENT, stayLoggedIn: true, fromLogin: true });
    const before = sessionStore.get()!;
    // The access token expired during an offline spell (the server no longer takes it); a background read goes out with it.
    sessionStore.set({ ...before, accessToken: 'expired-access-token' });
    const me = await fetchMe();
    expect(me.id).toBe(profileStore.get().user!.id);
    expect(sessionStore.get()?.accessToken).not.toBe('expired-access-token');
    expect(sessionStore.get()?.refreshToken).not.toBe(before.refreshToken);
    expect(location.pathname).not.toBe('/login');
  }, 60_000);

  it('ends the session on a 401 whose renewal the server refuses', async () => {
    await renderApp('/console/agent-followups', { as: AGENT, fromLogin: true });
    sessionStore.set({
      ...sessionStore.get()!,
      accessToken: 'expired-access-token',
      refreshToken: 'revoked-refresh-token',
    });
    await expect(fetchMe()).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    await waitFor(() => expect(location.pathname).toBe('/login'));
  }, 60_000);

  it("keeps the refresh token the server last issued across a browser kill that lost localStorage's last write", async () => {
    await renderApp('/console/agent-followups', { as: AGENT, stayLoggedIn: true, fromLogin: true });
    const older: Session = sessionStore.get()!;
    expect(await refreshSession()).toBe(true);
    const newer = sessionStore.get()!;
    expect(newer.refreshToken).not.toBe(older.refreshToken);
    expect((await readDurable<Session>())?.session?.refreshToken).toBe(newer.refreshToken);
    // The kill: localStorage reached disk before the refresh, IndexedDB after it.
    sessionStore.set(older);
    expect(await refreshSession()).toBe(true);
    expect(sessionStore.get()?.refreshToken).not.toBe(older.refreshToken);
    expect(location.pathname).not.toBe('/login');
  }, 60_000);

  it('lists on the login page the changes still waiting on the device', async () => {
    const { agentId, refId, name } = await firstReferral();
    const { screen, client } = await renderApp('/console/agent-followups', { as: AGENT });
    await client.writes.ledger.enqueue(
      noteWrite({ agentId, referralId: refId, referralName: name }, 'Waiting through the sign-out'),
    );
    await expireSession();
    // The session ended (a refused renewal): the app is on the login page, the write still waiting.
    const list = await screen.findByRole('list', { name: 'Changes waiting on this device' }, { timeout: 30_000 });
    expect(list).toHaveTextContent(`${name}: Note: “Waiting through the sign-out”`);
    expect(screen.getByRole('heading', { name: '1 change waits on this device' })).toBeInTheDocument();
  }, 60_000);
});

describe('Unsynced Changes', () => {
  it('offers Try to sync now while every change waits, and hides it while one is being sent', async () => {
    const { agentId, refId, name } = await firstReferral();
    const server = await testServer();
    const texts = ['first', 'second'].map((n) => `The ${n} note, sent while Unsynced Changes watched (${Date.now()})`);
    const notes = new RegExp(`/referrals/${refId}/notes$`);
    const { screen, user, release, client } = await renderApp('/console/agent-followups/sync', {
      as: AGENT,
      hold: notes,
    });
    await screen.findByRole('heading', { name: 'Waiting to sync' }, { timeout: 30_000 });
    // The connection drops under the first send (the app marks itself offline and the queue stops): both notes wait.
    let reachable = false;
    let dropped = 0;
    const held = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!reachable && notes.test(url)) {
        dropped += 1;
        throw new TypeError('Failed to fetch');
      }
      return held(input, init);
    }) as typeof fetch;
    try {
      // Saved as the Add Note dialog saves them (each kicks the queue); online, so the first send is tried at once.
      onlineManager.setOnline(true);
      const referral = { agentId, referralId: refId, referralName: name };
      for (const text of texts) expect(await client.writes.queue.add(noteWrite(referral, text))).toBe(true);
      await waitFor(() => expect(dropped).toBe(1));
      const list = await screen.findByRole('list', { name: 'Unsynced changes' });
      await waitFor(() => expect(within(list).getAllByText('Waiting to sync')).toHaveLength(2));
      const tryNow = await screen.findByRole('button', { name: 'Try to sync now' });

      // Back in reach, the server holds the call (renderApp's hold): the first note is being sent, the second
      // waits behind it (one referral's writes go in order), and Try to sync now is not offered.
      reachable = true;
      await user.click(tryNow);
      await waitFor(() => expect(within(list).getAllByText('Syncing')).toHaveLength(1));
      expect(within(list).getAllByText('Waiting to sync')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Try to sync now' })).not.toBeInTheDocument();

      // The server answers: both notes are on the server, nothing waits, nothing to try.
      release();
      expect(await screen.findByText('All changes are synced.', {}, { timeout: 30_000 })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try to sync now' })).not.toBeInTheDocument();
      expect(dropped).toBe(1);
      const saved = await server.db.selectFrom('referral_notes').select('body').where('body', 'in', texts).execute();
      expect(saved).toHaveLength(2);
    } finally {
      release();
      globalThis.fetch = held;
      onlineManager.setOnline(true);
    }
  }, 60_000);
});
