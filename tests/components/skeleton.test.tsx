import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// First loads show the content's shape: the region says it is busy, screen readers hear
// "Loading ...", the grey shapes are hidden from them, and the content replaces them.

describe('skeletons on first load', () => {
  it('draws rows of grey lines in a list while its request is pending, then the rows', async () => {
    const { screen, release } = await renderApp('/console/brokerages', {
      as: 'admin@demo.test',
      hold: /^\/agents-api\/brokerages\?/,
    });
    const table = await screen.findByRole('table', { name: 'Brokerages' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading Brokerages')).toBeInTheDocument();
    const shapes = table.querySelectorAll('[data-skeleton="row"]');
    expect(shapes).toHaveLength(10); // a page's worth: the pagination below does not move when the rows land
    for (const s of shapes) expect(s).toHaveAttribute('aria-hidden', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(1); // the header: the shapes are not rows to a screen reader
    // Each placeholder cell carries its column's name, which a phone's card shows as the field's label.
    expect([...shapes[0]!.querySelectorAll('td')].map((td) => td.getAttribute('data-label'))).toEqual(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/g, '')),
    );
    release();
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    expect(table.querySelector('[data-skeleton]')).toBeNull();
    expect(table).not.toHaveAttribute('aria-busy');
    expect(screen.queryByText('Loading Brokerages')).not.toBeInTheDocument();
  });

  it('shapes an overview widget like its figures while the stats load', async () => {
    const { screen, release } = await renderApp('/console', { as: 'broker@demo.test', hold: /\/stats(\?|$)/ });
    const label = await screen.findByText('Loading totals');
    const busy = label.closest('[aria-busy="true"]');
    expect(busy?.querySelector('[data-skeleton="figures"]')).toHaveAttribute('aria-hidden', 'true');
    release();
    await waitFor(() => expect(screen.queryByText('Loading totals')).not.toBeInTheDocument());
  });

  it('shapes a record view like its details while it loads', async () => {
    const server = await testServer();
    const { id } = await server.db
      .selectFrom('opportunities')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { screen, release } = await renderApp(`/console/opportunities/view/${id}`, {
      as: 'admin@demo.test',
      hold: new RegExp(`^/interviews-api/opportunities/${id}$`),
    });
    const label = await screen.findByText('Loading opportunity');
    expect(label.closest('[aria-busy="true"]')?.querySelector('[data-skeleton="record"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByText('Loading opportunity')).not.toBeInTheDocument();
  });

  it.each([
    ['brokerage', 'brokerages', '/console/brokerages/view/', '/agents-api/brokerages/', 'Loading brokerage'],
    ['lender', 'loan_offices', '/console/lenders/view/', '/lenders-api/loan-offices/', 'Loading lender'],
  ] as const)('shapes the %s view like its details while it loads', async (_, table, url, call, loading) => {
    const server = await testServer();
    const { id } = await server.db.selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const { screen, release } = await renderApp(`${url}${id}`, {
      as: 'admin@demo.test',
      hold: new RegExp(`^${call}${id}$`),
    });
    const label = await screen.findByText(loading);
    expect(label.closest('[aria-busy="true"]')?.querySelector('[data-skeleton="record"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    release();
    await waitFor(() => expect(screen.queryByText(loading)).not.toBeInTheDocument());
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
  });

  it("shapes each of the lender overview's widgets while its figures load", async () => {
    const lender = await renderApp('/console', {
      as: 'lender@demo.test',
      hold: /^\/lenders-api\/loan-offices\/\d+\/stats$/,
    });
    const received = await lender.screen.findByText('Loading Referrals Received');
    expect(received.closest('[aria-busy="true"]')?.querySelector('[data-skeleton="figures"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(
      lender.screen
        .getByText('Loading Referrals per Month')
        .closest('[aria-busy="true"]')
        ?.querySelector('[data-skeleton]'),
    ).not.toBeNull();
    lender.release();
    await waitFor(() => expect(lender.screen.queryByText('Loading Referrals Received')).not.toBeInTheDocument());
  });
});
