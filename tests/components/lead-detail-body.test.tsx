import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatPhone } from '../../src/lib/validation.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

// My Leads' lead view renders the overview dialog's lead detail body (src/ui/lead-details.tsx) over
// the list: the avatar and name, the Details with the list's own type word, the phone and email as
// links, the referral made from the lead, and the spec's error block.

async function harborLead(withReferral: boolean) {
  const server = await testServer();
  const harbor = await server.db
    .selectFrom('brokerages')
    .select('id')
    .where('name', '=', 'Harbor Point Realty')
    .executeTakeFirstOrThrow();
  const referrals = server.db
    .selectFrom('referrals')
    .select('opportunity_id')
    .where('brokerage_id', '=', harbor.id)
    .where('opportunity_id', 'is not', null)
    .$narrowType<{ opportunity_id: number }>();
  const lead = await server.db
    .selectFrom('opportunities')
    .selectAll()
    .where('brokerage_id', '=', harbor.id)
    .where('contact_first', 'is not', null)
    .where('contact_phone', 'is not', null)
    .where('contact_email', 'is not', null)
    .where('id', withReferral ? 'in' : 'not in', referrals)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { server, lead };
}

describe('the lead view of My Leads', () => {
  it("shows the lead with the list's type word, a tel: and a mailto: link, and opens the referral made from it", async () => {
    const { server, lead } = await harborLead(true);
    const referral = await server.db
      .selectFrom('referrals')
      .select('id')
      .where('opportunity_id', '=', lead.id)
      .where('brokerage_id', '=', lead.brokerage_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(`/console/my-leads/view/${lead.id}`, { as: 'broker@demo.test' });
    const name = `${lead.contact_first} ${lead.contact_last ?? ''}`.trim();
    const view = await screen.findByRole('dialog', { name }, { timeout: 30_000 });
    expect(within(view).getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    const value = (term: string) => within(view).getByText(term).nextElementSibling;
    expect(value('Type')).toHaveTextContent(lead.type === 'SELLER' ? 'Seller' : 'Buyer');
    expect(within(view).queryByRole('textbox')).toBeNull();
    const phone = within(view).getByRole('link', { name: formatPhone(lead.contact_phone) });
    expect(phone).toHaveAttribute('href', `tel:${lead.contact_phone}`);
    expect(within(view).getByRole('link', { name: lead.contact_email! })).toHaveAttribute(
      'href',
      `mailto:${lead.contact_email}`,
    );
    expect(within(view).getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${lead.contact_phone}`);
    await user.click(within(view).getByRole('link', { name: 'Open Referral' }));
    await waitFor(() => expect(location.pathname).toBe(`/console/my-referrals/view/${referral.id}`));
  }, 120_000);

  it('says when no referral was made from the lead', async () => {
    const { lead } = await harborLead(false);
    const { screen } = await renderApp(`/console/my-leads/view/${lead.id}`, { as: 'broker@demo.test' });
    const view = await screen.findByRole(
      'dialog',
      { name: `${lead.contact_first} ${lead.contact_last ?? ''}`.trim() },
      { timeout: 30_000 },
    );
    expect(await within(view).findByText('No referral yet')).toBeInTheDocument();
    expect(within(view).queryByRole('link', { name: 'Open Referral' })).toBeNull();
  }, 120_000);

  it('shows the error block and the heading Lead when the lead cannot be loaded', async () => {
    const { screen } = await renderApp('/console/my-leads/view/99999999', { as: 'broker@demo.test' });
    const view = await screen.findByRole('dialog', { name: 'Lead' }, { timeout: 30_000 });
    await waitFor(
      () => expect(within(view).getByRole('alert')).toHaveTextContent('An error occurred loading this referral.'),
      { timeout: 30_000 },
    );
  }, 120_000);
});
