import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const column = (table: HTMLElement, i: number) =>
  rowsOf(table).map((r) => within(r).getAllByRole('cell')[i]!.textContent);

/** An ACTIVE agent with no hold, with referrals, and a name to look for. */
async function activeAgent() {
  const server = await testServer();
  const a = await server.db
    .selectFrom('agents as a')
    .innerJoin('brokerages as b', 'b.id', 'a.brokerage_id')
    .select(['a.id', 'a.first_name', 'a.last_name', 'b.name as brokerage'])
    .where('a.status', '=', 'ACTIVE')
    .where((eb) => eb.exists(eb.selectFrom('referrals as r').select('r.id').whereRef('r.agent_id', '=', 'a.id')))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('agent_coverage_areas as c')
            .select('c.id')
            .whereRef('c.agent_id', '=', 'a.id')
            .where('c.zip', '=', '04101'),
        ),
      ),
    )
    .orderBy('a.id', 'desc')
    .executeTakeFirstOrThrow();
  return { server, id: a.id, name: `${a.first_name} ${a.last_name}`, brokerage: a.brokerage };
}

describe('the agents list', () => {
  it("searches by name and filters by status on the server, naming each agent's brokerage", async () => {
    const agent = await activeAgent();
    const { screen, user } = await renderApp('/console/agents', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Agents' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${agent.name}{Enter}`);
    await waitFor(() => expect(column(table, 0)).toContain(agent.name));
    expect(column(table, 1).every((b) => b !== '-')).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Admin Hold');
    await waitFor(() => expect(column(table, 2).every((s) => s === 'Admin Hold')).toBe(true));
    expect(rowsOf(table).length).toBeGreaterThan(0);
  });
});

describe('the agent view', () => {
  it('shows the profile and funnel, and is offered again under Recently Viewed', async () => {
    const agent = await activeAgent();
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'engagement@demo.test' });
    expect(await screen.findByRole('heading', { name: agent.name, level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(agent.brokerage)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Funnel' }));
    expect(await screen.findByRole('table', { name: 'Buyer funnel' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Referrals' }));
    const referrals = await screen.findByRole('table', { name: 'Agent referrals' });
    await waitFor(() => expect(rowsOf(referrals).length).toBeGreaterThan(0));
    await user.click(within(rowsOf(referrals)[0]!).getByRole('link'));
    expect(await screen.findByRole('table', { name: 'Referral events' })).toBeInTheDocument();
    expect(window.location.pathname).toMatch(new RegExp(`^/console/agents/view/${agent.id}/referral/\\d+$`));
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Agents' }));
    const recent = await screen.findByRole('navigation', { name: 'Recently Viewed' });
    expect(within(recent).getByRole('link', { name: agent.name })).toHaveAttribute(
      'href',
      `/console/agents/view/${agent.id}`,
    );
  });

  it('puts the agent on admin hold and lifts it, restoring the status', async () => {
    const agent = await activeAgent();
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Admin Hold' }));
    expect(await screen.findByText('This agent has no admin hold.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hold Reason' }), 'Compliance review');
    await user.click(screen.getByRole('button', { name: 'Add Hold' }));
    expect(await screen.findByText('Admin hold added.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Admin hold reasons' })).getByText('Compliance review'),
    ).toBeInTheDocument();
    expect(
      (await agent.server.db.selectFrom('agents').select('status').where('id', '=', agent.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('ADMIN_HOLD');
    await user.click(screen.getByRole('button', { name: 'Remove hold: Compliance review' }));
    expect(await screen.findByText('This agent has no admin hold.')).toBeInTheDocument();
    expect(
      (await agent.server.db.selectFrom('agents').select('status').where('id', '=', agent.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('ACTIVE');
  });

  it('adds a coverage ZIP only with exactly five digits, and removes it', async () => {
    const agent = await activeAgent();
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'supervisor@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Coverage Areas' }));
    const zip = await screen.findByRole('textbox', { name: 'ZIP' });
    await user.type(zip, '0410');
    await user.click(screen.getByRole('button', { name: 'Add Coverage Area' }));
    expect(await screen.findByText('ZIP must be exactly 5 digits')).toBeInTheDocument();
    await user.type(zip, '1');
    await user.click(screen.getByRole('button', { name: 'Add Coverage Area' }));
    expect(await screen.findByText('Added 04101 to the coverage areas.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Coverage areas' });
    await waitFor(() => expect(within(list).getByText('04101')).toBeInTheDocument());
    await user.click(within(list).getByRole('button', { name: 'Remove 04101' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove 04101' })).not.toBeInTheDocument());
    const left = await agent.server.db
      .selectFrom('agent_coverage_areas')
      .select('id')
      .where('agent_id', '=', agent.id)
      .where('zip', '=', '04101')
      .execute();
    expect(left).toEqual([]);
  });

  it('adds a staff note on the agent', async () => {
    const agent = await activeAgent();
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Notes' }));
    const notes = await screen.findByRole('region', { name: 'Agent notes' });
    await user.type(await within(notes).findByLabelText('Note'), 'Asked to update three stale referrals.');
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent('Asked to update three stale referrals.'),
    );
  });
});
