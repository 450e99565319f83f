import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// The DNC list's Remove action (DELETE /interviews-api/DNC/delete from the screen): asked
// first, Cancel keeps the contact, Remove takes it off the list and the table reloads without it.

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('removing a contact from the DNC list', () => {
  it('asks first, keeps the contact on Cancel, and removes it on Remove', async () => {
    const server = await testServer();
    const { id } = await server.db
      .insertInto('dnc_contacts')
      .values({ type: 'PHONE', value: '+12075559871', channel: 'SMS', disposition: 'Opted out' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp('/console/dnc-list', { as: 'csr@demo.test' });
    const table = await screen.findByRole('table', { name: 'DNC List' }, { timeout: 30_000 });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '2075559871{Enter}');
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));

    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: 'Remove (207) 555-9871' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove from the DNC List' });
    expect(dialog).toHaveTextContent('Remove (207) 555-9871 from the do-not-call list?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await server.db.selectFrom('dnc_contacts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();

    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: 'Remove (207) 555-9871' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove from the DNC List' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from the DNC list.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText('No DNC contacts found.')).toBeInTheDocument());
    expect(
      await server.db.selectFrom('dnc_contacts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  }, 90_000);
});
