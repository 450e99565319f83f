import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// A step the server can take back offers Undo in its success message, and Undo restores what was there
// (the list of steps and why the others ask first instead: docs/decisions/0108).

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/** The Undo of the success message reading `text` (an earlier message may still offer its own). */
const undoOf = async (text: string) =>
  within((await screen.findByText(text)).closest<HTMLElement>('[role="status"]')!).getByRole('button', {
    name: 'Undo',
  });
const userId = async (email: string) =>
  (await (await testServer()).db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;
/** A user's roles in their order (the first is the primary one). */
const rolesOf = async (id: number) =>
  (
    await (
      await testServer()
    ).db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('r.name')
      .where('ur.user_id', '=', id)
      .orderBy('ur.position')
      .orderBy('r.id')
      .execute()
  ).map((r) => r.name);
/** The first screen of a test renders while the file's in-process API starts. */
const SLOW = { timeout: 20_000 };

describe('Undo beside a reversible step', () => {
  it('a status change on an opportunity: Undo puts the status it replaced back', async () => {
    const server = await testServer();
    const opp = await server.db
      .selectFrom('opportunities')
      .select(['id', 'status'])
      .where('status', '=', 'CONTACT_ESTABLISHED')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'admin@demo.test' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'New Status' }), 'Future Interest');
    await user.click(screen.getByRole('button', { name: 'Change Status' }));
    expect(await screen.findByText('Status changed to Future Interest.')).toBeInTheDocument();
    const status = () =>
      server.db.selectFrom('opportunities').select('status').where('id', '=', opp.id).executeTakeFirstOrThrow();
    expect((await status()).status).toBe('FUTURE_INTEREST');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: the status is Contact Established again.')).toBeInTheDocument();
    expect((await status()).status).toBe('CONTACT_ESTABLISHED');
    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Contact Established')).toBeInTheDocument();
  });

  it('blocking a DNC number: Undo unblocks it again', async () => {
    const server = await testServer();
    const { screen, user } = await renderApp('/console/dnc-list', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'DNC List' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'do.not.call@mail.example{Enter}');
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: 'Block Number' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block Number' })).getByRole('button', { name: 'Block Number' }),
    );
    expect(await screen.findByText('Successfully blocked the number.')).toBeInTheDocument();
    const blocked = async () =>
      (
        await server.db
          .selectFrom('dnc_contacts')
          .select('blocked')
          .where('value', '=', 'do.not.call@mail.example')
          .executeTakeFirstOrThrow()
      ).blocked;
    expect(await blocked()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: the number is unblocked again.')).toBeInTheDocument();
    expect(await blocked()).toBe(false);
    await waitFor(() =>
      expect(within(rowsOf(table)[0]!).getByRole('button', { name: 'Block Number' })).toBeInTheDocument(),
    );
  });

  it('adding a DNC contact: Undo takes it off the list', async () => {
    const server = await testServer();
    const { screen, user } = await renderApp('/console/dnc-list', { as: 'admin@demo.test' });
    await screen.findByRole('table', { name: 'DNC List' });
    await user.click(screen.getByRole('button', { name: 'New DNC' }));
    const dialog = await screen.findByRole('dialog', { name: 'New DNC' });
    await user.type(within(dialog).getByLabelText('Phone Number'), '(555) 321-9876');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added (555) 321-9876 to the DNC list.')).toBeInTheDocument();
    const rows = () =>
      server.db.selectFrom('dnc_contacts').select('id').where('value', 'like', '%5553219876').execute();
    expect(await rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: (555) 321-9876 is off the DNC list.')).toBeInTheDocument();
    expect(await rows()).toHaveLength(0);
  });

  it('adding a role: Undo removes it again', async () => {
    const qa = await userId('qa@demo.test');
    const before = await rolesOf(qa);
    const { screen, user } = await renderApp(`/console/user-management/edit/${qa}`, { as: 'admin@demo.test' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Add Role' }, SLOW), 'CSR');
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    expect(await screen.findByText('CSR was added.')).toBeInTheDocument();
    expect(await rolesOf(qa)).toEqual([...before, 'CSR']);
    await user.click(await undoOf('CSR was added.'));
    expect(await screen.findByText('Undone: CSR was removed again.')).toBeInTheDocument();
    expect(await rolesOf(qa)).toEqual(before);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Roles' })).queryByText('CSR')).toBeNull());
  });

  it("removing a user's first role: Undo gives it back, first again", async () => {
    // The first role is the primary one (it picks the landing page): Undo puts it back first, not last.
    const server = await testServer();
    const engagement = await userId('engagement@demo.test');
    const csr = await server.db.selectFrom('roles').select('id').where('name', '=', 'CSR').executeTakeFirstOrThrow();
    await server.db.insertInto('user_roles').values({ user_id: engagement, role_id: csr.id, position: 1 }).execute();
    expect(await rolesOf(engagement)).toEqual(['AGENT_ENGAGEMENT', 'CSR']);
    const { screen, user } = await renderApp(`/console/user-management/edit/${engagement}`, {
      as: 'admin@demo.test',
    });
    const roles = await screen.findByRole('list', { name: 'Roles' }, SLOW);
    // Remove shows once the role catalogue (which roles may be granted) has loaded too.
    await user.click(await within(roles).findByRole('button', { name: 'Remove Agent Engagement' }, SLOW));
    expect(await screen.findByText('Agent Engagement was removed.')).toBeInTheDocument();
    expect(await rolesOf(engagement)).toEqual(['CSR']);
    await user.click(await undoOf('Agent Engagement was removed.'));
    expect(await screen.findByText('Undone: Agent Engagement was added back.')).toBeInTheDocument();
    expect(await rolesOf(engagement)).toEqual(['AGENT_ENGAGEMENT', 'CSR']);
  });

  it("an agent's admin hold: Undo lifts a hold just placed, and places again a hold just lifted", async () => {
    const server = await testServer();
    const agent = await server.db
      .selectFrom('agents as a')
      .select('a.id')
      .where('a.status', '=', 'ACTIVE')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('agent_admin_holds as h').select('h.id').whereRef('h.agent_id', '=', 'a.id'))),
      )
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    const state = async () => ({
      status: (
        await server.db.selectFrom('agents').select('status').where('id', '=', agent.id).executeTakeFirstOrThrow()
      ).status,
      holds: (
        await server.db
          .selectFrom('agent_admin_holds as h')
          .innerJoin('admin_hold_reasons as r', 'r.id', 'h.reason_id')
          .select('r.name')
          .where('h.agent_id', '=', agent.id)
          .execute()
      ).map((h) => h.name),
    });
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Admin Hold' }, SLOW));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Hold Reason' }), 'Compliance review');
    await user.click(screen.getByRole('button', { name: 'Add Hold' }));
    expect(await screen.findByText('Admin hold added.')).toBeInTheDocument();
    expect(await state()).toEqual({ status: 'ADMIN_HOLD', holds: ['Compliance review'] });
    await user.click(await undoOf('Admin hold added.'));
    expect(await screen.findByText('Undone: the admin hold is lifted again.')).toBeInTheDocument();
    expect(await state()).toEqual({ status: 'ACTIVE', holds: [] });
    expect(await screen.findByText('This agent has no admin hold.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Hold Reason' }), 'Compliance review');
    await user.click(screen.getByRole('button', { name: 'Add Hold' }));
    await user.click(await screen.findByRole('button', { name: 'Remove hold: Compliance review' }));
    expect(await screen.findByText('Admin hold removed.')).toBeInTheDocument();
    expect(await state()).toEqual({ status: 'ACTIVE', holds: [] });
    await user.click(await undoOf('Admin hold removed.'));
    expect(await screen.findByText('Undone: the admin hold is back.')).toBeInTheDocument();
    expect(await state()).toEqual({ status: 'ADMIN_HOLD', holds: ['Compliance review'] });
  });

  it("an agent's coverage ZIP: Undo takes off a ZIP just added, and adds back a ZIP just removed; an excluded ZIP too", async () => {
    const server = await testServer();
    const agent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('agent_coverage_areas')
      .values({ agent_id: agent.id, zip: '04102', city: null, state: null, created_at: new Date() })
      .execute();
    const zips = async () =>
      (
        await server.db
          .selectFrom('agent_coverage_areas')
          .select('zip')
          .where('agent_id', '=', agent.id)
          .where('zip', 'in', ['04101', '04102'])
          .orderBy('zip')
          .execute()
      ).map((a) => a.zip);
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'supervisor@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Coverage Areas' }, SLOW));
    await user.type(await screen.findByRole('textbox', { name: 'ZIP' }), '04101');
    await user.click(screen.getByRole('button', { name: 'Add Coverage Area' }));
    expect(await screen.findByText('Added 04101 to the coverage areas.')).toBeInTheDocument();
    expect(await zips()).toEqual(['04101', '04102']);
    await user.click(await undoOf('Added 04101 to the coverage areas.'));
    expect(await screen.findByText('Undone: 04101 is off the coverage areas.')).toBeInTheDocument();
    expect(await zips()).toEqual(['04102']);

    await user.click(await screen.findByRole('button', { name: 'Remove 04102' }));
    expect(await screen.findByText('Removed 04102 from the coverage areas.')).toBeInTheDocument();
    expect(await zips()).toEqual([]);
    await user.click(await undoOf('Removed 04102 from the coverage areas.'));
    expect(await screen.findByText('Undone: 04102 is back in the coverage areas.')).toBeInTheDocument();
    expect(await zips()).toEqual(['04102']);
    expect(await screen.findByRole('button', { name: 'Remove 04102' })).toBeInTheDocument();

    // The excluded ZIPs beside them are edited the same way, with the same Undo.
    const excluded = () =>
      server.db.selectFrom('agent_excluded_areas').select('zip').where('agent_id', '=', agent.id).execute();
    const before = await excluded();
    await user.type(screen.getByRole('textbox', { name: 'Excluded ZIP' }), '04103');
    await user.click(screen.getByRole('button', { name: 'Add Excluded Area' }));
    await user.click(await undoOf('Excluded ZIP 04103.'));
    expect(await screen.findByText('Undone: ZIP 04103 is no longer excluded.')).toBeInTheDocument();
    expect(await excluded()).toEqual(before);
  });

  it("a lead supplier's ZIP: Undo removes a ZIP just added, and adds back a ZIP just removed", async () => {
    const server = await testServer();
    const covered = await server.db
      .selectFrom('lead_supplier_zip_codes')
      .select(['supplier_id', 'zip'])
      .orderBy('supplier_id')
      .orderBy('zip')
      .executeTakeFirstOrThrow();
    const has = async (zip: string) =>
      (
        await server.db
          .selectFrom('lead_supplier_zip_codes')
          .select('zip')
          .where('supplier_id', '=', covered.supplier_id)
          .where('zip', '=', zip)
          .execute()
      ).length === 1;
    const { screen, user } = await renderApp(`/console/supplier-management/view/${covered.supplier_id}`, {
      as: 'admin@demo.test',
    });
    await user.click(await screen.findByRole('tab', { name: 'ZIP Coverage' }, SLOW));
    await user.type(await screen.findByRole('textbox', { name: 'ZIP' }), '00501');
    await user.click(screen.getByRole('button', { name: 'Add ZIP' }));
    expect(await screen.findByText('ZIP 00501 added.')).toBeInTheDocument();
    expect(await has('00501')).toBe(true);
    await user.click(await undoOf('ZIP 00501 added.'));
    expect(await screen.findByText('Undone: ZIP 00501 is no longer covered.')).toBeInTheDocument();
    expect(await has('00501')).toBe(false);

    await user.click(await screen.findByRole('button', { name: `Remove ZIP ${covered.zip}` }));
    expect(await screen.findByText(`ZIP ${covered.zip} removed.`)).toBeInTheDocument();
    expect(await has(covered.zip)).toBe(false);
    await user.click(await undoOf(`ZIP ${covered.zip} removed.`));
    expect(await screen.findByText(`Undone: ZIP ${covered.zip} is covered again.`)).toBeInTheDocument();
    expect(await has(covered.zip)).toBe(true);
  });
});
