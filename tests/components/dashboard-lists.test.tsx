import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearPersistedQueries, settlePersistence } from '../../src/app/query-persistence.ts';
import { pinClockAtNoon } from '../setup/noon-clock.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const DAY_MS = 86_400_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('the recently assigned lists', () => {
  it('show the five most recently assigned leads, all products, and the IRIS ones apart', async () => {
    const { screen, server } = await renderApp('/console', { as: 'broker@demo.test' });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const latest = (product?: string) => {
      let q = server.db
        .selectFrom('opportunities')
        .select(['contact_first', 'contact_last'])
        .where('brokerage_id', '=', harbor.id)
        .where('assigned_at', 'is not', null);
      if (product) q = q.where('product', '=', product);
      return q.orderBy('assigned_at', 'desc').orderBy('id', 'desc').limit(5).execute();
    };
    const names = (rows: { contact_first: string | null; contact_last: string | null }[]) =>
      rows.map((r) => [r.contact_first, r.contact_last].filter(Boolean).join(' ') || 'Unavailable');
    const all = await screen.findByRole('region', { name: 'Recently Assigned Referrals' });
    const list = await within(all).findByRole('list', { name: 'Recently assigned referrals' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(names(await latest()));
    within(list)
      .getAllByRole('listitem')
      .forEach((li) => expect(li.textContent).toMatch(/Assigned to .+\d{1,2}:\d{2} (AM|PM)$/));
    const iris = await screen.findByRole('region', { name: 'Recently Assigned IRIS Referrals' });
    const irisList = await within(iris).findByRole('list', { name: 'Recently assigned IRIS referrals' });
    expect(
      within(irisList)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(names(await latest('LEAD_GENIUS')));
  });
});

describe('the notifications menu', () => {
  it("lists the brokerage agents' notifications of the last day, newest first", async () => {
    const { screen, user, server, client } = await renderApp('/console', { as: 'broker@demo.test' });
    // The overview's first reads finish before the rows change: a read still in flight when Refresh is
    // clicked would answer with the rows as they were (a retry on a slow clean-clone run).
    await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const since = new Date(Date.now() - DAY_MS);
    const rows = await server.db
      .selectFrom('agent_notifications')
      .select(['title'])
      .where('brokerage_id', '=', harbor.id)
      .where('sent', '>=', since)
      .orderBy('sent', 'desc')
      .orderBy('id', 'desc')
      .limit(24)
      .execute();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    if (rows.length === 0) {
      expect(await within(panel).findByText('No notifications in the past 24 hours')).toBeInTheDocument();
    } else {
      await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(rows.length));
      expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(rows[0]!.title);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it("shows exactly the last 24 hours, not everything since yesterday's midnight", async () => {
    pinClockAtNoon(); // yesterday's first second is then 36 hours ago, whatever the hour of the run
    const { screen, user, server, client } = await renderApp('/console', { as: 'broker@demo.test' });
    // The overview's first reads finish before the rows change: a read still in flight when Refresh is
    // clicked would answer with the rows as they were (a retry on a slow clean-clone run).
    await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const agent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', harbor.id)
      .executeTakeFirstOrThrow();
    await server.db.deleteFrom('agent_notifications').execute();
    // Yesterday just after midnight UTC is inside the call's fromDate but more than 24 hours ago.
    const yesterdayMidnight = Date.parse(`${new Date(Date.now() - DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`);
    const row = (title: string, sent: Date) => ({
      agent_id: agent.id,
      brokerage_id: harbor.id,
      type: 'NEW_REFERRAL' as const,
      referral_id: null,
      referral_name: 'Someone',
      title,
      text: title,
      sent,
    });
    await server.db
      .insertInto('agent_notifications')
      .values([
        row('Sent the day before', new Date(yesterdayMidnight + 1000)),
        row('Sent an hour ago', new Date(Date.now() - 3_600_000)),
      ])
      .execute();
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('Sent an hour ago', { selector: 'strong' })).toBeInTheDocument();
    expect(within(panel).queryByText('Sent the day before', { selector: 'strong' })).not.toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says when there are none', async () => {
    const { screen, user, server } = await renderApp('/console', { as: 'broker@demo.test' });
    await server.db.deleteFrom('agent_notifications').execute();
    await user.click(await screen.findByRole('button', { name: 'Refresh' })); // the first test's list is cached
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications in the past 24 hours')).toBeInTheDocument();
  });

  it('says when they cannot be loaded', async () => {
    const server = await testServer();
    await settlePersistence(); // let the throttled cache write land
    await clearPersistedQueries();
    const request = server.app.request.bind(server.app);
    server.app.request = ((path: string, init?: RequestInit) =>
      String(path).startsWith('/agents-api/notifications')
        ? Promise.resolve(new Response('{}', { status: 500 }))
        : request(path, init)) as typeof server.app.request;
    try {
      const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
      await user.click(await screen.findByRole('button', { name: 'Notifications' }));
      const panel = await screen.findByRole('region', { name: 'Notifications' });
      expect(
        await within(panel).findByText('An error occurred loading agents notifications.', {}, { timeout: 15_000 }),
      ).toBeInTheDocument();
    } finally {
      server.app.request = request;
    }
  });
});
