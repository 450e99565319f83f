// The live console: a change someone else makes through the API appears on the open
// screen without Refresh, within 2 s, with a quiet "Updated" status; the stream closes at sign-out.
import { waitFor, within, type Screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { cursorCodec } from '../../server/events/cursor.ts';
import { liveStreamsOf } from '../../server/events/streams.ts';
import { configureLiveEvents } from '../../src/app/live-events.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE, signIn } from '../setup/test-server.ts';

beforeAll(() => {
  configureLiveEvents({ enabled: true, quietMs: 0 });
});
afterAll(() => {
  configureLiveEvents({ enabled: false, quietMs: 2_000 });
});

const SOON = { timeout: 2_000 }; // the bound: within 2 s of the change
/** The quiet mark: a polite status region saying Updated. */
const saysUpdated = (screen: Screen) => screen.getAllByRole('status').some((s) => s.textContent === 'Updated');

describe('the live console', () => {
  it('shows a note another user adds to the open referral, and says Updated', async () => {
    const server = await testServer();
    const agentUser = await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    const ref = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('agent_id', '=', agentUser.agent_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { screen } = await renderApp(`/console/my-referrals/view/${ref.id}`, { as: 'broker@demo.test' });
    await screen.findByRole('button', { name: 'Add Note' });
    expect(saysUpdated(screen)).toBe(false);
    await waitFor(() => expect(liveStreamsOf(server.events).size).toBe(1));

    const staff = await signIn(server, 'admin@demo.test');
    expect(
      (
        await staff.post(`/agents-api/broker-referrals/${ref.id}/notes`, {
          text: 'Staff called the client this morning',
        })
      ).status,
    ).toBe(201);
    expect(await screen.findByText('Staff called the client this morning', {}, SOON)).toBeInTheDocument();
    await waitFor(() => expect(saysUpdated(screen)).toBe(true), SOON);
  });

  it("shows a staff change to a lead's name on the broker's open My Leads within 2 s", async () => {
    const server = await testServer();
    const harbor = await server.db
      .selectFrom('users')
      .select('broker_id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    // The newest lead: first on My Leads (newest first).
    const lead = await server.db
      .selectFrom('opportunities')
      .select(['id', 'contact_last'])
      .where('brokerage_id', '=', harbor.broker_id!)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen } = await renderApp('/console/my-leads', { as: 'broker@demo.test' });
    expect((await screen.findAllByText(new RegExp(lead.contact_last ?? 'Not Available'))).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Quentinette/)).toBeNull();
    await waitFor(() => expect(liveStreamsOf(server.events).size).toBe(1));

    const staff = await signIn(server, 'admin@demo.test');
    expect((await staff.patch(`/interviews-api/opportunities/${lead.id}`, { nameFirst: 'Quentinette' })).status).toBe(
      200,
    );
    expect((await screen.findAllByText(/Quentinette/, {}, SOON)).length).toBeGreaterThan(0);
    await waitFor(() => expect(saysUpdated(screen)).toBe(true), SOON);
  });

  it('updates a row of the open list when staff reassign its referral, and closes the stream at sign-out', async () => {
    const server = await testServer();
    const { screen, user } = await renderApp('/console/my-referrals', { as: 'broker@demo.test' });
    const table = await screen.findByRole('table', { name: 'Referrals' });
    const link = (await within(table).findAllByRole('link')).find((a) =>
      /\/view\/\d+/.test(a.getAttribute('href') ?? ''),
    )!;
    const refId = Number(/\/view\/(\d+)/.exec(link.getAttribute('href')!)![1]);
    const ref = await server.db
      .selectFrom('referrals')
      .select(['agent_id', 'brokerage_id'])
      .where('id', '=', refId)
      .executeTakeFirstOrThrow();
    const other = await server.db
      .selectFrom('agents')
      .select(['id', 'first_name', 'last_name'])
      .where('brokerage_id', '=', ref.brokerage_id)
      .where('status', '=', 'ACTIVE')
      .where('id', '<>', ref.agent_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const newAgent = `${other.first_name} ${other.last_name}`;
    const rowOf = () =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.querySelector(`a[href$="/view/${refId}"]`))!;
    expect(within(rowOf()).queryByText(newAgent)).toBeNull();
    await waitFor(() => expect(liveStreamsOf(server.events).size).toBe(1));

    const staff = await signIn(server, 'admin@demo.test');
    expect((await staff.patch(`/agents-api/referrals/${refId}/reassign`, { agentId: other.id })).status).toBe(200);
    // The row (most recently updated first) now names the new agent, without a Refresh.
    await waitFor(() => expect(within(rowOf()).getByText(newAgent)).toBeInTheDocument(), SOON);
    await waitFor(() => expect(saysUpdated(screen)).toBe(true), SOON);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(liveStreamsOf(server.events).size).toBe(0));
  });

  it('pauses offline and, back online, catches up with what changed meanwhile (Last-Event-ID)', async () => {
    const server = await testServer();
    const agentUser = await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    const ref = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('agent_id', '=', agentUser.agent_id!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen } = await renderApp(`/console/my-referrals/view/${ref.id}`, { as: 'broker@demo.test' });
    // What each opening of the stream asks to resume from.
    const resumes: (string | null)[] = [];
    const inner = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/events')) resumes.push(new Headers(init?.headers).get('Last-Event-ID'));
      return inner(input, init);
    }) as typeof fetch;
    await screen.findByRole('button', { name: 'Add Note' });
    await waitFor(() => expect(liveStreamsOf(server.events).size).toBe(1));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      await waitFor(() => expect(liveStreamsOf(server.events).size).toBe(0));
      const staff = await signIn(server, 'admin@demo.test');
      expect(
        (
          await staff.post(`/agents-api/broker-referrals/${ref.id}/notes`, {
            text: 'Written while the broker was offline',
          })
        ).status,
      ).toBe(201);
    } finally {
      onLine.mockRestore();
    }
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Written while the broker was offline', {}, SOON)).toBeInTheDocument();
    // The reconnect resumed from the position the first stream reported, before the note's event.
    await waitFor(() => expect(resumes.at(-1)).toMatch(/^[A-Za-z0-9_-]{22}$/));
    const noteEvent = await server.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'REFERRAL_NOTE_ADDED')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await cursorCodec(server.db)).decode(resumes.at(-1)!)).toBeLessThan(noteEvent.id);
  });
});
