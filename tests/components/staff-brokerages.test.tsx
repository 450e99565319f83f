import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { recentlyViewedStore } from '../../src/session/state.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstCells = (table: HTMLElement) => rowsOf(table).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

async function brokerageId(name: string) {
  const server = await testServer();
  return (await server.db.selectFrom('brokerages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

describe('the brokers list', () => {
  it('searches by name, filters by product family and sorts on the server', async () => {
    const { screen, user } = await renderApp('/console/brokerages', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Brokerages' });
    await waitFor(() =>
      expect(firstCells(table)).toEqual(['Cedar Ridge Properties', 'Harbor Point Realty', 'Maple & Main Homes']),
    );
    expect(screen.getByText('1 - 3 of 3 brokerages')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(firstCells(table)).toEqual(['Maple & Main Homes', 'Harbor Point Realty', 'Cedar Ridge Properties']),
    );
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Product Family' }), 'Porchlight Referrals');
    await waitFor(() => expect(firstCells(table)).toEqual(['Maple & Main Homes', 'Cedar Ridge Properties']));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'maple{Enter}');
    await waitFor(() => expect(firstCells(table)).toEqual(['Maple & Main Homes']));
    expect(screen.getByText('1 - 1 of 1 brokerages')).toBeInTheDocument();
  });

  it('keeps the filters and sort in the URL, so a link reproduces the view', async () => {
    const { screen, user } = await renderApp('/console/brokerages?productFamily=PORCHLIGHT&sort=name,DESC', {
      as: 'admin@demo.test',
    });
    const table = await screen.findByRole('table', { name: 'Brokerages' });
    await waitFor(() => expect(firstCells(table)).toEqual(['Maple & Main Homes', 'Cedar Ridge Properties']));
    expect(screen.getByRole('combobox', { name: 'Product Family' })).toHaveValue('PORCHLIGHT');
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'cedar{Enter}');
    await waitFor(() => expect(firstCells(table)).toEqual(['Cedar Ridge Properties']));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      productFamily: 'PORCHLIGHT',
      sort: 'name,DESC',
      name: 'cedar',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product Family' }), 'All products');
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      sort: 'name,DESC',
      name: 'cedar',
    });
  });

  it('offers the brokerages the user opened, newest first, kept per user', async () => {
    const harbor = await brokerageId('Harbor Point Realty');
    const maple = await brokerageId('Maple & Main Homes');
    const { screen, user } = await renderApp('/console/brokerages', { as: 'supervisor@demo.test' });
    expect(screen.queryByRole('navigation', { name: 'Recently Viewed' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Harbor Point Realty' }));
    expect(await screen.findByRole('heading', { name: 'Harbor Point Realty', level: 2 })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Brokers' }));
    await user.click(await screen.findByRole('link', { name: 'Maple & Main Homes' }));
    expect(await screen.findByRole('heading', { name: 'Maple & Main Homes', level: 2 })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Brokers' }));
    const recent = await screen.findByRole('navigation', { name: 'Recently Viewed' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Maple & Main Homes', 'Harbor Point Realty']);
    expect(within(recent).getByRole('link', { name: 'Harbor Point Realty' })).toHaveAttribute(
      'href',
      `/console/brokerages/view/${harbor}`,
    );
    const ids = Object.values(recentlyViewedStore.get()).map((r) => r.brokerages.map((b) => b.id));
    expect(ids).toEqual([[maple, harbor]]);
  });
});

describe('the brokerage view', () => {
  it('shows the profile, stats, agents and referrals of Harbor Point', async () => {
    const harbor = await brokerageId('Harbor Point Realty');
    const { screen, user } = await renderApp(`/console/brokerages/view/${harbor}`, { as: 'manager@demo.test' });
    expect(await screen.findByText('Porchlight Referrals + IRIS')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Stats' }));
    expect(await screen.findByText('Active Referrals')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    const agents = await screen.findByRole('table', { name: 'Brokerage agents' });
    await waitFor(() => expect(rowsOf(agents)).toHaveLength(10));
    const firstAgent = within(rowsOf(agents)[0]!).getByRole('link');
    expect(firstAgent.getAttribute('href')).toMatch(new RegExp(`^/console/brokerages/view/${harbor}/agent/\\d+$`));
    await user.click(screen.getByRole('tab', { name: 'Referrals' }));
    const referrals = await screen.findByRole('table', { name: 'Brokerage referrals' });
    await waitFor(() => expect(rowsOf(referrals)).toHaveLength(10));
    expect(screen.getByRole('combobox', { name: 'Referrals per page:' })).toHaveValue('10');
  });

  it('adds a broker note that shows at the top of the notes', async () => {
    const harbor = await brokerageId('Harbor Point Realty');
    const server = await testServer();
    const { screen, user } = await renderApp(`/console/brokerages/view/${harbor}`, { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Notes' }));
    const notes = await screen.findByRole('region', { name: 'Broker notes' });
    await user.click(await within(notes).findByRole('button', { name: 'Add Note' }));
    expect(await within(notes).findByText('A note is required')).toBeInTheDocument();
    await user.type(within(notes).getByLabelText('Note'), 'Renewal call booked for Friday.');
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent('Renewal call booked for Friday.'),
    );
    expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent('Alex Admin');
    const saved = await server.db
      .selectFrom('broker_notes')
      .select('brokerage_id')
      .where('body', '=', 'Renewal call booked for Friday.')
      .executeTakeFirstOrThrow();
    expect(saved.brokerage_id).toBe(harbor);
  });

  it('opens an agent and a referral inside the brokerage', async () => {
    const harbor = await brokerageId('Harbor Point Realty');
    const { screen, user } = await renderApp(`/console/brokerages/view/${harbor}`, { as: 'qa@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Referrals' }));
    const referrals = await screen.findByRole('table', { name: 'Brokerage referrals' });
    await waitFor(() => expect(rowsOf(referrals).length).toBeGreaterThan(0));
    const link = within(rowsOf(referrals)[0]!).getByRole('link');
    const client = link.textContent ?? '';
    await user.click(link);
    expect(await screen.findByRole('heading', { name: client, level: 2 })).toBeInTheDocument();
    expect(window.location.pathname).toMatch(
      new RegExp(`^/console/brokerages/view/${harbor}/agent/\\d+/referral/\\d+$`),
    );
    expect(screen.getByRole('table', { name: 'Referral events' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to agent' }));
    expect(await screen.findByRole('tab', { name: 'Admin Hold' })).toBeInTheDocument();
    expect(window.location.pathname).toMatch(new RegExp(`^/console/brokerages/view/${harbor}/agent/\\d+$`));
    await user.click(screen.getByRole('link', { name: 'Back to brokerage' }));
    expect(await screen.findByRole('heading', { name: 'Harbor Point Realty', level: 2 })).toBeInTheDocument();
  });

  it("shows the brokerage's email settings, one section per email (the broker admin edits them)", async () => {
    const maple = await brokerageId('Maple & Main Homes');
    const { screen } = await renderApp(`/console/brokerages/email/${maple}`, { as: 'admin@demo.test' });
    expect(await screen.findByRole('heading', { name: 'Maple & Main Homes', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'New referral', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New address for New referral' })).toBeInTheDocument();
  });
});
