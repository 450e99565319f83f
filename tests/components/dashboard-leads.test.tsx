import { waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { quarterlyCapSql } from '../../server/db/lead-caps.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

async function harborLeads() {
  const server = await testServer();
  // The quarterly cap is the sum of the brokerage's lead supplier limits (one source of truth).
  const harbor = await server.db
    .selectFrom('brokerages')
    .select(['id', quarterlyCapSql(sql.ref('brokerages.id')).as('quarterly_cap')])
    .where('name', '=', 'Harbor Point Realty')
    .executeTakeFirstOrThrow();
  const leads = await server.db
    .selectFrom('opportunities')
    .select(['status', 'product', 'lead_type', 'created_at'])
    .where('brokerage_id', '=', harbor.id)
    .execute();
  const byStatus = (statuses: string[], leadType?: string) =>
    leads.filter((l) => statuses.includes(l.status) && (!leadType || l.lead_type === leadType)).length;
  return { harbor, leads, byStatus };
}

const n = (x: number) => x.toLocaleString('en-US');

describe('the leads by status widget', () => {
  it('lists each status with its count, Previous Interest for IN_PRIORITY_NURTURE, one status hidden, each a my-leads link', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const { byStatus } = await harborLeads();
    expect(byStatus(['TRANSFERRED_TO_LENDER_INCOMPLETE'])).toBeGreaterThan(0); // the seed has some to hide
    const card = await screen.findByRole('region', { name: 'Leads by Status' });
    const list = await within(card).findByRole('list', { name: 'Leads by status' });
    expect(within(card).getByRole('img', { name: 'Leads by status (bar chart)' })).toBeInTheDocument();
    const row = (label: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(label));
    expect(row('Previous Interest')).toHaveTextContent(n(byStatus(['IN_PRIORITY_NURTURE'])));
    expect(row('Closed')).toHaveTextContent(n(byStatus(['CLOSED'])));
    expect(list).not.toHaveTextContent('Transferred To Lender Incomplete');
    await user.click(within(list).getByRole('link', { name: 'Previous Interest' }));
    await waitFor(() =>
      expect(location.pathname + location.search).toBe('/console/my-leads?status=IN_PRIORITY_NURTURE'),
    );
  });
});

describe('the responded leads status widget', () => {
  it('groups the statuses in a pie (1 decimal) and bars, per lead type, linking to my-leads with status and leadType', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const { byStatus } = await harborLeads();
    const card = await screen.findByRole('region', { name: 'Responded Leads Status' });
    await user.click(within(card).getByRole('tab', { name: 'Database Leads' }));
    expect(
      await within(card).findByRole('img', { name: 'Database Leads: share by status (pie chart)' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Database Leads: leads by status (bar chart)' })).toBeInTheDocument();
    const legend = within(card).getByRole('list', { name: 'Database Leads: share by status' });
    const unserviceable = byStatus(['DO_NOT_CONTACT', 'UNSERVICEABLE', 'UNQUALIFIED'], 'AGED');
    const item = within(legend)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Unserviceable'));
    expect(item?.textContent).toMatch(new RegExp(`${n(unserviceable)} · \\d+\\.\\d%$`));
    await user.click(within(legend).getByRole('link', { name: 'Unserviceable' }));
    await waitFor(() =>
      expect(decodeURIComponent(location.search)).toBe(
        '?status=DO_NOT_CONTACT,UNSERVICEABLE,UNQUALIFIED&leadType=AGED',
      ),
    );
  });
});

describe('the lead progression widget', () => {
  it('shows each lead type with total leads as the database counts them', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const { leads } = await harborLeads();
    const card = await screen.findByRole('region', { name: 'Lead Progression' });
    const overall = await within(card).findByRole('list', { name: 'Overall Leads progression' });
    expect(within(overall).getAllByRole('listitem')[0]).toHaveTextContent(`Total Leads${n(leads.length)}`);
    await user.click(within(card).getByRole('tab', { name: 'New Leads' }));
    const fresh = await within(card).findByRole('list', { name: 'New Leads progression' });
    expect(within(fresh).getAllByRole('listitem')[0]).toHaveTextContent(
      `Total Leads${n(leads.filter((l) => l.lead_type === 'NEW').length)}`,
    );
    expect(within(fresh).getByRole('link', { name: 'Closed' })).toHaveAttribute(
      'href',
      '/console/my-leads?status=CLOSED&leadType=NEW',
    );
  });
});

describe('the new leads versus quarterly cap and leads limit widgets', () => {
  it("show this month's IRIS leads against the cap", async () => {
    const { screen } = await renderApp('/console', { as: 'broker@demo.test' });
    const { harbor, leads } = await harborLeads();
    const month = format(new Date(), 'yyyy-MM');
    const sent = leads.filter(
      (l) => l.product === 'LEAD_GENIUS' && new Date(l.created_at).toISOString().slice(0, 7) === month,
    ).length;
    const card = await screen.findByRole('region', { name: 'New Leads Sent vs. Quarterly Cap' });
    const cap = harbor.quarterly_cap === 0 || harbor.quarterly_cap === 99999 ? 'No cap' : n(harbor.quarterly_cap);
    expect(await within(card).findByText(n(sent))).toBeInTheDocument();
    expect(within(card).getByText(cap)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: /^New leads sent this month: / })).toBeInTheDocument();
    const limit = await screen.findByRole('region', { name: 'Leads Limit' });
    expect(await within(limit).findByText('Remaining')).toBeInTheDocument();
  });
});

describe('the leads by source widget', () => {
  it('shows one row per supplier with the server rates and a percent sign', async () => {
    const { screen } = await renderApp('/console', { as: 'broker@demo.test' });
    const server = await testServer();
    const suppliers = await server.db
      .selectFrom('opportunities')
      .innerJoin('lead_suppliers as s', 's.id', 'opportunities.supplier_id')
      .select('s.name')
      .distinct()
      .where('opportunities.brokerage_id', '=', (await harborLeads()).harbor.id)
      .execute();
    const card = await screen.findByRole('region', { name: 'Leads by Source' });
    const table = await within(card).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(suppliers.length);
    for (const s of suppliers) expect(within(table).getByRole('rowheader', { name: s.name })).toBeInTheDocument();
    expect(rows[0]?.textContent).toMatch(/%.*%$/);
  });
});
