import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { formatPhone } from '../../src/lib/validation.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const rangeTotal = (text: string | null) => Number(/of ([\d,]+)/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);

async function harbor() {
  const server = await testServer();
  const b = await server.db
    .selectFrom('brokerages')
    .select('id')
    .where('name', '=', 'Harbor Point Realty')
    .executeTakeFirstOrThrow();
  return { server, id: b.id };
}

describe('My Referrals', () => {
  it('opens with the link’s filters shown in the controls and the list’s total in the pager', async () => {
    const { server, id } = await harbor();
    const { n } = (
      await sql<{ n: number }>`select count(*)::int as n from referrals where brokerage_id = ${id}
      and type = 'SELLER' and stage in ('LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED')`.execute(
        server.db,
      )
    ).rows[0]!;
    const { screen } = await renderApp('/console/my-referrals?s=LISTED_HOME&t=SELLER', { as: 'broker@demo.test' });
    await screen.findByRole('table', { name: 'Referrals' });
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('LISTED_HOME');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('SELLER');
    expect(screen.getByText('Seller referrals at Listed Home or further along.')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Referrals pages' });
    await waitFor(() => expect(rangeTotal(pager.textContent)).toBe(n));
  });

  it('changes a filter into the address, and opens a referral with its timeline and notes', async () => {
    const { screen, user } = await renderApp('/console/my-referrals?followupType=OVERDUE', { as: 'broker@demo.test' });
    const table = await screen.findByRole('table', { name: 'Referrals' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0));
    expect(rowsOf(table).every((r) => /days? overdue|\d+ days?/.test(r.textContent ?? ''))).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Active');
    await waitFor(() => expect(new URLSearchParams(location.search).get('category')).toBe('active'));
    expect(new URLSearchParams(location.search).get('followupType')).toBe('OVERDUE');
    const first = within(rowsOf(table)[0]!).getAllByRole('link')[0]!;
    const name = first.textContent ?? '';
    await user.click(first);
    expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Timeline' })).toBeInTheDocument();
    // The lead's phone and email are links that call and write (tel:, mailto:), as the database holds them.
    const server = await testServer();
    const id = Number(/\/view\/(\d+)/.exec(location.pathname)?.[1]);
    const lead = await server.db
      .selectFrom('referrals')
      .select(['prospect_phone as phone', 'prospect_email as email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (lead.phone)
      expect(screen.getByRole('link', { name: formatPhone(lead.phone) })).toHaveAttribute('href', `tel:${lead.phone}`);
    if (lead.email)
      expect(screen.getByRole('link', { name: lead.email })).toHaveAttribute('href', `mailto:${lead.email}`);
    expect(lead.phone ?? lead.email).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Asked the agent to call today');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Asked the agent to call today')).toBeInTheDocument();
  });

  it('saves the current filters as a named view on the server and applies it again', async () => {
    const { server, screen, user } = await renderApp('/console/my-referrals?category=closed&sort=agent&order=asc', {
      as: 'broker@demo.test',
    });
    await screen.findByRole('table', { name: 'Referrals' });
    await user.click(screen.getByRole('button', { name: 'Save View' }));
    await user.type(await screen.findByRole('textbox', { name: 'View name' }), 'Closed by agent');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = await server.db
      .selectFrom('saved_views')
      .selectAll()
      .where('name', '=', 'Closed by agent')
      .executeTakeFirstOrThrow();
    expect(saved.query).toBe('category=closed&sort=agent%2CASC');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.search).toBe(''));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Saved views' }), 'Closed by agent');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('closed'));
  });
});
