import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { impersonationStore } from '../../src/session/state.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

async function ids() {
  const server = await testServer();
  const brokerage = async (name: string) =>
    (await server.db.selectFrom('brokerages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const summit = await server.db
    .selectFrom('loan_offices')
    .select('id')
    .where('name', '=', 'Summit Home Loans')
    .executeTakeFirstOrThrow();
  const user = async (email: string) =>
    (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  return {
    server,
    harbor: await brokerage('Harbor Point Realty'),
    cedar: await brokerage('Cedar Ridge Properties'),
    summit: summit.id,
    user,
  };
}

const BANNER = (name: string) => `You're currently impersonating: ${name}`;

describe('impersonating a brokerage', () => {
  it('asks first, then acts as an active admin of Harbor Point with the broker navigation, and ends back on the brokerages list', async () => {
    const { server, harbor, user } = await ids();
    const admin = await user('admin@demo.test');
    const {
      screen,
      user: u,
      client,
    } = await renderApp(`/console/brokerages/view/${harbor}`, { as: 'admin@demo.test' });
    await u.click(await screen.findByRole('button', { name: 'Impersonate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Impersonate Harbor Point Realty' });
    expect(dialog).toHaveTextContent(
      'Impersonating Harbor Point Realty allows you to manage this profile as an administrator.',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(impersonationStore.get()).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Impersonate' }));
    dialog = await screen.findByRole('dialog', { name: 'Impersonate Harbor Point Realty' });
    const started = Date.now();
    await u.click(within(dialog).getByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console'));
    expect(await screen.findByText(BANNER('Harbor Point Realty'))).toBeInTheDocument();
    const acting = impersonationStore.get();
    expect(acting?.target).toEqual({ kind: 'brokerage', id: harbor, name: 'Harbor Point Realty' });
    const actingAs = await server.db
      .selectFrom('users')
      .select(['broker_id', 'status'])
      .where('id', '=', acting!.user.id)
      .executeTakeFirstOrThrow();
    expect(actingAs).toEqual({ broker_id: harbor, status: 'ACTIVE' });
    // No answer cached for the staff identity survives; the drawer is the broker admin's.
    expect(
      client
        .getQueryCache()
        .findAll()
        .filter((q) => q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < started),
    ).toEqual([]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Agents' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Brokers' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite Agents' })).toBeInTheDocument();
    // Calls now carry the header: the server records them as the admin acting as that user.
    await waitFor(async () => {
      const audit = await server.db
        .selectFrom('audit_log')
        .select('as_user_id')
        .where('actor_user_id', '=', admin)
        .where('action', '=', 'IMPERSONATED_REQUEST')
        .execute();
      expect(audit.some((a) => a.as_user_id === acting!.user.id)).toBe(true);
    });

    const banner = screen.getByRole('region', { name: 'Impersonation' });
    await u.click(within(banner).getByRole('button', { name: 'Close' }));
    dialog = await screen.findByRole('dialog', { name: 'Stop Impersonating' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(BANNER('Harbor Point Realty'))).toBeInTheDocument();

    await u.click(within(screen.getByRole('region', { name: 'Impersonation' })).getByRole('button', { name: 'Close' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Stop Impersonating' })).getByRole('button', {
        name: 'Stop Impersonating',
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/console/brokerages'));
    expect(await screen.findByRole('table', { name: 'Brokerages' })).toBeInTheDocument();
    expect(screen.queryByText(BANNER('Harbor Point Realty'))).not.toBeInTheDocument();
    expect(impersonationStore.get()).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Brokers' }),
    ).toBeInTheDocument();
  });

  it('shows the error state for Cedar Ridge Properties, which has no active administrator', async () => {
    const { cedar } = await ids();
    const { screen, user } = await renderApp(`/console/brokerages/view/${cedar}`, { as: 'engagement@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Impersonate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Impersonate Cedar Ridge Properties' })).getByRole('button', {
        name: 'Impersonate',
      }),
    );
    const error = await screen.findByRole('dialog', { name: 'Impersonation Error' });
    expect(error).toHaveTextContent(
      'There was an error impersonating Cedar Ridge Properties. Please contact support for assistance.',
    );
    expect(impersonationStore.get()).toBeNull();
    await user.click(within(error).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe(`/console/brokerages/view/${cedar}`);
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('offers no Impersonate button to staff who may not impersonate', async () => {
    const { harbor } = await ids();
    const { screen } = await renderApp(`/console/brokerages/view/${harbor}`, { as: 'manager@demo.test' });
    expect(await screen.findByRole('heading', { name: 'Harbor Point Realty', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Impersonate' })).not.toBeInTheDocument();
  });
});

describe('impersonating a loan office', () => {
  it('acts as the Summit Home Loans admin with the lender navigation and ends on the lenders list', async () => {
    const { summit, user } = await ids();
    const lender = await user('lender@demo.test');
    const { screen, user: u } = await renderApp(`/console/lenders/view/${summit}`, { as: 'admin@demo.test' });
    await u.click(await screen.findByRole('button', { name: 'Impersonate' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Impersonate Summit Home Loans' })).getByRole('button', {
        name: 'Impersonate',
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/console'));
    expect(await screen.findByText(BANNER('Summit Home Loans'))).toBeInTheDocument();
    expect(impersonationStore.get()?.user.id).toBe(lender);
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'My Loan Officers' }),
    ).toBeInTheDocument();
    // Inviting agents is a brokerage's: the server refuses it from a loan office, so it is not offered.
    expect(screen.queryByRole('button', { name: 'Invite Agents' })).not.toBeInTheDocument();
    await u.click(within(screen.getByRole('region', { name: 'Impersonation' })).getByRole('button', { name: 'Close' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Stop Impersonating' })).getByRole('button', {
        name: 'Stop Impersonating',
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/console/lenders'));
    expect(await screen.findByRole('table', { name: 'Loan offices' })).toBeInTheDocument();
  });
});
