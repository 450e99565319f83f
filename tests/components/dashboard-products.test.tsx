import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { startImpersonation } from '../../src/session/impersonation.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const IRIS_WIDGETS = [
  'Lead Progression',
  'Responded Leads Status',
  'New Leads Sent vs. Quarterly Cap',
  'Leads Limit',
  'Leads by Status',
  'Leads by Source',
  'Referral Progression',
  'Recently Assigned IRIS Referrals',
];

async function outboxTo(address: string) {
  const server = await testServer();
  return server.db.selectFrom('outbox').selectAll().where('recipient', '=', address).orderBy('id', 'desc').execute();
}

describe('IRIS widgets for a brokerage without LeadGenius', () => {
  it('are blurred teasers with decorative sample figures and a call to action that sends the inquiry', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker.basic@demo.test' });
    for (const title of IRIS_WIDGETS) {
      const card = await screen.findByRole('region', { name: title });
      expect(within(card).getByRole('button', { name: `Contact Sales about ${title}` })).toBeInTheDocument();
      expect(within(card).getByTestId('teaser-dummy')).toHaveAttribute('aria-hidden', 'true');
      expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
    const before = (await outboxTo('sales@porchlight.example')).length;
    await user.click(screen.getByRole('button', { name: 'Contact Sales about Leads by Source' }));
    expect(await screen.findByText('Inquiry Sent: Contact info sent to sales')).toBeInTheDocument();
    const sent = await outboxTo('sales@porchlight.example');
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]?.subject).toBe('Bailey Maple asked about Leads by Source');
    expect(sent[0]?.body).toContain('Broker name: Bailey Maple');
    expect(sent[0]?.body).toContain('Email: broker.basic@demo.test');
    expect(sent[0]?.body).toContain('Brokerage: Maple & Main Homes');
  });

  it('says the inquiry failed when the server cannot take it', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker.basic@demo.test' });
    const real = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/agents-api/email')
        ? new Response('{}', { status: 500 })
        : real(input, init)) as typeof fetch;
    await user.click(await screen.findByRole('button', { name: 'Contact Sales about Get More With IRIS' }));
    expect(await screen.findByText('Unable to send an inquiry, please try again')).toBeInTheDocument();
  });

  it('refuses the inquiry while a staff user impersonates the brokerage', async () => {
    const { screen, user, server } = await renderApp('/console/brokerages', { as: 'admin@demo.test' });
    const maple = await server.db
      .selectFrom('brokerages')
      .select(['id', 'name'])
      .where('name', '=', 'Maple & Main Homes')
      .executeTakeFirstOrThrow();
    await act(async () => {
      expect(await startImpersonation({ kind: 'brokerage', id: maple.id, name: maple.name })).toBe(true);
    });
    await waitFor(() => expect(location.pathname).toBe('/console'));
    const before = (await outboxTo('sales@porchlight.example')).length;
    await user.click(await screen.findByRole('button', { name: 'Contact Sales about Lead Progression' }));
    expect(await screen.findByText('Email not sent due to impersonation.')).toBeInTheDocument();
    expect(await outboxTo('sales@porchlight.example')).toHaveLength(before);
    // An ADMIN gets the product selector too.
    expect(screen.getByRole('combobox', { name: 'Product' })).toBeInTheDocument();
  });
});

describe('the product selector', () => {
  it('is not shown to a plain brokerage admin', async () => {
    const { screen } = await renderApp('/console', { as: 'broker@demo.test' });
    expect(await screen.findByRole('region', { name: 'Lead Progression' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
  });

  it('lets a lead supplier switch products: Porchlight hides the IRIS widgets, and the totals follow the product', async () => {
    const { screen, user, server } = await renderApp('/console', { as: 'supplier@demo.test' });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const count = async (product: string) =>
      (
        await server.db
          .selectFrom('referrals')
          .select('id')
          .where('brokerage_id', '=', harbor.id)
          .where('product', '=', product)
          .execute()
      ).length.toLocaleString('en-US');
    const select = await screen.findByRole('combobox', { name: 'Product' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Porchlight Referrals + IRIS', 'Porchlight Referrals', 'IRIS']);
    expect(select).toHaveValue('COMBINED');
    const totals = await screen.findByRole('region', { name: 'Overall Totals' });
    await user.selectOptions(select, 'Porchlight Referrals');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Lead Progression' })).not.toBeInTheDocument());
    for (const title of IRIS_WIDGETS) expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument();
    expect(
      await within(totals).findByRole('link', { name: `Total Referrals ${await count('PORCHLIGHT')}` }),
    ).toBeInTheDocument();
    await user.selectOptions(select, 'IRIS');
    expect(await screen.findByRole('region', { name: 'Lead Progression' })).toBeInTheDocument();
    expect(
      await within(totals).findByRole('link', { name: `Total Referrals ${await count('LEAD_GENIUS')}` }),
    ).toBeInTheDocument();
  });
});
