import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderApp } from '../setup/render-app.tsx';

// Lists on a phone. jsdom lays nothing out, so these check what the card CSS and the
// phone's controls stand on: explicit table roles, each cell labelled by its header, the filters
// behind one "Filters (n)" button, Search and Sort in the top bar.

afterEach(() => {
  window.innerWidth = 1024;
});

describe('console lists on a phone', () => {
  it('keeps a table’s roles explicit and labels every cell with its column’s header', async () => {
    window.innerWidth = 412;
    const { screen } = await renderApp('/console/brokerages', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Brokerages' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    expect(table).toHaveAttribute('role', 'table');
    const headers = within(table).getAllByRole('columnheader');
    for (const h of headers) expect(h).toHaveAttribute('role', 'columnheader');
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveAttribute('role', 'row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(
      headers.map((h) => h.textContent?.replace(/[▲▼]/g, '')),
    );
    for (const c of cells) expect(c).toHaveAttribute('role', 'cell');
  });

  it('gathers a staff list’s filters behind one button that counts those set', async () => {
    window.innerWidth = 412;
    const { screen, user } = await renderApp('/console/user-management?status=ACTIVE', { as: 'admin@demo.test' });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    // One Search on a phone: the top bar's, which opens the list's search box.
    expect(screen.queryByRole('searchbox', { name: 'Search' })).not.toBeInTheDocument();
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Search' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('combobox', { name: 'Status' })).toHaveValue('ACTIVE');
  });

  it('gathers My Referrals’ filters behind the same button, beside the top bar’s Search and Sort', async () => {
    window.innerWidth = 412;
    const { screen, user } = await renderApp('/console/my-referrals?category=active', { as: 'broker@demo.test' });
    await screen.findByRole('table', { name: 'Referrals' });
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('combobox', { name: 'Category' })).toHaveValue('active');
  });

  it('gathers My Agents’ status filter behind the Filters button too', async () => {
    window.innerWidth = 412;
    const { screen, user } = await renderApp('/console/my-agents?status=ACTIVE', { as: 'broker@demo.test' });
    await screen.findByRole('table', { name: 'Agents' });
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('combobox', { name: 'Status' })).toHaveValue('ACTIVE');
  });

  it('puts the DNC list’s blocked-only switch in the sheet and its search behind the top bar, keeping New DNC at hand', async () => {
    window.innerWidth = 412;
    const { screen, user } = await renderApp('/console/dnc-list', { as: 'admin@demo.test' });
    await screen.findByRole('table', { name: 'DNC List' });
    expect(screen.queryByRole('switch', { name: 'Show Only Inbound Blocked' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New DNC' })).toBeVisible();
    const bar = screen.getByRole('banner');
    await user.click(await within(bar).findByRole('button', { name: 'Search' }));
    expect(within(bar).queryByRole('button', { name: 'Sort' })).not.toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('switch', { name: 'Show Only Inbound Blocked' }));
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Filters (1)' })).toBeVisible();
  });

  it('keeps the filters inline on a desktop', async () => {
    const { screen } = await renderApp('/console/user-management?status=ACTIVE', { as: 'admin@demo.test' });
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveValue('ACTIVE');
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });

  it('offers Search and Sort in the top bar of a staff list, and sorts by a column from there', async () => {
    window.innerWidth = 412;
    const { screen, user } = await renderApp('/console/brokerages', { as: 'admin@demo.test' });
    await screen.findByRole('table', { name: 'Brokerages' });
    const bar = screen.getByRole('banner');
    await user.click(within(bar).getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    await user.click(within(bar).getByRole('button', { name: 'Sort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort' });
    await user.click(within(dialog).getByRole('radio', { name: 'Status (descending)' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('sort')).toBe('status,DESC'));
  });

  it('labels the cards of a broker’s Pending Invitations, whose row actions sit at the card’s foot', async () => {
    window.innerWidth = 412;
    const { screen } = await renderApp('/console/my-agents/invitations', { as: 'broker@demo.test' });
    const table = await screen.findByRole('table', { name: /invitations/i });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    const [, first] = within(table).getAllByRole('row');
    const labels = within(first!)
      .getAllByRole('cell')
      .map((c) => c.getAttribute('data-label'));
    expect(labels).toEqual(['Name', 'Email', 'Phone', 'Status', 'Last Sent', 'Actions']);
  });
});
