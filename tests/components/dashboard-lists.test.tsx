import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearPersistedQueries } from '../../src/app/query-persistence.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const DAY_MS = 86_400_000;

describe('the recently assigned lists', () => {
  it('show the five most recently assigned leads, all products, and the IRIS ones apart', async () => {
    const { screen, server } = await renderApp('/console', { as: 'broker@demo.test' });
    const harbor = await server.db.selectFrom('brokerages').select('id').where('name', '=', 'Harbor Point Realty').executeTakeFirstOrThrow();
    const latest = (product?: string) => {
      let q = server.db.selectFrom('opportunities').select(['contact_first', 'contact_last'])
        .where('brokerage_id', '=', harbor.id).where('assigned_at', 'is not', null);
      if (product) q = q.where('product', '=', product);
      return q.orderBy('assigned_at', 'desc').orderBy('id', 'desc').limit(5).execute();
    };
    const names = (rows: { contact_first: string | null; contact_last: string | null }[]) =>
      rows.map((r) => [r.contact_first, r.contact_last].filter(Boolean).join(' ') || 'Unavailable');
    const all = await screen.findByRole('region', { name: 'Recently Assigned Referrals' });
    const list = await within(all).findByRole('list', { name: 'Recently assigned referrals' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(names(await latest()));
    within(list).getAllByRole('listitem').forEach((li) => expect(li.textContent).toMatch(/Assigned to .+\d{1,2}:\d{2} (AM|PM)$/));
    const iris = await screen.findByRole('region', { name: 'Recently Assigned IRIS Referrals' });
    const irisList = await within(iris).findByRole('list', { name: 'Recently assigned IRIS referrals' });
    expect(within(irisList).getAllByRole('button').map((b) => b.textContent)).toEqual(names(await latest('LEAD_GENIUS')));
  });
});

describe('the notifications menu', () => {
  it('lists the brokerage agents\' notifications of the last day, newest first', async () => {
    const { screen, user, server } = await renderApp('/console', { as: 'broker@demo.test' });
    const harbor = await server.db.selectFrom('brokerages').select('id').where('name', '=', 'Harbor Point Realty').executeTakeFirstOrThrow();
    const since = new Date(`${new Date(Date.now() - DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`);
    const rows = await server.db.selectFrom('agent_notifications').select(['title']).where('brokerage_id', '=', harbor.id)
      .where('sent', '>=', since).orderBy('sent', 'desc').orderBy('id', 'desc').limit(24).execute();
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
    await new Promise((resolve) => setTimeout(resolve, 1200)); // let the throttled cache write land
    await clearPersistedQueries();
    const request = server.app.request.bind(server.app);
    server.app.request = ((path: string, init?: RequestInit) => (String(path).startsWith('/agents-api/notifications')
      ? Promise.resolve(new Response('{}', { status: 500 })) : request(path, init))) as typeof server.app.request;
    try {
      const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
      await user.click(await screen.findByRole('button', { name: 'Notifications' }));
      const panel = await screen.findByRole('region', { name: 'Notifications' });
      expect(await within(panel).findByText('An error occurred loading agents notifications.', {}, { timeout: 15_000 })).toBeInTheDocument();
    } finally {
      server.app.request = request;
    }
  });
});
