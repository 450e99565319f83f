import { screen as rtlScreen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatScore } from '../../src/lib/format.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const SLOW = { timeout: 10_000 };

/** The value beside a term of a record's description list. */
const valueOf = async (term: string) => {
  const dt = await rtlScreen.findByText(term, { selector: 'dt' }, SLOW);
  return dt.nextElementSibling?.textContent;
};

describe('one format per value', () => {
  it("staff and the broker admin show the same agent's score the same way", async () => {
    const server = await testServer();
    const agent = await server.db
      .selectFrom('agents')
      .innerJoin('brokerages', 'brokerages.id', 'agents.brokerage_id')
      .select(['agents.id', 'agents.display_score'])
      .where('brokerages.name', '=', 'Harbor Point Realty')
      .where('agents.display_score', 'is not', null)
      .orderBy('agents.id')
      .executeTakeFirstOrThrow();
    const expected = formatScore(Number(agent.display_score));
    expect(expected).toMatch(/^\d{1,3}\.\d\d%$/);

    const staff = await renderApp(`/console/agents/view/${agent.id}`, { as: 'admin@demo.test' });
    expect(await valueOf('Score')).toBe(expected);
    staff.unmount();
    await renderApp(`/console/my-agents/view/${agent.id}`, { as: 'broker@demo.test' });
    expect(await valueOf('Score')).toBe(expected);
  });
});

describe('the leaderboard\'s "*"', () => {
  it('is explained under the table when a row shows one', async () => {
    const { within } = await import('@testing-library/react');
    const app = await renderApp('/console', { as: 'broker@demo.test' });
    const card = await app.screen.findByRole('region', { name: 'Agent Leaderboard' }, SLOW);
    const table = await within(card).findByRole('table', { name: 'Agent leaderboard' }, SLOW);
    const stars = within(table).queryAllByText(/\*/);
    const note = within(card).queryByText('* No referral received in that period, or none answered yet.');
    expect(stars.length).toBeGreaterThan(0);
    expect(note).not.toBeNull();
  });
});

describe("an opportunity's counts", () => {
  it('name texts "Texts" and count the interactions the page lists', async () => {
    const { within } = await import('@testing-library/react');
    const server = await testServer();
    const { sql } = await import('kysely');
    const { rows } = await sql<{ id: number; calls: number; texts: number; first: string; last: string }>`
      select o.id, o.contact_first as first, o.contact_last as last,
        (select count(*)::int from interactions i where i.opportunity_id = o.id and i.type = 'CALL') as calls,
        (select count(*)::int from interactions i where i.opportunity_id = o.id and i.type = 'SMS') as texts
      from opportunities o where o.contact_first is not null and o.contact_last is not null
        and exists (select 1 from interactions i where i.opportunity_id = o.id and i.type = 'SMS')
      order by o.id limit 1`.execute(server.db);
    const o = rows[0]!;
    const app = await renderApp(`/console/opportunities/view/${o.id}`, { as: 'admin@demo.test' });
    const contact = await app.screen.findByRole('region', { name: `${o.first} ${o.last}` }, SLOW);
    const value = (term: string) => within(contact).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Calls')).toBe(String(o.calls));
    expect(value('Texts')).toBe(String(o.texts));
    expect(within(contact).queryByText('SMS', { selector: 'dt' })).toBeNull();
  });
});
