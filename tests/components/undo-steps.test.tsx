import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// A step the server can take back offers Undo in its success message, and Undo restores what was there
// (the list of steps and why the others ask first instead: docs/decisions/0108).

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

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
});
