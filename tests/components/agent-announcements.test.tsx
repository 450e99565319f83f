// @vitest-environment-options {"url":"http://agents.localhost/"}
import { onlineManager } from '@tanstack/react-query';
import { render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { App } from '../../src/app/App.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { clearPersistedQueries, settlePersistence } from '../../src/app/query-persistence.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE } from '../setup/test-server.ts';
import { emptyWriteLedger } from '../setup/write-ledger.ts';

// Announcements in the agent app: the drawer entry with the unread count, the list newest
// first, opening one marks it read, and the saved copy works offline (the read waits for a connection).

const AGENT = '(555) 010-0001';
let offline = false;

function wrapFetch() {
  const routed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (offline) throw new TypeError('Failed to fetch');
    return routed(input, init);
  }) as typeof fetch;
}
function network(on: boolean) {
  offline = !on;
  onlineManager.setOnline(on);
}

beforeEach(async () => {
  localStorage.clear();
  await emptyWriteLedger();
  await clearPersistedQueries();
});
afterEach(() => network(true));

const readsOf = async (title: string) => {
  const server = await testServer();
  return server.db
    .selectFrom('announcement_reads as r')
    .innerJoin('announcements as a', 'a.id', 'r.announcement_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.read_at')
    .where('a.title', '=', title)
    .where('u.phone', '=', DEMO_AGENT_PHONE)
    .execute();
};

describe('the agent app announcements', () => {
  it('lists the agent’s announcements newest first with the unread count in the drawer, and opening one marks it read', async () => {
    const { screen, user } = await renderApp('/console/agent-announcements', { as: AGENT });
    expect(await screen.findByRole('heading', { level: 2, name: 'Announcements (1 unread)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Announcements' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('button').textContent)).toEqual([
      expect.stringMatching(/^Team meeting FridayUnread/),
      expect.stringMatching(/^Agent app 4\.3 is out(?!Unread)/),
    ]);
    expect(screen.queryByText('Lender portal maintenance')).not.toBeInTheDocument();
    expect(screen.getByText(/^Last updated /)).toBeInTheDocument();
    const entry = await screen.findByRole('link', { name: /^Announcements/ });
    expect(entry).toHaveAttribute('href', '/console/agent-announcements');
    await waitFor(() => expect(within(entry).getByLabelText('1 unread')).toBeInTheDocument());

    const meeting = within(list).getByRole('button', { name: /Team meeting Friday/ });
    await user.click(meeting);
    expect(meeting).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Harbor Point agents: our monthly team meeting moves to Friday at 9 AM.')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'Announcements (0 unread)' })).toBeInTheDocument();
    await waitFor(() => expect(within(entry).queryByLabelText(/unread/)).not.toBeInTheDocument());
    expect(await readsOf('Team meeting Friday')).toHaveLength(1);
  });

  it('shows the saved copy offline after a reload, and a read made offline reaches the server once back online', async () => {
    const server = await testServer();
    const staff = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const at = new Date(Date.now() - 60_000);
    await server.db
      .insertInto('announcements')
      .values({
        title: 'Offline memo',
        body: 'Read me on the road.',
        audience: 'AGENTS',
        priority: 'NORMAL',
        status: 'PUBLISHED',
        publish_at: at,
        created_at: at,
        updated_at: at,
        created_by: staff.id,
        brokerage_id: null,
      })
      .execute();
    const app = await renderApp('/console/agent-announcements', { as: AGENT });
    wrapFetch();
    expect(await app.screen.findByRole('button', { name: /Offline memo/ })).toBeInTheDocument();
    await settlePersistence();

    network(false);
    app.unmount();
    const reloaded = render(<App client={createQueryClient()} />);
    const memo = await reloaded.findByRole('button', { name: /Offline memo/ });
    expect(reloaded.getByText(/^Saved copy from /)).toBeInTheDocument();
    expect(reloaded.getByRole('heading', { level: 2, name: /\(1 unread\)/ })).toBeInTheDocument();
    await app.user.click(memo);
    expect(await reloaded.findByRole('heading', { level: 2, name: /\(0 unread\)/ })).toBeInTheDocument();
    expect(reloaded.getByText('Read me on the road.')).toBeVisible();
    expect(await readsOf('Offline memo')).toHaveLength(0);

    network(true);
    await waitFor(async () => expect(await readsOf('Offline memo')).toHaveLength(1));
    expect(await reloaded.findByRole('heading', { level: 2, name: 'Announcements (0 unread)' })).toBeInTheDocument();
  });
});
