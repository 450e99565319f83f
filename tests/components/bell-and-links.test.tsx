import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';
import { brokerageIdByName } from '../setup/test-server.ts';

// Every workflow ends in an action. The bell sits in the top bar of the overview and of the
// broker admin's my-* pages (docs/spec/DECISIONS.md), once; its rows open what they are about and its foot opens
// My Notifications. The overdue widget's View All opens the list that holds every agent it counts.
// My Agents' agent page offers what the server lets a brokerage admin do with their own agent.

const ids = { harbor: 0, referral: 0, referralAgent: 0, sampleAgent: 0 };
const TITLES = { referral: 'Bell test: overdue follow-up', sample: 'Bell test: a sample' };

beforeAll(async () => {
  const server = await testServer();
  const db = server.db;
  ids.harbor = await brokerageIdByName(db, 'Harbor Point Realty');
  const referral = await db
    .selectFrom('referrals')
    .select(['id', 'agent_id'])
    .where('brokerage_id', '=', ids.harbor)
    .where('agent_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.referral = referral.id;
  ids.referralAgent = referral.agent_id!;
  ids.sampleAgent = (
    await db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', ids.harbor)
      .where('status', '=', 'ACTIVE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
  // The newest two of the last 24 hours: the first rows of the panel.
  const now = Date.now();
  await db
    .insertInto('agent_notifications')
    .values([
      {
        agent_id: ids.referralAgent,
        brokerage_id: ids.harbor,
        type: 'OVERDUE_REFERRAL_REMINDER',
        referral_id: ids.referral,
        referral_name: 'Bell Prospect',
        title: TITLES.referral,
        text: 'Bell Prospect is 9 days overdue.',
        sent: new Date(now - 60_000),
      },
      {
        agent_id: ids.sampleAgent,
        brokerage_id: ids.harbor,
        type: 'TEST_NEW_REFERRAL',
        referral_id: null,
        referral_name: null,
        title: TITLES.sample,
        text: 'A sample with no referral.',
        sent: new Date(now - 30_000),
      },
    ])
    .execute();
});

type Screen = Awaited<ReturnType<typeof renderApp>>['screen'];
/** The top bar's bell: a lazy chunk, which the shared test machine can take seconds to load. */
const bellOf = async (screen: Screen) =>
  within(await screen.findByRole('banner', {}, { timeout: 15_000 })).findByRole(
    'button',
    { name: 'Notifications' },
    { timeout: 30_000 },
  );

describe('the notifications bell', () => {
  it('is in the top bar, once, on the overview, on every my-* page and on Marketplace of a brokerage admin', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    expect(await bellOf(screen)).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Agents with Overdue Referrals' });
    expect(screen.getAllByRole('button', { name: 'Notifications' })).toHaveLength(1);
    // The shell is drawn anew for each page: the drawer is looked up each time.
    const drawer = () => screen.getByRole('navigation', { name: 'Main' });
    for (const page of [
      'My Agents',
      'My Referrals',
      'My Leads',
      'My Notifications',
      'My Announcements',
      'My Admins',
      'My Metrics',
    ]) {
      await user.click(within(drawer()).getByRole('link', { name: new RegExp(`^${page}`) }));
      await waitFor(() =>
        expect(within(screen.getByRole('banner')).getByRole('heading', { level: 1 })).toHaveTextContent(page),
      );
      expect(await bellOf(screen)).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Notifications' })).toHaveLength(1);
    }
    // Marketplace has it too, and marks its own drawer item (not Overview) as the current page.
    await user.click(within(drawer()).getByRole('link', { name: /^Marketplace/ }));
    await waitFor(() => expect(location.pathname).toBe('/console/marketplace'));
    expect(await bellOf(screen)).toBeInTheDocument();
    expect(within(drawer()).getByRole('link', { name: /^Marketplace/ })).toHaveAttribute('aria-current', 'page');
    expect(within(drawer()).getByRole('link', { name: /^Overview/ })).not.toHaveAttribute('aria-current');
  }, 120_000);

  it('is on Email Settings too', async () => {
    const { screen } = await renderApp('/console/settings/email', { as: 'broker@demo.test' });
    expect(await bellOf(screen)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Notifications' })).toHaveLength(1);
  }, 60_000);

  it('opens the referral a row is about and closes the panel', async () => {
    const { screen, user } = await renderApp('/console/my-agents', { as: 'broker@demo.test' });
    await user.click(await bellOf(screen));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const row = await within(panel).findByRole('link', { name: new RegExp(TITLES.referral) });
    expect(row).toHaveAttribute('href', `/console/my-referrals/view/${ids.referral}`);
    await user.click(row);
    await waitFor(() => expect(location.pathname).toBe(`/console/my-referrals/view/${ids.referral}`));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  }, 60_000);

  it('opens the agent a notification without a referral was sent to', async () => {
    const { screen, user } = await renderApp('/console/my-leads', { as: 'broker@demo.test' });
    await user.click(await bellOf(screen));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const row = await within(panel).findByRole('link', { name: new RegExp(TITLES.sample) });
    expect(row).toHaveAttribute('href', `/console/my-agents/view/${ids.sampleAgent}`);
  }, 60_000);

  it('ends in See all, which opens My Notifications; Escape from a row closes the panel and gives the bell its focus', async () => {
    const { screen, user } = await renderApp('/console/my-metrics', { as: 'broker@demo.test' });
    const bell = await bellOf(screen);
    await user.click(bell);
    let panel = await screen.findByRole('region', { name: 'Notifications' });
    const rows = await within(panel).findAllByRole('link');
    expect(rows.at(-1)).toHaveTextContent('See all');
    rows[0]!.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');
    panel = await screen.findByRole('region', { name: 'Notifications' });
    await user.click(within(panel).getByRole('link', { name: 'See all' }));
    await waitFor(() => expect(location.pathname).toBe('/console/my-notifications'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Agent notifications' })).toBeInTheDocument();
  }, 60_000);
});

describe('the overdue agents widget', () => {
  it('opens My Agents by overdue, holding every agent it lists whatever their status, and its figure is the list’s total', async () => {
    const server = await testServer();
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const card = await screen.findByRole('region', { name: 'Agents with Overdue Referrals' });
    const list = await within(card).findByRole('list', { name: 'Agents with overdue referrals' });
    const names = within(list)
      .getAllByRole('link')
      .map((a) => a.textContent);
    const firstId = Number(/\/(\d+)$/.exec(within(list).getAllByRole('link')[0]!.getAttribute('href') ?? '')?.[1]);
    // The most overdue agent is in training: a status filter of ACTIVE would drop them from the list.
    await server.db.updateTable('agents').set({ status: 'IN_TRAINING' }).where('id', '=', firstId).execute();
    const total = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', ids.harbor)
      .where('status', '<>', 'DELETED')
      .execute();
    const link = await within(card).findByRole('link', { name: /^View All [\d,]+ Agents$/ });
    const n = Number(/View All ([\d,]+) Agents/.exec(link.textContent ?? '')![1]!.replace(/,/g, ''));
    expect(n).toBe(total.length);
    await user.click(link);
    await waitFor(() => expect(location.pathname + location.search).toBe('/console/my-agents?sort=overdue,DESC'));
    const table = await screen.findByRole('table', { name: 'Agents' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(names.length));
    const listed = within(table)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(listed.slice(0, names.length)).toEqual(names);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('In Training');
    expect(await screen.findByText(new RegExp(`of ${n.toLocaleString('en-US')} agents`))).toBeInTheDocument();
  }, 60_000);
});

describe('My Agents’ agent page', () => {
  it('shows the agent’s MLS boards, which the brokerage admin may change', async () => {
    const server = await testServer();
    const { screen, user } = await renderApp(`/console/my-agents/view/${ids.sampleAgent}`, { as: 'broker@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'MLS Boards' }, { timeout: 15_000 }));
    const boards = await screen.findByRole('group', { name: 'MLS Boards' });
    const boxes = within(boards).getAllByRole('checkbox');
    const before = await server.db
      .selectFrom('agent_mls_boards')
      .select('mls_board_id')
      .where('agent_id', '=', ids.sampleAgent)
      .execute();
    expect(boxes.filter((b) => (b as HTMLInputElement).checked)).toHaveLength(before.length);
    const off = boxes.find((b) => !(b as HTMLInputElement).checked)!;
    await user.click(off);
    await user.click(screen.getByRole('button', { name: 'Save MLS Boards' }));
    expect(await screen.findByText('Saved the MLS boards.')).toBeInTheDocument();
    const after = await server.db
      .selectFrom('agent_mls_boards')
      .select('mls_board_id')
      .where('agent_id', '=', ids.sampleAgent)
      .execute();
    expect(after.map((r) => r.mls_board_id)).toContain(Number((off as HTMLInputElement).value));
  }, 60_000);

  it('shows the agent’s coverage and excluded areas, read only as the server has them', async () => {
    const server = await testServer();
    const areas = await server.db
      .selectFrom('agent_coverage_areas')
      .select(['agent_id', 'zip', 'city', 'state'])
      .where('agent_id', 'in', server.db.selectFrom('agents').select('id').where('brokerage_id', '=', ids.harbor))
      .orderBy('id')
      .execute();
    const agentId = areas[0]?.agent_id ?? ids.sampleAgent;
    const { screen, user } = await renderApp(`/console/my-agents/view/${agentId}`, { as: 'broker@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Coverage Areas' }, { timeout: 15_000 }));
    expect(await screen.findByRole('heading', { name: 'Coverage Areas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Excluded Areas' })).toBeInTheDocument();
    const first = areas[0];
    if (first)
      expect(await screen.findByRole('list', { name: 'Coverage areas' })).toHaveTextContent(
        first.zip ?? first.city ?? '',
      );
    expect(
      screen.queryByRole('button', { name: /Add Coverage Area|Add Excluded Area|Remove/ }),
    ).not.toBeInTheDocument();
  }, 60_000);
});
