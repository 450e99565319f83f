// @vitest-environment-options {"url":"http://agents.localhost/"}
import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { clearPersistedQueries } from '../../src/app/query-persistence.ts';
import { REMOVAL_REASONS } from '../../src/lib/referral-stages.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE } from '../setup/test-server.ts';
import { emptyWriteLedger } from '../setup/write-ledger.ts';

const AGENT = '(555) 010-0001';

beforeEach(async () => {
  localStorage.clear();
  await emptyWriteLedger();
  await clearPersistedQueries();
});

async function demoRef(stage: string, type: string) {
  const server = await testServer();
  const { agent_id } = await server.db
    .selectFrom('users')
    .select('agent_id')
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  const r = await server.db
    .selectFrom('referrals')
    .select(['id', 'prospect_first', 'prospect_last'])
    .where('agent_id', '=', agent_id)
    .where('stage', '=', stage)
    .where('type', '=', type)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { server, refId: r.id, name: `${r.prospect_first} ${r.prospect_last}` };
}

describe('the referral view', () => {
  it('shows the contact with a tel: link, the stage, the history, and offers only the allowed moves', async () => {
    const { refId } = await demoRef('SPOKEN_WITH', 'SELLER');
    const { screen, user } = await renderApp(`/console/agent-followups/view/${refId}`, { as: AGENT });
    expect(await screen.findByRole('heading', { level: 2, name: 'Liam Johnson' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 020-0001' })).toHaveAttribute('href', 'tel:+15550200001');
    expect(screen.getByRole('link', { name: 'liam.johnson@mail.example' })).toHaveAttribute(
      'href',
      'mailto:liam.johnson@mail.example',
    );
    expect(screen.getByText('9 days overdue')).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'History' });
    expect(history).toHaveTextContent('Received → Spoken With');
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Stage' });
    const offered = within(dialog)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
    expect(offered).toEqual([
      'Met With Seller',
      'Listed Home',
      'Made Offer',
      'Under Contract',
      'Closed',
      'Long-Term Hold',
      'Removed',
    ]);
  });

  it('moves the stage forward on the server with one event, and the referral is no longer overdue', async () => {
    const { server, refId } = await demoRef('SPOKEN_WITH', 'SELLER');
    const { screen, user } = await renderApp(`/console/agent-followups/view/${refId}`, { as: AGENT });
    await user.click(await screen.findByRole('button', { name: 'Update Stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Stage' });
    await user.click(within(dialog).getByRole('button', { name: 'Save stage' }));
    expect(within(dialog).getByText('Choose a stage')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Met With Seller' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save stage' }));
    expect(await screen.findByText('Stage updated')).toBeInTheDocument();
    const row = await server.db
      .selectFrom('referrals')
      .select(['stage'])
      .where('id', '=', refId)
      .executeTakeFirstOrThrow();
    expect(row.stage).toBe('MET_WITH_SELLER');
    const events = await server.db
      .selectFrom('referral_events')
      .select(['to_stage', 'idempotency_key'])
      .where('referral_id', '=', refId)
      .where('idempotency_key', 'is not', null)
      .execute();
    expect(events).toEqual([
      { to_stage: 'MET_WITH_SELLER', idempotency_key: expect.stringMatching(/:[0-9a-f-]{36}$/) },
    ]);
    await waitFor(() => expect(screen.queryByText(/days overdue/)).not.toBeInTheDocument());
    expect(await screen.findByRole('list', { name: 'History' })).toHaveTextContent('Spoken With → Met With Seller');
  });

  it('asks for the expected closing date before Under Contract and for a removal reason before Removed', async () => {
    const { server, refId, name } = await demoRef('AWAITING_FOLLOWUP', 'BUYER');
    const { screen, user } = await renderApp(`/console/agent-followups/view/${refId}`, { as: AGENT });
    await user.click(await screen.findByRole('button', { name: 'Update Stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Stage' });
    await user.click(within(dialog).getByRole('radio', { name: 'Under Contract' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save stage' }));
    expect(within(dialog).getByText('Enter the expected closing date')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Removed' }));
    const reason = within(dialog).getByRole('combobox', { name: 'Removal reason' });
    expect(
      within(reason)
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual([...REMOVAL_REASONS]);
    await user.click(within(dialog).getByRole('button', { name: 'Save stage' }));
    expect(within(dialog).getByText('Choose a removal reason')).toBeInTheDocument();
    await user.selectOptions(reason, 'Outside my area');
    await user.click(within(dialog).getByRole('button', { name: 'Save stage' }));
    expect(await screen.findByText('Stage updated')).toBeInTheDocument();
    expect(
      await server.db
        .selectFrom('referrals')
        .select(['stage', 'removal_reason'])
        .where('id', '=', refId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ stage: 'REMOVED', removal_reason: 'Outside my area' });
    await waitFor(() =>
      expect(screen.getByRole('region', { name })).toHaveTextContent('Removal reasonOutside my area'),
    );
    expect(screen.queryByRole('button', { name: 'Update Stage' })).not.toBeInTheDocument();
  });

  it('adds a note, which the server keeps and the list shows', async () => {
    const { server, refId } = await demoRef('LISTED_HOME', 'SELLER');
    const { screen, user } = await renderApp(`/console/agent-followups/view/${refId}`, { as: AGENT });
    await user.click(await screen.findByRole('button', { name: 'Add Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(within(dialog).getByText('Write a note')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Open house on Sunday');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(
      within(await screen.findByRole('list', { name: 'Notes' })).getByText('Open house on Sunday'),
    ).toBeInTheDocument();
    expect(
      await server.db.selectFrom('referral_notes').select('body').where('referral_id', '=', refId).execute(),
    ).toEqual([{ body: 'Open house on Sunday' }]);
  });
});

describe('the funnel and the profile', () => {
  it('counts the referrals per funnel stage for seller, buyer and rental, and a stage lists its referrals', async () => {
    const { screen, user } = await renderApp('/console/agent-funnel', { as: AGENT });
    const tabs = await screen.findByRole('tablist', { name: 'Funnel type' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Seller', 'Buyer', 'Rental']);
    const seller = screen.getByRole('list', { name: 'Seller funnel' });
    expect(within(seller).getByRole('link', { name: /^Listed Home\s*1/ })).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Rental' }));
    const rental = await screen.findByRole('list', { name: 'Rental funnel' });
    expect(
      within(rental)
        .getAllByRole('link')
        .map((l) => l.querySelector('span')?.textContent),
    ).toEqual(['Received', 'Spoken With', 'Met or Showed Homes', 'Leased', 'Long-Term Hold', 'Removed']);
    await user.click(within(rental).getByRole('link', { name: /^Spoken With/ }));
    await waitFor(() => expect(location.search).toBe('?s=SPOKEN_WITH&t=RENTAL'));
    const list = await screen.findByRole('list', { name: 'Follow-ups' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .every((r) => /Spoken With · Rental/.test(r.textContent ?? '')),
      ).toBe(true),
    );
    expect(screen.getByText('Showing Spoken With · Rental')).toBeInTheDocument();
  });

  it("shows the agent's name, phone, email, coverage areas and Broker Boost status", async () => {
    const { screen } = await renderApp('/console/agent-profile', { as: AGENT });
    expect(await screen.findByRole('heading', { level: 2, name: 'Avery Lane' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 010-0001' })).toHaveAttribute('href', 'tel:+15550100001');
    expect(await screen.findByText('On, 15%')).toBeInTheDocument();
    const server = await testServer();
    const { agent_id } = await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    const zips = await server.db
      .selectFrom('agent_coverage_areas')
      .select('zip')
      .where('agent_id', '=', agent_id)
      .orderBy('id')
      .execute();
    expect(zips.length).toBeGreaterThan(0);
    const areas = await screen.findByRole('list', { name: 'Coverage areas' });
    expect(
      within(areas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(zips.map((z) => z.zip));
  });

  it('says all changes are synced when nothing waits', async () => {
    const { screen } = await renderApp('/console/agent-followups/sync', { as: AGENT });
    expect(await screen.findByText('All changes are synced.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Unsynced Changes' })).toBeInTheDocument();
  });
});
