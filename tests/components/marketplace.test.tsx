import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

describe('the marketplace chip', () => {
  it('counts the items not yet viewed out of 5 and disappears once the marketplace is opened', async () => {
    const { screen, user, server } = await renderApp('/console/my-agents', { as: 'broker.basic@demo.test' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: /Marketplace/ });
    expect(await within(link).findByText('5/5')).toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Luxury Presence' })).toBeInTheDocument();
    // Each route mounts its own shell: the link clicked is gone from the page, so the chip is
    // looked for in the live navigation (a detached chip is "not in the document" at once).
    expect(link.isConnected).toBe(false);
    const liveLink = () =>
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /Marketplace/ });
    await waitFor(() => expect(liveLink()).toHaveAccessibleName('Marketplace'));
    expect(within(liveLink()).queryByText(/\/5$/)).toBeNull();
    const rows = await server.db
      .selectFrom('viewed_items')
      .innerJoin('users', 'users.id', 'viewed_items.user_id')
      .select('item')
      .where('users.email', '=', 'broker.basic@demo.test')
      .where('viewed', '=', true)
      .execute();
    expect(rows.map((r) => r.item).sort()).toEqual(['apination', 'broker-boost', 'iris', 'luxury-presence', 'rialto']);
  });

  it('shows the remaining count when some items were viewed', async () => {
    const server = await testServer();
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'supplier@demo.test')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('viewed_items')
      .values([
        { user_id: user.id, location: 'marketplace', item: 'iris' },
        { user_id: user.id, location: 'marketplace', item: 'rialto' },
      ])
      .execute();
    const view = await renderApp('/console/my-agents', { as: 'supplier@demo.test' });
    const nav = await view.screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByLabelText('3 of 5 not yet viewed')).toHaveTextContent('3/5');
  });
});
