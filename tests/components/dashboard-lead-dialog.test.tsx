import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatPhone } from '../../src/lib/validation.ts';
import { renderApp } from '../setup/render-app.tsx';

/** Holds back the lead detail call until release() (to see the loading state). */
function holdLeadDetail() {
  const real = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/broker-leads/lead/')) await gate;
    return real(input, init);
  }) as typeof fetch;
  return () => release();
}

describe('the lead detail dialog', () => {
  it('opens from a recent lead in referral progression, loads, shows the details read-only, and closes back', async () => {
    const { screen, user, server } = await renderApp('/console', { as: 'broker@demo.test' });
    const card = await screen.findByRole('region', { name: 'Referral Progression' });
    const recent = await within(card).findByRole('list', { name: 'Recent leads' });
    const release = holdLeadDetail();
    const first = within(recent).getAllByRole('button')[0]!;
    const name = first.textContent ?? '';
    await user.click(first);
    const id = Number(new URLSearchParams(location.search).get('lead'));
    expect(id).toBeGreaterThan(0);
    const loading = await screen.findByRole('dialog', { name: 'Lead' });
    expect(within(loading).getByRole('progressbar', { name: 'Loading lead' })).toBeInTheDocument();
    release();

    const lead = await server.db.selectFrom('opportunities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const dialog = await screen.findByRole('dialog', { name });
    expect(dialog).toHaveTextContent((lead.contact_first ?? '-').charAt(0).toUpperCase());
    expect(within(dialog).getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    for (const term of ['Date Ingested', 'Type', 'Lead Status', 'Lead Source'])
      expect(within(dialog).getByText(term)).toBeInTheDocument();
    // The contact is there to act on: the phone a tel: link, the email a mailto: link (decision 0094).
    if (lead.contact_phone) {
      expect(within(dialog).getByRole('link', { name: formatPhone(lead.contact_phone) })).toHaveAttribute(
        'href',
        `tel:${lead.contact_phone}`,
      );
      expect(formatPhone(lead.contact_phone)).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    }
    if (lead.contact_email)
      expect(within(dialog).getByRole('link', { name: lead.contact_email })).toHaveAttribute(
        'href',
        `mailto:${lead.contact_email}`,
      );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(location.search).toBe(''));
    expect(location.pathname).toBe('/console');
  });

  it('shows the error block and the header Lead when the lead cannot be loaded, and closes without history', async () => {
    const { screen, user } = await renderApp('/console?lead=99999999', { as: 'broker@demo.test' });
    const dialog = await screen.findByRole('dialog', { name: 'Lead' });
    expect(await within(dialog).findByText('An error occurred loading this referral.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.pathname + location.search).toBe('/console');
  });
});
