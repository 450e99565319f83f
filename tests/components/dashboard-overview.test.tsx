import { onlineManager } from '@tanstack/react-query';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { formatPriceShort } from '../../src/lib/format.ts';
import { isOverdue } from '../../src/lib/overdue.ts';
import { renderApp } from '../setup/render-app.tsx';

const WIDGET_TITLES = [
  'Broker Score',
  'Sales Funnel',
  'Overall Totals',
  'Referral Summary',
  'Performance',
  'Lead Progression',
  'New Leads Sent vs. Quarterly Cap',
  'Responded Leads Status',
  'Leads Limit',
  'Leads by Status',
  'Leads by Source',
  'Agent Leaderboard',
  'Agents with Overdue Referrals',
  'Referral Progression',
  'Recently Assigned Referrals',
  'Recently Assigned IRIS Referrals',
  'Grow Your Team',
];

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('the overview dashboard', () => {
  it('shows a broker admin every widget, each with an info button that opens a dialog named after it', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    for (const title of WIDGET_TITLES) expect(await screen.findByRole('region', { name: title })).toBeInTheDocument();
    for (const title of WIDGET_TITLES)
      expect(screen.getByRole('button', { name: `About ${title}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'About Agent Leaderboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agent Leaderboard' });
    expect(dialog).toHaveTextContent('response time');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the referral totals the database holds, and each leads to the matching referrals list', async () => {
    const { screen, user, server } = await renderApp('/console', { as: 'broker@demo.test' });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const refs = await server.db
      .selectFrom('referrals')
      .select(['stage', 'updated_at', 'date_of_sale'])
      .where('brokerage_id', '=', harbor.id)
      .execute();
    const closed = refs.filter((r) => r.stage === 'CLOSED' || r.stage === 'LEASED').length;
    const removed = refs.filter((r) => r.stage === 'REMOVED').length;
    const now = new Date();
    const overdue = refs.filter((r) =>
      isOverdue(
        {
          stage: r.stage,
          updated: r.updated_at,
          dateOfSale: r.date_of_sale ? new Date(r.date_of_sale).toISOString() : null,
        },
        now,
      ),
    ).length;
    const totals = await screen.findByRole('region', { name: 'Overall Totals' });
    const n = (x: number) => x.toLocaleString('en-US');
    const link = async (name: string) => within(totals).findByRole('link', { name });
    expect(await link(`Total Referrals ${n(refs.length)}`)).toHaveAttribute(
      'href',
      '/console/my-referrals?category=all',
    );
    expect(await link(`Active ${n(refs.length - closed - removed)}`)).toHaveAttribute(
      'href',
      '/console/my-referrals?category=active',
    );
    expect(await link(`Closed ${n(closed)}`)).toHaveAttribute('href', '/console/my-referrals?category=closed');
    expect(await link(`Removed ${n(removed)}`)).toHaveAttribute('href', '/console/my-referrals?category=removed');
    expect(await link(`Overdue for Follow-Up ${n(overdue)}`)).toHaveAttribute(
      'href',
      '/console/my-referrals?followupType=OVERDUE',
    );
    await user.click(await link(`Active ${n(refs.length - closed - removed)}`));
    await waitFor(() => expect(location.pathname + location.search).toBe('/console/my-referrals?category=active'));
  });

  it('leads from a funnel stage to my-referrals filtered by stage and type', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const funnel = await screen.findByRole('region', { name: 'Sales Funnel' });
    await user.click(await within(funnel).findByRole('tab', { name: 'Seller' }));
    expect(await within(funnel).findByRole('img', { name: 'Seller sales funnel (bar chart)' })).toBeInTheDocument();
    await user.click(within(funnel).getByRole('link', { name: 'Listed Home' }));
    await waitFor(() =>
      expect(location.pathname + location.search).toBe('/console/my-referrals?s=LISTED_HOME&t=SELLER'),
    );
  });

  it('says under each funnel what its bars count: stage now (Overall) or step reached (by type)', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const funnel = await screen.findByRole('region', { name: 'Sales Funnel' });
    expect(await within(funnel).findByText('Referrals at each stage now.')).toBeInTheDocument();
    await user.click(await within(funnel).findByRole('tab', { name: 'Buyer' }));
    expect(await within(funnel).findByText(/^Referrals that reached each step/)).toBeInTheDocument();
    expect(within(funnel).queryByText('Referrals at each stage now.')).toBeNull();
  });

  it('shows the Rental funnel ending in Leased', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const funnel = await screen.findByRole('region', { name: 'Sales Funnel' });
    await user.click(await within(funnel).findByRole('tab', { name: 'Rental' }));
    const list = await within(funnel).findByRole('list', { name: 'Rental sales funnel' });
    expect(list).toHaveTextContent('Leased');
    expect(list).not.toHaveTextContent('Closed');
  });

  it('shows the closings and their value from the database, and marks projections as such', async () => {
    const { screen, server } = await renderApp('/console', { as: 'broker@demo.test' });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const closed = await server.db
      .selectFrom('referrals')
      .select(['sale_price_cents'])
      .where('brokerage_id', '=', harbor.id)
      .where('stage', 'in', ['CLOSED', 'LEASED'])
      .execute();
    const dollars = Math.round(closed.reduce((sum, r) => sum + Number(r.sale_price_cents ?? 0), 0) / 100);
    const perf = await screen.findByRole('region', { name: 'Performance' });
    const figures = await within(perf).findByRole('list', { name: 'Performance figures' });
    const item = (label: string) =>
      within(figures)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(label));
    expect(item('Closings')).toHaveTextContent(`Closings ${closed.length.toLocaleString('en-US')}`);
    expect(item('Closed Value')).toHaveTextContent(`Closed Value ${formatPriceShort(dollars)}`);
    expect(item('Projected New Closings')).toHaveTextContent(/Projected New Closings [\d,]+$/);
    expect(within(perf).getByText('Projected only; not a guarantee.')).toBeInTheDocument();
  });

  it('says when the figures were last fetched and shows an offline notice without a connection', async () => {
    const { screen } = await renderApp('/console', { as: 'broker@demo.test' });
    expect(await screen.findByText(/^Last updated \d{1,2}:\d{2} (AM|PM)$/)).toBeInTheDocument();
    expect(screen.queryByText('You are offline. Showing the last data fetched.')).not.toBeInTheDocument();
    act(() => {
      onlineManager.setOnline(false);
    });
    expect(await screen.findByText('You are offline. Showing the last data fetched.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });

  it('shows the offline notice when the figures cannot be fetched, even while the browser says it is online', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    expect(await screen.findByText(/^Last updated \d{1,2}:\d{2} (AM|PM)$/)).toBeInTheDocument();
    const routed = globalThis.fetch;
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    try {
      expect(onlineManager.isOnline()).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText('You are offline. Showing the last data fetched.')).toBeInTheDocument();
      expect(screen.getByText(/^Last updated \d{1,2}:\d{2} (AM|PM)$/)).toBeInTheDocument();
    } finally {
      globalThis.fetch = routed;
    }
    // The connection is back: the next refresh reaches the server and the notice goes.
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.queryByText('You are offline. Showing the last data fetched.')).not.toBeInTheDocument(),
    );
  });

  it('tells a staff user without impersonation that the overview needs a brokerage', async () => {
    const { screen } = await renderApp('/console', { as: 'qa@demo.test' });
    expect(await screen.findByText(/The overview shows a brokerage’s figures/)).toBeInTheDocument();
  });

  it("gives a CSR a contact-center landing: recent DNC requests, the list's counts, the way to the list", async () => {
    const { screen, server } = await renderApp('/console', { as: 'csr@demo.test' });
    const newest = await server.db
      .selectFrom('dnc_contacts')
      .select(['value', 'type'])
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    const list = await screen.findByRole('list', { name: 'Recent DNC requests' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(newest.length));
    const blocked = await server.db
      .selectFrom('dnc_contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('blocked', '=', true)
      .executeTakeFirstOrThrow();
    const figures = screen.getByRole('region', { name: 'Do-not-call list' });
    await waitFor(() =>
      expect(figures).toHaveTextContent(`Inbound blocked ${Number(blocked.n).toLocaleString('en-US')}`),
    );
    expect(within(figures).getByRole('link', { name: 'Open the DNC List' })).toHaveAttribute(
      'href',
      '/console/dnc-list',
    );
    expect(screen.queryByText(/The overview shows a brokerage’s figures/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leaderboard' })).not.toBeInTheDocument();
  });

  it('shows a loan-office admin their loan office’s overview, not the brokerage dashboard', async () => {
    const { screen } = await renderApp('/console', { as: 'lender@demo.test' });
    expect(await screen.findByRole('region', { name: 'Referrals Received' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leaderboard' })).not.toBeInTheDocument();
  });
});
