import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/lib/validation.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

// Issue 11 (R): My Leads' side view renders the same lead detail body as the overview's dialog (src/ui/lead-details.tsx):
// the avatar and name in its heading, the Details section, the read-only contact fields, and the spec's error block.

describe('the lead side view of My Leads', () => {
  it('shows the dialog’s lead detail body: avatar and name, details, read-only contact fields', async () => {
    const server = await testServer();
    const harbor = await server.db.selectFrom('brokerages').select('id').where('name', '=', 'Harbor Point Realty').executeTakeFirstOrThrow();
    const lead = await server.db.selectFrom('opportunities').selectAll().where('brokerage_id', '=', harbor.id)
      .where('contact_first', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const { screen } = await renderApp(`/console/my-leads/view/${lead.id}`, { as: 'broker@demo.test' });
    const side = await screen.findByRole('complementary', { name: 'Lead detail' }, { timeout: 30_000 });
    const name = `${lead.contact_first} ${lead.contact_last ?? ''}`.trim();
    expect(await within(side).findByRole('heading', { name }, { timeout: 30_000 })).toHaveTextContent(`${name.charAt(0).toUpperCase()}${name}`);
    expect(within(side).getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    for (const term of ['Date Ingested', 'Type', 'Lead Status', 'Lead Source']) expect(within(side).getByText(term)).toBeInTheDocument();
    expect(within(side).getByRole('textbox', { name: 'First Name' })).toHaveValue(lead.contact_first);
    expect(within(side).getByRole('textbox', { name: 'First Name' })).toHaveAttribute('readonly');
    expect(within(side).getByRole('textbox', { name: 'Phone Number' })).toHaveValue(formatPhone(lead.contact_phone));
  }, 120_000);

  it('shows the error block and the heading Lead when the lead cannot be loaded', async () => {
    const { screen } = await renderApp('/console/my-leads/view/99999999', { as: 'broker@demo.test' });
    const side = await screen.findByRole('complementary', { name: 'Lead detail' }, { timeout: 30_000 });
    await waitFor(() => expect(within(side).getByRole('alert')).toHaveTextContent('An error occurred loading this referral.'), { timeout: 30_000 });
    expect(within(side).getByRole('heading', { level: 2 })).toHaveTextContent(/^Lead$/);
  }, 120_000);
});
