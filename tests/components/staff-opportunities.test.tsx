import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const column = (table: HTMLElement, i: number) =>
  rowsOf(table).map((r) => within(r).getAllByRole('cell')[i]!.textContent);

/** An unassigned opportunity of a brokerage with an ACTIVE agent, and that agent. */
async function unassigned(offset = 0) {
  const server = await testServer();
  const o = await server.db
    .selectFrom('opportunities as o')
    .select(['o.id', 'o.contact_first', 'o.contact_last', 'o.brokerage_id'])
    .where('o.agent_id', 'is', null)
    .where('o.contact_first', 'is not', null)
    .where('o.contact_last', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('agents as a')
          .select('a.id')
          .whereRef('a.brokerage_id', '=', 'o.brokerage_id')
          .where('a.status', '=', 'ACTIVE'),
      ),
    )
    .orderBy('o.id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  const agent = await server.db
    .selectFrom('agents')
    .select(['id', 'first_name', 'last_name'])
    .where('brokerage_id', '=', o.brokerage_id)
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    server,
    id: o.id,
    first: o.contact_first!,
    last: o.contact_last!,
    name: `${o.contact_first} ${o.contact_last}`,
    agent: { id: agent.id, name: `${agent.first_name} ${agent.last_name}` },
  };
}

describe('the opportunities list', () => {
  it('searches with a wildcard and filters by status on the server, newest first', async () => {
    const opp = await unassigned();
    const { screen, user } = await renderApp('/console/opportunities', { as: 'opps@demo.test' });
    const table = await screen.findByRole('table', { name: 'Opportunities' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${opp.first.slice(0, 2)}*${opp.last}{Enter}`);
    await waitFor(() => expect(column(table, 0)).toContain(opp.name));
    expect(column(table, 0).every((n) => n?.toLowerCase().includes(opp.last.toLowerCase()))).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Do Not Contact');
    await waitFor(() => expect(column(table, 1).every((s) => s === 'Do Not Contact')).toBe(true));
  });
});

describe('the opportunity view', () => {
  it('changes the status, force-assigns an agent and removes the assigned agent after a confirmation', async () => {
    const opp = await unassigned();
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'admin@demo.test' });
    expect(await screen.findByRole('heading', { name: opp.name, level: 2 })).toBeInTheDocument();
    const assigned = screen.getByRole('region', { name: 'Assigned Agent' });
    expect(within(assigned).getByText('No agent assigned')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'New Status' }), 'Future Interest');
    await user.click(screen.getByRole('button', { name: 'Change Status' }));
    expect(await screen.findByText('Status changed to Future Interest.')).toBeInTheDocument();
    expect(
      (
        await opp.server.db
          .selectFrom('opportunities')
          .select('status')
          .where('id', '=', opp.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('FUTURE_INTEREST');

    await waitFor(() => expect(within(assigned).getByRole('option', { name: opp.agent.name })).toBeInTheDocument());
    await user.selectOptions(within(assigned).getByRole('combobox', { name: 'Agent' }), opp.agent.name);
    await user.click(within(assigned).getByRole('button', { name: 'Force Assignment' }));
    expect(await screen.findByText(`Assigned to ${opp.agent.name}.`)).toBeInTheDocument();
    expect(within(assigned).getByRole('link', { name: opp.agent.name })).toHaveAttribute(
      'href',
      `/console/agents/view/${opp.agent.id}`,
    );
    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Assigned To Agent')).toBeInTheDocument();

    await user.click(within(assigned).getByRole('button', { name: 'Remove Assigned Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Assigned Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Assigned Agent' }));
    expect(await screen.findByText('The assigned agent was removed.')).toBeInTheDocument();
    expect(within(assigned).getByText('No agent assigned')).toBeInTheDocument();
    const row = await opp.server.db
      .selectFrom('opportunities')
      .select(['agent_id', 'status'])
      .where('id', '=', opp.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ agent_id: null, status: 'REMOVED_ASSIGNMENT_TO_AGENT' });
  });

  it('adds a note and lists the interactions', async () => {
    const opp = await unassigned(1);
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'engagement@demo.test' });
    const notes = await screen.findByRole('region', { name: 'Opportunity notes' });
    await user.type(within(notes).getByLabelText('Note'), 'Prefers a call after 5 PM.');
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent('Prefers a call after 5 PM.'),
    );
    const interactions = await opp.server.db
      .selectFrom('interactions')
      .select('id')
      .where('opportunity_id', '=', opp.id)
      .execute();
    const table = screen.getByRole('table', { name: 'Interactions' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(Math.max(1, interactions.length)));
  });

  it('is read-only for a view-opportunities-only user, and offered under Recently Viewed', async () => {
    const opp = await unassigned(2);
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'opps@demo.test' });
    expect(await screen.findByRole('heading', { name: opp.name, level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Force Assignment' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Opportunity notes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Opportunities' }),
    );
    const recent = await screen.findByRole('navigation', { name: 'Recently Viewed' });
    expect(within(recent).getByRole('link', { name: opp.name })).toHaveAttribute(
      'href',
      `/console/opportunities/view/${opp.id}`,
    );
  });
});
