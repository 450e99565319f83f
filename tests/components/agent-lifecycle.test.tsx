import { render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { App } from '../../src/app/App.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { clearPersistedQueries, settlePersistence } from '../../src/app/query-persistence.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

// Enrolment, delete and reactivation, exclusions, MLS boards and support cases on the
// staff agent screens; and the opportunity view's partner, workflow tasks and conversation.

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the agent lifecycle', () => {
  it('lets a broker admin delete one of their agents from My Agents after a confirmation that says what happens, and reactivate them', async () => {
    const server = await testServer();
    const broker = await server.db
      .selectFrom('users')
      .select('broker_id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const agent = await server.db
      .selectFrom('agents')
      .select(['id', 'first_name', 'last_name'])
      .where('brokerage_id', '=', broker.broker_id!)
      .where('status', '=', 'ACTIVE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(`/console/my-agents/view/${agent.id}`, { as: 'broker@demo.test' });
    expect(await screen.findByTestId('agent-status')).toHaveTextContent('Status: Active');
    await user.click(screen.getByRole('button', { name: 'Delete Agent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Agent' });
    expect(confirm).toHaveTextContent(/open referrals stay assigned to them/);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent('Status: Deleted'));
    expect(
      (await server.db.selectFrom('agents').select('status').where('id', '=', agent.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('DELETED');
    await user.click(screen.getByRole('button', { name: 'Reactivate Agent' }));
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent(/Status: (Active|Admin Hold)/));
    expect(
      (await server.db.selectFrom('agents').select('status').where('id', '=', agent.id).executeTakeFirstOrThrow())
        .status,
    ).not.toBe('DELETED');
  });

  it('enrolls an agent from the agents list (checking the form first), opens them, deletes after a confirmation and reactivates', async () => {
    const { screen, user } = await renderApp('/console/agents', { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Enroll Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    expect(await within(dialog).findByText('Brokerage is required')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
    const brokerage = within(dialog).getByRole('combobox', { name: 'Brokerage' });
    await user.selectOptions(brokerage, within(brokerage).getByRole('option', { name: 'Maple & Main Homes' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Jordan');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Component');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jordan.component@enrol.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '5558880101');
    await user.click(within(dialog).getByRole('button', { name: 'Enroll' }));

    expect(await screen.findByRole('heading', { name: 'Jordan Component', level: 2 })).toBeInTheDocument();
    expect(window.location.pathname).toMatch(/^\/console\/agents\/view\/\d+$/);
    expect(screen.getByTestId('agent-status')).toHaveTextContent('Status: Active');
    const server = await testServer();
    const row = await server.db
      .selectFrom('agents')
      .select(['id', 'status', 'phone'])
      .where('email', '=', 'jordan.component@enrol.example')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ACTIVE', phone: '+15558880101' });

    await user.click(screen.getByRole('button', { name: 'Delete Agent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Agent' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(
      (await server.db.selectFrom('agents').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status,
    ).toBe('ACTIVE');
    await user.click(screen.getByRole('button', { name: 'Delete Agent' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Agent' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent('Status: Deleted'));
    expect(
      (await server.db.selectFrom('agents').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status,
    ).toBe('DELETED');

    await user.click(screen.getByRole('button', { name: 'Reactivate Agent' }));
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent('Status: Active'));
    expect(screen.getByRole('button', { name: 'Delete Agent' })).toBeInTheDocument();
  }, 90_000);

  it('adds and removes an excluded ZIP beside the coverage areas, refusing a ZIP that is not 5 digits', async () => {
    const server = await testServer();
    const agent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .where('id', 'not in', server.db.selectFrom('agent_excluded_areas').select('agent_id'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'supervisor@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Coverage Areas' }));
    expect(await screen.findByText('This agent excludes no ZIP codes.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Excluded ZIP' });
    await user.type(field, '041');
    await user.click(screen.getByRole('button', { name: 'Add Excluded Area' }));
    expect(await screen.findByText('ZIP must be exactly 5 digits')).toBeInTheDocument();
    await user.type(field, '99');
    await user.click(screen.getByRole('button', { name: 'Add Excluded Area' }));
    const list = await screen.findByRole('list', { name: 'Excluded areas' });
    expect(within(list).getByText('04199')).toBeInTheDocument();
    expect(
      await server.db.selectFrom('agent_excluded_areas').select('zip').where('agent_id', '=', agent.id).execute(),
    ).toEqual([{ zip: '04199' }]);
    await user.click(screen.getByRole('button', { name: 'Remove exclusion 04199' }));
    expect(await screen.findByText('This agent excludes no ZIP codes.')).toBeInTheDocument();
  });

  it("shows the demo agent's support cases and saves their MLS boards", async () => {
    const server = await testServer();
    const demo = (
      await server.db.selectFrom('agents').select('id').where('phone', '=', '+15550100001').executeTakeFirstOrThrow()
    ).id;
    const { screen, user } = await renderApp(`/console/agents/view/${demo}`, { as: 'engagement@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Support Cases' }));
    const table = await screen.findByRole('table', { name: 'Support cases' });
    await waitFor(() => expect(rowsOf(table).length).toBe(3));
    expect(within(rowsOf(table)[0]!).getByText('Cannot sign in with the one-time code')).toBeInTheDocument();
    expect(screen.getByText('2 open of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'MLS Boards' }));
    const group = await screen.findByRole('group', { name: 'MLS Boards' });
    const metro = within(group).getByRole('checkbox', { name: /Metro MLS/ });
    expect(metro).not.toBeChecked();
    await user.click(metro);
    await user.click(screen.getByRole('button', { name: 'Save MLS Boards' }));
    await waitFor(async () => {
      const rows = await server.db
        .selectFrom('agent_mls_boards as s')
        .innerJoin('mls_boards as m', 'm.id', 's.mls_board_id')
        .select('m.code')
        .where('s.agent_id', '=', demo)
        .execute();
      expect(rows.map((r) => r.code)).toContain('MMLS');
    });
  });
  // The phone e2e found it: a reload within the persister's 1 s throttle of a change restored the copy
  // from before it, still "fresh" by its fetch time, so the page showed Active for a deleted agent.
  it("after a reload shows the server's status, not a restored copy that is older than the last change", async () => {
    const server = await testServer();
    const agent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The first page starts from nothing kept: an earlier test's copy of this agent (deleted, then
    // reactivated) may still be persisted, and a first page trusts a kept copy's age.
    await settlePersistence();
    await clearPersistedQueries();
    const app = await renderApp(`/console/agents/view/${agent.id}`, { as: 'admin@demo.test' });
    await waitFor(() => expect(app.screen.getByTestId('agent-status')).toHaveTextContent('Status: Active'), {
      timeout: 20_000,
    });
    await settlePersistence(); // the persisted copy says Active, fetched a moment ago
    await server.db.updateTable('agents').set({ status: 'DELETED' }).where('id', '=', agent.id).execute();
    app.unmount();
    // The new page is the browser's reload (its navigation entry says so): jsdom keeps no navigation
    // entries, and without one the new page would be a return, which trusts an answer's age.
    const entries = performance.getEntriesByType.bind(performance);
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
      type === 'navigation' ? [{ type: 'reload' } as unknown as PerformanceEntry] : entries(type),
    );
    const reloaded = render(<App client={createQueryClient()} />);
    try {
      await waitFor(() => expect(reloaded.getByTestId('agent-status')).toHaveTextContent('Status: Deleted'), {
        timeout: 20_000,
      });
      expect(reloaded.getByRole('button', { name: 'Reactivate Agent' })).toBeInTheDocument();
    } finally {
      reloaded.unmount();
      await server.db.updateTable('agents').set({ status: 'ACTIVE' }).where('id', '=', agent.id).execute();
    }
  }, 90_000);
});

describe('the opportunity view', () => {
  it('shows the referral partner, the workflow tasks and the conversation with the contact numbers', async () => {
    const server = await testServer();
    const opp = await server.db
      .selectFrom('opportunities as o')
      .innerJoin('partners as p', 'p.id', 'o.partner_id')
      .select(['o.id', 'p.name'])
      .where((eb) =>
        eb.exists(eb.selectFrom('workflow_tasks as t').select('t.id').whereRef('t.opportunity_id', '=', 'o.id')),
      )
      .where((eb) =>
        eb.exists(eb.selectFrom('interactions as i').select('i.id').whereRef('i.opportunity_id', '=', 'o.id')),
      )
      .where('o.contact_phone', 'is not', null)
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    const { screen } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'opps@demo.test' });
    const partner = await screen.findByRole('region', { name: 'Referral Partner' });
    expect(await within(partner).findByText(opp.name)).toBeInTheDocument();
    const tasks = await screen.findByRole('table', { name: 'Workflow tasks' });
    const count = await server.db
      .selectFrom('workflow_tasks')
      .where('opportunity_id', '=', opp.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await waitFor(() => expect(rowsOf(tasks)).toHaveLength(Number(count.n)));
    const timeline = await screen.findByRole('list', { name: 'Conversation timeline' });
    const interactions = await server.db
      .selectFrom('interactions')
      .where('opportunity_id', '=', opp.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(Math.min(100, Number(interactions.n)));
    const numbers = await screen.findByRole('list', { name: 'Contact numbers' });
    expect(within(numbers).getByText(/^Client:/)).toBeInTheDocument();
  });
});
