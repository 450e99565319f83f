import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// A brokerage admin and staff act on a referral where they look at it.

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** Idle overdue referrals of Harbor Point not used by an earlier test (a move brings them up to date). */
const used = new Set<number>();
async function overdueReferrals(count: number) {
  const server = await testServer();
  const rows = await server.db
    .selectFrom('referrals as r')
    .innerJoin('brokerages as b', 'b.id', 'r.brokerage_id')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .select([
      'r.id',
      'r.agent_id',
      'r.brokerage_id',
      'r.prospect_first',
      'r.prospect_last',
      'a.first_name',
      'a.last_name',
    ])
    .where('b.name', '=', 'Harbor Point Realty')
    .where('r.stage', 'in', ['AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER'])
    .where('r.updated_at', '<', new Date(Date.now() - 10 * 86_400_000))
    .orderBy('r.updated_at')
    .orderBy('r.id')
    .execute();
  const fresh = rows.filter((r) => !used.has(r.id)).slice(0, count);
  for (const r of fresh) used.add(r.id);
  return { server, refs: fresh };
}

/** The ACTIVE agent of the brokerage with the highest id, other than `not`. */
async function activeColleague(brokerageId: number, ...not: number[]) {
  const server = await testServer();
  return server.db
    .selectFrom('agents')
    .select(['id', 'first_name', 'last_name'])
    .where('brokerage_id', '=', brokerageId)
    .where('status', '=', 'ACTIVE')
    .where('id', 'not in', not)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** The picker's option for one agent (by id: two agents may share a name). */
/** Opens a referral's page as the broker admin and its Reassign dialog, once the picker has its agents. */
async function openReassign(referralId: number) {
  const { screen, user } = await renderApp(`/console/my-referrals/view/${referralId}`, { as: 'broker@demo.test' });
  await user.click(await screen.findByRole('button', { name: 'Reassign' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reassign referral' });
  const picker = within(dialog).getByRole('combobox', { name: 'New agent' });
  await waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(2));
  return { screen, user, dialog, picker };
}

const optionOf = (select: HTMLElement, agentId: number) =>
  select.querySelector<HTMLOptionElement>(`option[value="${agentId}"]`)!;

describe("a referral's page", () => {
  it('lets a brokerage admin reassign it after confirming, greying out the agents the server would refuse with its reason', async () => {
    const {
      server,
      refs: [ref],
    } = await overdueReferrals(1);
    const to = await activeColleague(ref!.brokerage_id, ref!.agent_id);
    const off = await activeColleague(ref!.brokerage_id, to.id, ref!.agent_id);
    await server.db.updateTable('agents').set({ status: 'DEACTIVATED' }).where('id', '=', off.id).execute();
    try {
      const { screen, user, dialog, picker } = await openReassign(ref!.id);
      const current = optionOf(picker, ref!.agent_id);
      expect(current).toHaveTextContent('(Already assigned)');
      expect(current).toBeDisabled();
      const deactivated = optionOf(picker, off.id);
      expect(deactivated).toHaveTextContent('(Deactivated)');
      expect(deactivated).toBeDisabled();

      await user.selectOptions(picker, String(to.id));
      await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
      const confirm = await screen.findByRole('dialog', { name: 'Confirm reassignment' });
      expect(confirm).toHaveTextContent(
        `${to.first_name} ${to.last_name} is notified at once, and the reassignment cannot be undone from here.`,
      );
      await user.click(within(confirm).getByRole('button', { name: 'Confirm reassignment' }));
      expect(
        await screen.findByText(
          `${ref!.prospect_first} ${ref!.prospect_last} reassigned to ${to.first_name} ${to.last_name}.`,
        ),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() =>
        expect(screen.getByRole('link', { name: `${to.first_name} ${to.last_name}` })).toBeInTheDocument(),
      );
      expect(screen.getByText('Up to date')).toBeInTheDocument();
      const row = await server.db
        .selectFrom('referrals')
        .select('agent_id')
        .where('id', '=', ref!.id)
        .executeTakeFirstOrThrow();
      expect(row.agent_id).toBe(to.id);
    } finally {
      await server.db.updateTable('agents').set({ status: 'ACTIVE' }).where('id', '=', off.id).execute();
    }
  });

  it("shows the server's reason when it refuses the move, and moves nothing", async () => {
    const {
      server,
      refs: [ref],
    } = await overdueReferrals(1);
    const to = await activeColleague(ref!.brokerage_id, ref!.agent_id);
    try {
      const { screen, user, dialog, picker } = await openReassign(ref!.id);
      await user.selectOptions(picker, String(to.id));
      // Deactivated by someone else after the picker loaded: the server has the last word.
      await server.db.updateTable('agents').set({ status: 'DEACTIVATED' }).where('id', '=', to.id).execute();
      await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
      await user.click(await screen.findByRole('button', { name: 'Confirm reassignment' }));
      const again = await screen.findByRole('dialog', { name: 'Reassign referral' });
      expect(await within(again).findByRole('alert')).toHaveTextContent(
        'That agent is deactivated and cannot take referrals',
      );
      const row = await server.db
        .selectFrom('referrals')
        .select('agent_id')
        .where('id', '=', ref!.id)
        .executeTakeFirstOrThrow();
      expect(row.agent_id).toBe(ref!.agent_id);
    } finally {
      await server.db.updateTable('agents').set({ status: 'ACTIVE' }).where('id', '=', to.id).execute();
    }
  });

  it('closes the dialog on Back and stays on the page', async () => {
    const {
      refs: [ref],
    } = await overdueReferrals(1);
    const { screen, user } = await renderApp(`/console/my-referrals/view/${ref!.id}`, { as: 'broker@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Reassign' }));
    await screen.findByRole('dialog', { name: 'Reassign referral' });
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe(`/console/my-referrals/view/${ref!.id}`);
  });

  it('reminds the agent once, naming the referral, and says to wait when asked again within the hour', async () => {
    const {
      server,
      refs: [ref],
    } = await overdueReferrals(1);
    const agent = `${ref!.first_name} ${ref!.last_name}`;
    const first = await renderApp(`/console/my-referrals/view/${ref!.id}`, { as: 'broker@demo.test' });
    await first.user.click(await first.screen.findByRole('button', { name: 'Remind agent' }));
    expect(await first.screen.findByText(`Reminder sent to ${agent}.`)).toBeInTheDocument();
    expect(first.screen.getByRole('button', { name: 'Reminder sent' })).toBeDisabled();
    const sent = await server.db
      .selectFrom('agent_notifications')
      .select(['type', 'referral_name'])
      .where('referral_id', '=', ref!.id)
      .where('type', '=', 'OVERDUE_REFERRAL_REMINDER')
      .execute();
    expect(sent).toEqual([
      { type: 'OVERDUE_REFERRAL_REMINDER', referral_name: `${ref!.prospect_first} ${ref!.prospect_last}` },
    ]);
    first.unmount();

    const second = await renderApp(`/console/my-referrals/view/${ref!.id}`, { as: 'broker@demo.test' });
    await second.user.click(await second.screen.findByRole('button', { name: 'Remind agent' }));
    expect(
      await second.screen.findByText(/The agent was reminded of this referral less than an hour ago/),
    ).toBeInTheDocument();
  });
});

describe("an agent's referral on My Agents", () => {
  it('says where the referral went once it is reassigned from there', async () => {
    const {
      refs: [ref],
    } = await overdueReferrals(1);
    const to = await activeColleague(ref!.brokerage_id, ref!.agent_id);
    const { screen, user } = await renderApp(`/console/my-agents/view/${ref!.agent_id}/referral/${ref!.id}`, {
      as: 'broker@demo.test',
    });
    await user.click(await screen.findByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign referral' });
    const picker = within(dialog).getByRole('combobox', { name: 'New agent' });
    await waitFor(() => expect(optionOf(picker, to.id)).not.toBeNull());
    await user.selectOptions(picker, String(to.id));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm reassignment' }));
    expect(await screen.findByText(/This referral is now with/)).toHaveTextContent(
      `This referral is now with ${to.first_name} ${to.last_name}.`,
    );
    expect(screen.getByRole('link', { name: 'Back to agent' })).toBeInTheDocument();
  });
});

describe('My Referrals', () => {
  it('reassigns three ticked referrals in one step, reports each, and keeps the refused one ticked', async () => {
    const { refs } = await overdueReferrals(3);
    const [a, b, c] = refs as [(typeof refs)[0], (typeof refs)[0], (typeof refs)[0]];
    const server = await testServer();
    const to = await activeColleague(a.brokerage_id, a.agent_id, b.agent_id);
    // The third is already the chosen agent's: the rule refuses it, with the server's words.
    await server.db.updateTable('referrals').set({ agent_id: to.id }).where('id', '=', c.id).execute();
    const { screen, user } = await renderApp(
      '/console/my-referrals?followupType=OVERDUE&sort=updated&order=asc&rows=40',
      { as: 'broker@demo.test' },
    );
    const table = await screen.findByRole('table', { name: 'Referrals' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(3));
    for (const r of refs)
      await user.click(within(table).getByRole('checkbox', { name: `Select ${r.prospect_first} ${r.prospect_last}` }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reassign selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign 3 referrals' });
    const picker = within(dialog).getByRole('combobox', { name: 'New agent' });
    await waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(2));
    // The email follows the name when another agent of the brokerage has the same name.
    expect(optionOf(picker, to.id).textContent).toMatch(
      new RegExp(`^${to.first_name} ${to.last_name}( \\([^)]+@[^)]+\\))? \\(Already assigned 1 of 3\\)$`),
    );
    await user.selectOptions(picker, String(to.id));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm reassignment' }));

    const results = await screen.findByRole('dialog', { name: 'Reassignment results' });
    expect(within(results).getByRole('region', { name: 'Reassigned' })).toHaveTextContent(
      `${a.prospect_first} ${a.prospect_last}`,
    );
    expect(within(results).getByRole('region', { name: 'Reassigned' })).toHaveTextContent(
      `${b.prospect_first} ${b.prospect_last}`,
    );
    expect(within(results).getByRole('region', { name: 'Not reassigned' })).toHaveTextContent(
      `${c.prospect_first} ${c.prospect_last}: This referral is already assigned to that agent`,
    );
    await user.click(within(results).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    // The two moved are up to date now and leave the overdue list; the refused one stays, still ticked.
    await waitFor(() =>
      expect(
        within(table).queryByRole('checkbox', { name: `Select ${a.prospect_first} ${a.prospect_last}` }),
      ).toBeNull(),
    );
    expect(
      within(table).getByRole('checkbox', { name: `Select ${c.prospect_first} ${c.prospect_last}` }),
    ).toBeChecked();
  });

  it('ticks every row of the page with "Select all on this page", and clears them', async () => {
    const { screen, user } = await renderApp('/console/my-referrals?category=active', { as: 'broker@demo.test' });
    const table = await screen.findByRole('table', { name: 'Referrals' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0));
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(
      within(table)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    expect(screen.getByText(`${rowsOf(table).length} selected`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('None selected')).toBeInTheDocument();
  });
});

describe("staff on an agent's referral page", () => {
  it('add a note and find Reassign and Remind agent there', async () => {
    const {
      refs: [ref],
    } = await overdueReferrals(1);
    const { screen, user } = await renderApp(`/console/agents/view/${ref!.agent_id}/referral/${ref!.id}`, {
      as: 'admin@demo.test',
    });
    const notes = await screen.findByRole('region', { name: 'Referral notes' });
    await user.type(within(notes).getByLabelText('Note'), 'Asked the agent to call back today.');
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent('Asked the agent to call back today.'),
    );
    const actions = screen.getByRole('group', { name: 'Referral actions' });
    await waitFor(() => expect(within(actions).getByRole('button', { name: 'Reassign' })).toBeInTheDocument());
    expect(within(actions).getByRole('button', { name: 'Remind agent' })).toBeInTheDocument();
  });
});
