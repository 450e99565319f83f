import { waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { AreaZip, NewCoverageArea } from '../../src/contract/agents.ts';
import { checkFormCase, dialogOf, type App, type FormCase } from '../setup/form-cases.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { signIn } from '../setup/test-server.ts';

// Forms from the contract, the staff's agent and opportunity forms: the ZIP fields of an
// agent's areas are checked with the contract's rule (AreaZip) beside the field; what only the server
// knows (a ZIP already there, a hold added meanwhile, an agent deactivated or a disposition withdrawn
// since the page loaded) comes back tied to its field and is shown there, in words, and nowhere else.

/** The ZIPs these tests add; the agents they use have none of them. */
const ZIPS = ['04101', '04102', '04198', '04199'];

/** An ACTIVE agent with no admin hold and none of ZIPS, the `offset`-th of them: each test takes its own. */
async function quietAgent(offset: number) {
  const server = await testServer();
  const agent = await server.db
    .selectFrom('agents as a')
    .select('a.id')
    .where('a.status', '=', 'ACTIVE')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('agent_admin_holds as h').select('h.id').whereRef('h.agent_id', '=', 'a.id'))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('agent_coverage_areas as c')
            .select('c.id')
            .whereRef('c.agent_id', '=', 'a.id')
            .where('c.zip', 'in', ZIPS),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('agent_excluded_areas as x')
            .select('x.id')
            .whereRef('x.agent_id', '=', 'a.id')
            .where('x.zip', 'in', ZIPS),
        ),
      ),
    )
    .orderBy('a.id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { server, id: agent.id, url: `/console/agents/view/${agent.id}` };
}

/** Opens the agent view's tab and answers the page's main region, which holds the tab's forms. */
const tabOf =
  (tab: string) =>
  async ({ screen, user }: App) => {
    await user.click(await screen.findByRole('tab', { name: tab }));
    return screen.findByRole('main');
  };

const CASES: FormCase[] = [
  {
    form: 'Coverage Areas',
    url: async () => (await quietAgent(0)).url,
    as: 'supervisor@demo.test',
    open: tabOf('Coverage Areas'),
    field: 'ZIP',
    bad: '0410',
    message: 'ZIP must be exactly 5 digits',
    submit: 'Add Coverage Area',
    schema: NewCoverageArea,
  },
  {
    // The excluded ZIP travels in the path (…/excludedAreas/{zip}), checked there with the same AreaZip.
    form: 'Excluded Areas',
    url: async () => (await quietAgent(1)).url,
    as: 'supervisor@demo.test',
    open: tabOf('Coverage Areas'),
    field: 'Excluded ZIP',
    bad: '041',
    message: 'ZIP must be exactly 5 digits',
    submit: 'Add Excluded Area',
    schema: v.object({ zip: AreaZip }),
  },
];

describe('staff forms from the contract', () => {
  it.each(CASES)(
    "$form: the refused value's message is beside its field, focused, and gone as the field changes",
    checkFormCase,
    90_000,
  );
});

/**
 * The server's refusal shows beside `field` as `message`, which has focus, and nowhere else (not the
 * server's own top-level text `notShown`, nor raw text); `change` then changes the field and the message goes.
 */
async function expectRefusalBeside(
  { screen }: App,
  field: HTMLElement,
  message: string,
  notShown: string,
  change: () => Promise<void>,
) {
  await waitFor(() => expect(field).toHaveAccessibleDescription(message));
  expect(field).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(field).toHaveFocus());
  expect(screen.getAllByText(message)).toHaveLength(1);
  expect(screen.queryByText(notShown)).not.toBeInTheDocument();
  expect(screen.queryByText(/request body is not valid|Unexpected answer|An error occurred/)).not.toBeInTheDocument();
  await change();
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByText(message)).not.toBeInTheDocument();
}

describe('a refusal only the server can make is shown beside its field, in words', () => {
  it.each([
    {
      area: 'Coverage Areas',
      n: 2,
      zip: '04101',
      field: 'ZIP',
      button: 'Add Coverage Area',
      path: 'coverageAreas',
      body: { zip: '04101' },
      message: 'This agent already covers ZIP 04101',
      old: 'The agent already covers that area',
      next: '{Backspace}2',
    },
    {
      area: 'Excluded Areas',
      n: 3,
      zip: '04199',
      field: 'Excluded ZIP',
      button: 'Add Excluded Area',
      path: 'excludedAreas/04199',
      body: undefined,
      message: 'This agent already excludes ZIP 04199',
      old: 'The agent already excludes that ZIP',
      next: '{Backspace}8',
    },
  ])(
    '$area: a ZIP the agent already has',
    async (c) => {
      const agent = await quietAgent(c.n);
      const staff = await signIn(agent.server, 'supervisor@demo.test');
      expect((await staff.post(`/agents-api/agents/${agent.id}/${c.path}`, c.body)).status).toBe(201);
      const app = await renderApp(agent.url, { as: 'supervisor@demo.test' });
      const main = await tabOf('Coverage Areas')(app);
      const zip = await within(main).findByRole('textbox', { name: c.field });
      await app.user.type(zip, c.zip);
      await app.user.click(within(main).getByRole('button', { name: c.button }));
      await expectRefusalBeside(app, zip, c.message, c.old, () => app.user.type(zip, c.next));
    },
    90_000,
  );

  it('Admin Hold: a reason someone else put the agent on hold for since the page loaded', async () => {
    const agent = await quietAgent(4);
    const [first, second] = await agent.server.db
      .selectFrom('admin_hold_reasons')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('name')
      .limit(2)
      .execute();
    const app = await renderApp(agent.url, { as: 'admin@demo.test' });
    await app.user.click(await app.screen.findByRole('tab', { name: 'Admin Hold' }));
    const select = await app.screen.findByRole('combobox', { name: 'Hold Reason' });
    await within(select).findByRole('option', { name: first!.name });
    const other = await signIn(agent.server, 'supervisor@demo.test');
    expect((await other.post(`/agents-api/agents/${agent.id}/adminHoldReason`, { reasonId: first!.id })).status).toBe(
      201,
    );

    await app.user.selectOptions(select, first!.name);
    await app.user.click(app.screen.getByRole('button', { name: 'Add Hold' }));
    await expectRefusalBeside(
      app,
      select,
      `${first!.name}: the agent is already on hold for this reason.`,
      'The agent already has that admin hold reason',
      async () => {
        // The list is read again: the hold someone else added shows, and its reason is no longer offered.
        await waitFor(() =>
          expect(within(select).queryByRole('option', { name: first!.name })).not.toBeInTheDocument(),
        );
        await app.user.selectOptions(select, second!.name);
      },
    );
    expect(
      within(app.screen.getByRole('list', { name: 'Admin hold reasons' })).getByText(first!.name),
    ).toBeInTheDocument();
  }, 90_000);

  it('Force Assignment: an agent deactivated since the page loaded', async () => {
    const server = await testServer();
    const named = () =>
      server.db
        .selectFrom('agents')
        .select(['id', 'first_name', 'last_name'])
        .where('status', '=', 'ACTIVE')
        .where('first_name', 'is not', null)
        .where('last_name', 'is not', null);
    const opp = await server.db
      .selectFrom('opportunities as o')
      .select(['o.id', 'o.brokerage_id'])
      .where('o.agent_id', 'is', null)
      .where(
        (eb) =>
          eb
            .selectFrom('agents as a')
            .select((f) => f.fn.countAll<number>().as('n'))
            .whereRef('a.brokerage_id', '=', 'o.brokerage_id')
            .where('a.status', '=', 'ACTIVE')
            .where('a.first_name', 'is not', null)
            .where('a.last_name', 'is not', null),
        '>=',
        2,
      )
      .orderBy('o.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const [leaving, staying] = await named()
      .where('brokerage_id', '=', opp.brokerage_id)
      .orderBy('id')
      .limit(2)
      .execute();
    const name = (a: typeof leaving) => `${a!.first_name} ${a!.last_name}`;
    const app = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'admin@demo.test' });
    const assigned = await app.screen.findByRole('region', { name: 'Assigned Agent' });
    const select = within(assigned).getByRole('combobox', { name: 'Agent' });
    await within(select).findByRole('option', { name: name(leaving) });
    await server.db.updateTable('agents').set({ status: 'DEACTIVATED' }).where('id', '=', leaving!.id).execute();

    await app.user.selectOptions(select, name(leaving));
    await app.user.click(within(assigned).getByRole('button', { name: 'Force Assignment' }));
    await expectRefusalBeside(
      app,
      select,
      'The agent cannot take referrals while deactivated',
      'DEACTIVATED',
      async () => {
        await waitFor(() =>
          expect(within(select).queryByRole('option', { name: name(leaving) })).not.toBeInTheDocument(),
        );
        await app.user.selectOptions(select, name(staying));
      },
    );
    expect(
      (
        await server.db
          .selectFrom('opportunities')
          .select('agent_id')
          .where('id', '=', opp.id)
          .executeTakeFirstOrThrow()
      ).agent_id,
    ).toBeNull();
  }, 90_000);
});

describe('a disposition withdrawn while a dialog offers it is refused beside Disposition', () => {
  const NAMES = ['Withdrawn while logging', 'Withdrawn while correcting'] as const;
  let inserted: Promise<Map<string, number>> | undefined;
  /**
   * A disposition only this test offers (all of them inserted before the first dialog reads the list,
   * which the console keeps), and an opportunity of the seed with logged interactions (the `offset`-th).
   */
  async function withdrawable(name: (typeof NAMES)[number], offset: number) {
    const server = await testServer();
    inserted ??= Promise.all(
      NAMES.map(
        async (n) =>
          [
            n,
            (
              await server.db
                .insertInto('dispositions')
                .values({ category: 'Test', name: n })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          ] as const,
      ),
    ).then((rows) => new Map(rows));
    const d = { id: (await inserted).get(name)! };
    const opp = await server.db
      .selectFrom('interactions')
      .select('opportunity_id')
      .groupBy('opportunity_id')
      .orderBy('opportunity_id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
    const withdraw = () => server.db.deleteFrom('dispositions').where('id', '=', d.id).execute();
    return { server, label: `Test: ${name}`, url: `/console/opportunities/view/${opp.opportunity_id}`, withdraw };
  }

  it('Log Interaction', async () => {
    const d = await withdrawable('Withdrawn while logging', 0);
    const app = await renderApp(d.url, { as: 'supervisor@demo.test' });
    const dialog = await dialogOf('Log Interaction')(app);
    const select = within(dialog).getByRole('combobox', { name: 'Disposition' });
    await within(select).findByRole('option', { name: d.label });
    await d.withdraw();
    await app.user.selectOptions(select, d.label);
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Duration (min:sec)' }), '2');
    await app.user.click(within(dialog).getByRole('button', { name: 'Log Interaction' }));
    await expectRefusalBeside(
      app,
      select,
      'This disposition is no longer offered; choose another.',
      'Unknown disposition',
      async () => {
        await waitFor(() => expect(within(select).queryByRole('option', { name: d.label })).not.toBeInTheDocument());
        await app.user.selectOptions(select, within(select).getAllByRole('option')[1]!);
      },
    );
    expect(dialog).toBeInTheDocument();
  }, 90_000);

  it('Correct Disposition: the row goes back to the disposition it had', async () => {
    const d = await withdrawable('Withdrawn while correcting', 1);
    const app = await renderApp(d.url, { as: 'supervisor@demo.test' });
    const table = await app.screen.findByRole('table', { name: 'Interactions' });
    await waitFor(() =>
      expect(within(table).getAllByRole('button', { name: /^Correct disposition of/ }).length).toBeGreaterThan(0),
    );
    const row = within(table).getAllByRole('row')[1]!;
    const before = row.textContent;
    await app.user.click(within(row).getByRole('button', { name: /^Correct disposition of/ }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Correct Disposition' });
    const select = within(dialog).getByRole('combobox', { name: 'Disposition' });
    await within(select).findByRole('option', { name: d.label });
    await d.withdraw();
    await app.user.selectOptions(select, d.label);
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Disposition' }));
    await expectRefusalBeside(
      app,
      select,
      'This disposition is no longer offered; choose another.',
      'Unknown disposition',
      async () => {
        await waitFor(() => expect(within(select).queryByRole('option', { name: d.label })).not.toBeInTheDocument());
        await app.user.selectOptions(
          select,
          within(select)
            .getAllByRole<HTMLOptionElement>('option')
            .find((o) => o.value !== (select as HTMLSelectElement).value)!,
        );
      },
    );
    // The page behind the open dialog is hidden from the accessibility tree: read the row itself.
    await waitFor(() => expect(table.querySelector('tbody tr')).toHaveTextContent(before!));
  }, 90_000);
});

describe('a form with no field a user can get wrong says a failure in words, above the form', () => {
  it('Change Status: the request cannot be made, nothing is saved, and the page says so', async () => {
    const server = await testServer();
    const opp = await server.db
      .selectFrom('opportunities')
      .select(['id', 'status'])
      .where('status', '!=', 'FUTURE_INTEREST')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const app = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'admin@demo.test' });
    const card = await app.screen.findByRole('region', { name: 'Status' });
    const select = within(card).getByRole('combobox', { name: 'New Status' });
    await app.user.selectOptions(select, 'Future Interest');
    const through = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).endsWith(`/opportunities/${opp.id}/status`))
        throw new TypeError('Failed to fetch');
      return through(input, init);
    }) as typeof fetch;
    try {
      await app.user.click(within(card).getByRole('button', { name: 'Change Status' }));
      expect(await within(card).findByRole('alert')).toHaveTextContent(
        'You are offline or the server cannot be reached. Nothing was saved; try again when you are back online.',
      );
    } finally {
      globalThis.fetch = through;
    }
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(app.screen.queryByText(/Failed to fetch|An error occurred/)).not.toBeInTheDocument();
    expect(
      (await server.db.selectFrom('opportunities').select('status').where('id', '=', opp.id).executeTakeFirstOrThrow())
        .status,
    ).toBe(opp.status);
  }, 90_000);
});
