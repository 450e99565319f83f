// @vitest-environment-options {"url":"http://agents.localhost/"}
import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearPersistedQueries, settlePersistence } from '../../src/app/query-persistence.ts';
import { pinClockAtNoon } from '../setup/noon-clock.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE } from '../setup/test-server.ts';

const AGENT = '(555) 010-0001';

afterEach(() => {
  vi.useRealTimers();
});

async function demo() {
  const server = await testServer();
  const { agent_id } = await server.db
    .selectFrom('users')
    .select('agent_id')
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  const ref = async (stage: string, type: string) =>
    (
      await server.db
        .selectFrom('referrals')
        .select('id')
        .where('agent_id', '=', agent_id)
        .where('stage', '=', stage)
        .where('type', '=', type)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { server, agentId: agent_id!, ref };
}

const overdueDays = (row: HTMLElement) => Number(/(\d+) days? overdue/.exec(row.textContent ?? '')?.[1] ?? 0);

describe('the follow-ups screen', () => {
  it("lists the agent's referrals overdue first, most overdue on top, with day/days, stage and last update", async () => {
    const { server, agentId } = await demo();
    const { screen } = await renderApp('/console/agent-followups', { as: AGENT });
    const list = await screen.findByRole('list', { name: 'Follow-ups' });
    const rows = within(list).getAllByRole('link');
    const { n } = await server.db
      .selectFrom('referrals')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(n);
    const days = rows.map(overdueDays);
    const overdue = days.filter((d) => d > 0).length;
    expect(overdue).toBeGreaterThanOrEqual(3);
    expect(days.slice(0, overdue)).toEqual([...days.slice(0, overdue)].sort((a, b) => b - a));
    expect(days.slice(overdue).every((d) => d === 0)).toBe(true);
    expect(rows[0]).toHaveTextContent('Olivia Smith');
    expect(rows[0]).toHaveTextContent(/Received · Buyer · Updated \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    expect(rows[0]).toHaveTextContent('12 days overdue');
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();
  });

  it('filters to overdue or up to date, and searches and sorts with the inline controls on a wide screen', async () => {
    const { screen, user } = await renderApp('/console/agent-followups', { as: AGENT });
    const list = await screen.findByRole('list', { name: 'Follow-ups' });
    const all = within(list).getAllByRole('link').length;
    await user.click(screen.getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Overdue', pressed: true })).toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Follow-ups' }))
          .getAllByRole('link')
          .every((r) => overdueDays(r) > 0),
      ).toBe(true),
    );
    const overdue = within(screen.getByRole('list', { name: 'Follow-ups' })).getAllByRole('link').length;
    expect(location.search).toBe('?followupType=OVERDUE');
    await user.click(screen.getByRole('button', { name: 'Up to date' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Follow-ups' })).getAllByRole('link')).toHaveLength(all - overdue),
    );
    expect(
      within(screen.getByRole('list', { name: 'Follow-ups' }))
        .getAllByRole('link')
        .every((r) => overdueDays(r) === 0),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search follow-ups' }), 'Garcia');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Follow-ups' })).getAllByRole('link')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: /Elijah Garcia/ })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search follow-ups' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name (A–Z)');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Follow-ups' })).getAllByRole('link')).toHaveLength(all),
    );
    // By last name, then first name (the server's name sort).
    const lastNames = within(screen.getByRole('list', { name: 'Follow-ups' }))
      .getAllByRole('link')
      .map((r) => r.querySelector('span')?.textContent?.split(' ').at(-1) ?? '');
    expect(lastNames[0]).toBe('Brown');
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it("shows the agent's overdue reminders of the last 24 hours at the top", async () => {
    const { screen } = await renderApp('/console/agent-followups', { as: AGENT });
    const card = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(card).getAllByRole('link').length).toBeGreaterThan(0));
    expect(card).toHaveTextContent(/overdue/i);
  });

  it('keeps the notifications card to exactly the last 24 hours', async () => {
    pinClockAtNoon(); // yesterday's first second is then 36 hours ago, whatever the hour of the run
    const server = await testServer();
    const { agent_id } = await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    const agent = await server.db
      .selectFrom('agents')
      .select(['id', 'brokerage_id'])
      .where('id', '=', agent_id!)
      .executeTakeFirstOrThrow();
    await server.db.deleteFrom('agent_notifications').where('agent_id', '=', agent.id).execute();
    const yesterdayMidnight = Date.parse(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const row = (title: string, sent: Date) => ({
      agent_id: agent.id,
      brokerage_id: agent.brokerage_id,
      type: 'NEW_REFERRAL' as const,
      referral_id: null,
      referral_name: 'Someone',
      title,
      text: title,
      sent,
    });
    await server.db
      .insertInto('agent_notifications')
      .values([
        row('Older than a day', new Date(yesterdayMidnight + 1000)),
        row('Within the day', new Date(Date.now() - 3_600_000)),
      ])
      .execute();
    await settlePersistence(); // let the throttled cache write land
    await clearPersistedQueries(); // the earlier tests' list is cached
    const { screen } = await renderApp('/console/agent-followups', { as: AGENT });
    const card = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(card).toHaveTextContent('Within the day'));
    expect(card).not.toHaveTextContent('Older than a day');
  });

  it('on a phone offers search and sort from the top bar', async () => {
    window.innerWidth = 400;
    try {
      const { screen, user } = await renderApp('/console/agent-followups', { as: AGENT });
      await screen.findByRole('list', { name: 'Follow-ups' });
      expect(screen.queryByRole('searchbox', { name: 'Search follow-ups' })).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
      // The top bar's buttons are registered by the screen once it has mounted: wait for them.
      await user.click(await screen.findByRole('button', { name: 'Search' }));
      await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search follow-ups' })).toHaveFocus());
      await user.click(await screen.findByRole('button', { name: 'Sort' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sort' });
      await user.click(within(dialog).getByRole('radio', { name: 'Recently updated' }));
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(location.search).toBe('?sort=updated%2CDESC'));
    } finally {
      window.innerWidth = 1024;
    }
  });

  it('shows the Broker Boost banner to the agent, which opens the Broker Boost dialog', async () => {
    const { screen, user } = await renderApp('/console/agent-followups', { as: AGENT });
    await user.click(await screen.findByRole('button', { name: 'Broker Boost is on 15%' }));
    expect(await screen.findByRole('dialog', { name: 'Broker Boost' })).toBeInTheDocument();
  });
});
