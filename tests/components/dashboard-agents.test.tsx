import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { leaderboardCounts } from '../../src/features/dashboard/leaderboard.tsx';
import { VIEW_ALL_COUNTS } from '../../src/features/dashboard/overdue-agents.tsx';
import { renderApp, testServer } from '../setup/render-app.tsx';

const WORKING = ['ACTIVE', 'IN_TRAINING', 'PAUSED', 'ADMIN_HOLD'];

async function harborAgents() {
  const server = await testServer();
  const harbor = await server.db
    .selectFrom('brokerages')
    .select('id')
    .where('name', '=', 'Harbor Point Realty')
    .executeTakeFirstOrThrow();
  const agents = await server.db
    .selectFrom('agents')
    .select(['id', 'first_name', 'last_name', 'status', 'display_score'])
    .where('brokerage_id', '=', harbor.id)
    .execute();
  return agents.map((a) => ({
    ...a,
    score: a.display_score === null ? null : Number(a.display_score),
    name: [a.first_name, a.last_name].filter(Boolean).join(' '),
  }));
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the agent leaderboard', () => {
  it('lists working agents by score, highest first, 5 a page, with the spec columns', async () => {
    const { screen } = await renderApp('/console', { as: 'broker@demo.test' });
    const working = (await harborAgents()).filter((a) => WORKING.includes(a.status));
    const expected = [...working].sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || a.id - b.id).slice(0, 5);
    const card = await screen.findByRole('region', { name: 'Agent Leaderboard' });
    const table = await within(card).findByRole('table', { name: 'Agent leaderboard' });
    for (const name of ['Name', 'Score', 'Closings', 'Trans. $'])
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: '7/30 Day Response Time' })).not.toContainElement(
      within(table).queryByRole('button', { name: /Response/ }),
    );
    expect(within(table).getByRole('columnheader', { name: /Score/ })).toHaveAttribute('aria-sort', 'descending');
    const rows = bodyRows(table);
    expect(rows).toHaveLength(5);
    rows.forEach((row, i) => {
      const agent = expected[i]!;
      expect(row).toHaveTextContent(agent.name || 'Not Available');
      expect(row).toHaveTextContent(agent.score === null ? '-' : `${(agent.score * 100).toFixed(2)}%`);
      expect(row).toHaveTextContent(/\$[\d,]+/);
      expect(row.textContent).toMatch(
        /(\*|\d+[mhd]( \d+[mh])?) \/ (\*|\d+[mhd]( \d+[mh])?)|No invitations in the last 30 days\./,
      );
    });
    expect(within(card).getByText(`1 - 5 of ${working.length} agents`)).toBeInTheDocument();
    // It says what it counts, and the overdue widget's View All (every agent not deleted) says what that counts.
    const all = (await harborAgents()).filter((a) => a.status !== 'DELETED');
    expect(within(card).getByText(leaderboardCounts(working.length))).toBeInTheDocument();
    expect(within(card).getByText(new RegExp(`^Ranks ${working.length} working agents`))).toBeInTheDocument();
    const overdue = screen.getByRole('region', { name: 'Agents with Overdue Referrals' });
    expect(await within(overdue).findByRole('link', { name: `View All ${all.length} Agents` })).toBeInTheDocument();
    expect(within(overdue).getByText(VIEW_ALL_COUNTS)).toBeInTheDocument();
  });

  it('sorts by name and pages on', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const working = (await harborAgents()).filter((a) => WORKING.includes(a.status));
    // Nameless agents last, as the server sorts (nulls last).
    const key = (s: string | null) => s ?? '\uffff';
    const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    const byName = [...working].sort(
      (a, b) => cmp(key(a.last_name), key(b.last_name)) || cmp(key(a.first_name), key(b.first_name)) || a.id - b.id,
    );
    const card = await screen.findByRole('region', { name: 'Agent Leaderboard' });
    const table = await within(card).findByRole('table', { name: 'Agent leaderboard' });
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent(byName[0]!.name || 'Not Available'));
    await user.click(within(card).getByRole('button', { name: 'Next page' }));
    expect(await within(card).findByText(`6 - 10 of ${working.length} agents`)).toBeInTheDocument();
    await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent(byName[5]!.name || 'Not Available'));
    expect(within(card).getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('opens the agent when a row is clicked', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const card = await screen.findByRole('region', { name: 'Agent Leaderboard' });
    const table = await within(card).findByRole('table', { name: 'Agent leaderboard' });
    const first = bodyRows(table)[0]!;
    const href = within(first).getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/console\/my-agents\/view\/\d+$/);
    await user.click(within(first).getAllByRole('cell')[2]!);
    await waitFor(() => expect(location.pathname).toBe(href));
  });
});

describe('the agents with overdue referrals', () => {
  it('lists only agents with overdue referrals, most first, with day or days, and links to all the agents by overdue', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const total = (await harborAgents()).filter((a) => a.status !== 'DELETED').length;
    const card = await screen.findByRole('region', { name: 'Agents with Overdue Referrals' });
    const list = await within(card).findByRole('list', { name: 'Agents with overdue referrals' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    const counts = items.map((li) => {
      expect(li.textContent).toMatch(/up to \d+ (day|days)$/);
      expect(li.textContent).not.toMatch(/up to 1 days|up to (0|[2-9]|\d\d+) day$/);
      return Number(/(\d+) overdue referrals?/.exec(li.textContent ?? '')?.[1]);
    });
    expect(counts.every((c) => c > 0)).toBe(true);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    if (counts.length === 5) {
      // A full page of overdue agents may go on: the next page starts where this one ended.
      const pages = within(card).getByRole('navigation', { name: 'Overdue agents pages' });
      const firstName = within(items[0]!).getByRole('link').textContent;
      await user.click(within(pages).getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(within(card).getAllByRole('listitem')[0]).not.toHaveTextContent(firstName ?? ''));
      const next = Number(
        /(\d+) overdue referrals?/.exec(within(card).getAllByRole('listitem')[0]?.textContent ?? '')?.[1],
      );
      expect(next).toBeLessThanOrEqual(counts[4]!);
      await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    }
    await user.click(within(card).getByRole('link', { name: `View All ${total} Agents` }));
    await waitFor(() => expect(location.pathname + location.search).toBe('/console/my-agents?sort=overdue,DESC'));
  });
});
