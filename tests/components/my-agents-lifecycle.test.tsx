import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// The broker's agent lifecycle on My Agents: Pause with Undo, Deactivate after a confirmation,
// deleted agents found by the Deleted filter and by name, invited agents without figures, and the
// Reassign picker telling two agents of one name apart.

async function harborAgent(status = 'ACTIVE', skip = 0) {
  const server = await testServer();
  const broker = await server.db
    .selectFrom('users')
    .select('broker_id')
    .where('email', '=', 'broker@demo.test')
    .executeTakeFirstOrThrow();
  const agent = await server.db
    .selectFrom('agents')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('brokerage_id', '=', broker.broker_id!)
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { server, agent, brokerageId: broker.broker_id! };
}
const statusIn = async (id: number) =>
  (await (await testServer()).db.selectFrom('agents').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('the agent lifecycle on My Agents', () => {
  it('pauses an agent with Undo beside the result, and deactivates only after a confirmation that says the sign-in ends', async () => {
    const { agent } = await harborAgent('ACTIVE', 3);
    const { screen, user } = await renderApp(`/console/my-agents/view/${agent.id}`, { as: 'broker@demo.test' });
    expect(await screen.findByTestId('agent-status')).toHaveTextContent('Status: Active');
    await user.click(screen.getByRole('button', { name: 'Pause Agent' }));
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent('Status: Paused'));
    expect(await statusIn(agent.id)).toBe('PAUSED');
    expect(screen.getByText(`${agent.first_name} ${agent.last_name} was paused.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent('Status: Active'));
    expect(await statusIn(agent.id)).toBe('ACTIVE');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Deactivate Agent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Agent' });
    expect(confirm).toHaveTextContent(/signed out at once/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await statusIn(agent.id)).toBe('ACTIVE');
    await user.click(screen.getByRole('button', { name: 'Deactivate Agent' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Agent' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent('Status: Deactivated'));
    expect(screen.queryByRole('button', { name: 'Pause Agent' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reactivate Agent' }));
    await waitFor(() => expect(screen.getByTestId('agent-status')).toHaveTextContent(/Status: (Active|Admin Hold)/));
  }, 60_000);

  it('finds a deleted agent by the Deleted filter and by a name search, with their status', async () => {
    const { server, agent } = await harborAgent('ACTIVE', 5);
    await server.db
      .updateTable('agents')
      .set({ status: 'DELETED', last_name: 'Deletedfound' })
      .where('id', '=', agent.id)
      .execute();
    try {
      const { screen } = await renderApp('/console/my-agents?status=DELETED', { as: 'broker@demo.test' });
      const table = await screen.findByRole('table', { name: 'Agents' });
      expect(
        within(screen.getByRole('combobox', { name: 'Status' })).getByRole('option', { name: 'Deleted' }),
      ).toBeInTheDocument();
      expect(await within(table).findByRole('link', { name: `${agent.first_name} Deletedfound` })).toBeInTheDocument();
      const { screen: s2 } = await renderApp('/console/my-agents?name=Deletedfound', { as: 'broker@demo.test' });
      const found = await s2.findAllByRole('table', { name: 'Agents' });
      const last = found[found.length - 1]!;
      const row = (await within(last).findByRole('link', { name: `${agent.first_name} Deletedfound` })).closest('tr')!;
      expect(row).toHaveTextContent('Deleted');
    } finally {
      await server.db
        .updateTable('agents')
        .set({ status: 'ACTIVE', last_name: agent.last_name })
        .where('id', '=', agent.id)
        .execute();
    }
  }, 60_000);

  it('shows an invited agent without a score, closings or response times', async () => {
    const { server, agent } = await harborAgent('ACTIVE', 6);
    await server.db
      .updateTable('agents')
      .set({ status: 'INVITED', last_name: 'Invitedonly', display_score: 0.8 })
      .where('id', '=', agent.id)
      .execute();
    try {
      const { screen } = await renderApp('/console/my-agents?name=Invitedonly', { as: 'broker@demo.test' });
      const table = await screen.findByRole('table', { name: 'Agents' });
      const row = (await within(table).findByRole('link', { name: `${agent.first_name} Invitedonly` })).closest('tr')!;
      const cells = within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells).toEqual([
        `${agent.first_name} Invitedonly`,
        'Invited',
        'Not joined yet',
        expect.any(String),
        'Not joined yet',
        'Not joined yet',
      ]);
    } finally {
      await server.db
        .updateTable('agents')
        .set({ status: 'ACTIVE', last_name: agent.last_name })
        .where('id', '=', agent.id)
        .execute();
    }
  }, 60_000);

  it('tells two agents of one name apart by their email in the Reassign picker', async () => {
    const { server, agent: a, brokerageId } = await harborAgent('ACTIVE', 1);
    const { agent: b } = await harborAgent('ACTIVE', 2);
    const ref = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('brokerage_id', '=', brokerageId)
      .where('agent_id', 'not in', [a.id, b.id])
      .where('stage', '=', 'AWAITING_FOLLOWUP')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('agents')
      .set({ first_name: 'Ella', last_name: 'Twinname' })
      .where('id', 'in', [a.id, b.id])
      .execute();
    try {
      const { screen, user } = await renderApp(`/console/my-referrals/view/${ref.id}`, { as: 'broker@demo.test' });
      await user.click(await screen.findByRole('button', { name: 'Reassign' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reassign referral' });
      const picker = within(dialog).getByRole('combobox', { name: 'New agent' });
      await waitFor(() => expect(picker.querySelector(`option[value="${a.id}"]`)).not.toBeNull());
      expect(picker.querySelector(`option[value="${a.id}"]`)).toHaveTextContent(`Ella Twinname (${a.email})`);
      expect(picker.querySelector(`option[value="${b.id}"]`)).toHaveTextContent(`Ella Twinname (${b.email})`);
    } finally {
      for (const x of [a, b])
        await server.db
          .updateTable('agents')
          .set({ first_name: x.first_name, last_name: x.last_name })
          .where('id', '=', x.id)
          .execute();
    }
  }, 60_000);
});
