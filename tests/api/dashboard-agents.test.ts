import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { daysSinceSql, overduePredicate } from '../../server/db/overdue.ts';
import { AgentPage, LeaderboardPage } from '../../src/contract/agents.ts';
import { startDashboardFixture } from '../setup/dashboard-fixture.ts';
import type { Caller, TestServer } from '../setup/test-server.ts';

let server: TestServer;
const now = new Date();
const ids = { harbor: 0, maple: 0 };
let admin: Caller, csr: Caller, broker: Caller, basic: Caller, lender: Caller;

beforeAll(async () => {
  const f = await startDashboardFixture(now);
  ({ server, admin, csr, broker, basic, lender } = f);
  Object.assign(ids, f.ids);
});
afterAll(async () => {
  await server.close();
});

/** Every agent of a brokerage with overdue figures, by a query per agent (the API groups once). */
async function agentsWithOverdue(brokerageId: number) {
  const agents = await server.db
    .selectFrom('agents')
    .select(['id', 'first_name', 'last_name', 'status'])
    .where('brokerage_id', '=', brokerageId)
    .where('status', '<>', 'DELETED')
    .execute();
  return Promise.all(
    agents.map(async (a) => {
      const r = (
        await sql<{
          n: number;
          days: number | null;
        }>`select count(*)::int as n, max(${daysSinceSql('r', now)})::int as days
      from referrals r where r.agent_id = ${a.id} and r.brokerage_id = ${brokerageId} and ${overduePredicate('r', now)}`.execute(
          server.db,
        )
      ).rows[0]!;
      return { ...a, overdue: r.n, maxDays: r.days ?? 0 };
    }),
  );
}

const byName = (a: { last_name: string | null; first_name: string | null; id: number }, b: typeof a) =>
  (a.last_name === null ? 1 : 0) - (b.last_name === null ? 1 : 0) ||
  (a.last_name ?? '').localeCompare(b.last_name ?? '', 'en', { sensitivity: 'variant' }) ||
  (a.first_name ?? '').localeCompare(b.first_name ?? '') ||
  a.id - b.id;

describe('agents list', () => {
  it('counts the brokerage’s agents and gives each its overdue referrals, as a per-agent count does', async () => {
    const res = await broker.get(`/agents-api/agents?brokerageId=${ids.harbor}&pageIndex=0&pageSize=100`);
    expect(res.status).toBe(200);
    const body = v.parse(AgentPage, res.body);
    const expected = await agentsWithOverdue(ids.harbor);
    expect(body.totalElements).toBe(expected.length);
    expect(body.content).toHaveLength(Math.min(100, expected.length));
    for (const agent of body.content) {
      const e = expected.find((x) => x.id === agent.id)!;
      expect(agent.funnelStatus.stages).toEqual({
        overdueForFollowup: { count: e.overdue },
        maxDaysOverdue: { count: e.maxDays },
      });
      expect(agent.brokerageId).toBe(ids.harbor);
    }
    expect(body.content.some((a) => a.funnelStatus.stages.overdueForFollowup.count > 0)).toBe(true);
  });

  it('sorts by last name by default, and pages on', async () => {
    const first = await broker.get('/agents-api/agents?pageSize=10');
    const second = await broker.get('/agents-api/agents?pageSize=10&pageIndex=1');
    const rows = await server.db
      .selectFrom('agents')
      .select(['id', 'first_name', 'last_name'])
      .where('brokerage_id', '=', ids.harbor)
      .where('status', '<>', 'DELETED')
      .orderBy(sql`last_name asc nulls last, first_name asc nulls last, id asc`)
      .limit(20)
      .execute();
    expect([...first.body.content, ...second.body.content].map((a: { id: number }) => a.id)).toEqual(
      rows.map((r) => r.id),
    );
    expect([...rows].sort(byName).length).toBe(20);
  });

  it('gives the dashboard’s overdue widget the agents with the most overdue referrals first', async () => {
    const res = await broker.get(
      '/agents-api/agents?pageIndex=0&pageSize=5&sort=funnelStatus.overdueForFollowupCount,DESC',
    );
    const counts = (await agentsWithOverdue(ids.harbor)).map((a) => a.overdue).sort((a, b) => b - a);
    expect(
      res.body.content.map(
        (a: { funnelStatus: { stages: { overdueForFollowup: { count: number } } } }) =>
          a.funnelStatus.stages.overdueForFollowup.count,
      ),
    ).toEqual(counts.slice(0, 5));
    const byDays = await broker.get('/agents-api/agents?pageSize=3&sort=funnelStatus.maxDaysOverdue,DESC');
    const days = (await agentsWithOverdue(ids.harbor)).map((a) => a.maxDays).sort((a, b) => b - a);
    expect(
      byDays.body.content.map(
        (a: { funnelStatus: { stages: { maxDaysOverdue: { count: number } } } }) =>
          a.funnelStatus.stages.maxDaysOverdue.count,
      ),
    ).toEqual(days.slice(0, 3));
  });

  it('answers the dashboard’s size-1 call with the total only', async () => {
    const res = await broker.get('/agents-api/agents?pageIndex=0&pageSize=1');
    expect(res.body.content).toHaveLength(1);
    expect(res.body.totalElements).toBe((await agentsWithOverdue(ids.harbor)).length);
  });

  it('filters by part of a name and by status', async () => {
    const lane = await broker.get('/agents-api/agents?name=avery%20la');
    expect(lane.body.content.map((a: { name: { display: string } }) => a.name.display)).toContain('Avery Lane');
    const paused = await admin.get(
      `/agents-api/agents?brokerageId=${ids.harbor}&status=PAUSED,ADMIN_HOLD&pageSize=200`,
    );
    const n = await server.db
      .selectFrom('agents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('brokerage_id', '=', ids.harbor)
      .where('status', 'in', ['PAUSED', 'ADMIN_HOLD'])
      .executeTakeFirstOrThrow();
    expect(paused.body.totalElements).toBe(Number(n.n));
    expect(paused.body.content.every((a: { status: string }) => ['PAUSED', 'ADMIN_HOLD'].includes(a.status))).toBe(
      true,
    );
    expect((await broker.get('/agents-api/agents?name=%25')).body.totalElements).toBe(0);
  });

  it('lists every brokerage’s agents for staff without a brokerageId, and only their own for a brokerage admin', async () => {
    const all = await admin.get('/agents-api/agents?pageSize=1');
    const n = await server.db
      .selectFrom('agents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '<>', 'DELETED')
      .executeTakeFirstOrThrow();
    expect(all.body.totalElements).toBe(Number(n.n));
    expect(
      (await basic.get('/agents-api/agents?pageSize=50')).body.content.every(
        (a: { brokerageId: number }) => a.brokerageId === ids.maple,
      ),
    ).toBe(true);
    expect((await broker.get(`/agents-api/agents?brokerageId=${ids.maple}`)).status).toBe(403);
    expect((await csr.get(`/agents-api/agents?brokerageId=${ids.maple}`)).status).toBe(403); // a CSR's console is the DNC list
    expect((await lender.get('/agents-api/agents')).status).toBe(403);
  });

  it('agrees with the single-agent view', async () => {
    const res = await broker.get('/agents-api/agents?pageSize=3&sort=funnelStatus.overdueForFollowupCount,DESC');
    for (const agent of res.body.content)
      expect((await broker.get(`/agents-api/agents/${agent.id}`)).body).toEqual(agent);
  });

  it.each([
    ['sort=name.middle,ASC', 'sort'],
    ['status=RETIRED', 'status'],
    ['pageSize=5000', 'pageSize'],
    ['pageIndex=-1', 'pageIndex'],
  ])('answers %s with 400 naming the field', async (qs, field) => {
    const res = await broker.get(`/agents-api/agents?${qs}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain(field);
  });
});

describe('agent leaderboard', () => {
  async function expectedRow(agentId: number) {
    const saleSince = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    const r = (
      await sql<{ closings: number; revenue: number; rt7: number | null; rt30: number | null }>`select
      count(*) filter (where stage in ('CLOSED', 'LEASED') and date_of_sale >= ${saleSince}::date)::int as closings,
      coalesce(sum(sale_price_cents) filter (where stage in ('CLOSED', 'LEASED') and date_of_sale >= ${saleSince}::date), 0) as revenue,
      round(avg(extract(epoch from first_response_at - created_at)) filter (where created_at >= ${now}::timestamptz - interval '7 days'))::int as rt7,
      round(avg(extract(epoch from first_response_at - created_at)) filter (where created_at >= ${now}::timestamptz - interval '30 days'))::int as rt30
      from referrals where agent_id = ${agentId} and brokerage_id = ${ids.harbor}`.execute(server.db)
    ).rows[0]!;
    return {
      closings: r.closings,
      revenue: Math.round(Number(r.revenue) / 100),
      last7ResponseTime: r.rt7,
      last30ResponseTime: r.rt30,
    };
  }

  it('ranks working agents by score with closings, revenue and response times from their referrals', async () => {
    const res = await broker.get('/agents-api/agents/leaderboard?pageIndex=0&pageSize=5&sort=agentDisplayScore,DESC');
    expect(res.status).toBe(200);
    const body = v.parse(LeaderboardPage, res.body);
    const top = await server.db
      .selectFrom('agents')
      .select(['id', 'display_score'])
      .where('brokerage_id', '=', ids.harbor)
      .where('status', 'in', ['ACTIVE', 'IN_TRAINING', 'PAUSED', 'ADMIN_HOLD'])
      .orderBy(sql`display_score desc nulls last, id`)
      .execute();
    expect(body.totalElements).toBe(top.length);
    expect(body.content.map((r) => r.agentId)).toEqual(top.slice(0, 5).map((a) => a.id));
    for (const row of body.content) expect(row).toMatchObject(await expectedRow(row.agentId));
  });

  it('defaults to score descending, five a page', async () => {
    const res = await broker.get('/agents-api/agents/leaderboard');
    expect(res.body.content).toHaveLength(5);
    const scores = res.body.content.map((r: { agentDisplayScore: number }) => r.agentDisplayScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it.each(['closings', 'revenue'] as const)('sorts by %s over every agent of the brokerage', async (key) => {
    const res = await broker.get(`/agents-api/agents/leaderboard?pageSize=3&sort=${key},DESC`);
    const all = await broker.get('/agents-api/agents/leaderboard?pageSize=1000&sort=name,ASC');
    const best = Math.max(...all.body.content.map((r: Record<string, number>) => r[key]!));
    expect(res.body.content[0][key]).toBe(best);
    for (const row of res.body.content) expect(row).toMatchObject(await expectedRow(row.agentId));
    expect(best).toBeGreaterThan(0);
  });

  it('reports a response time only where there were referrals in the window', async () => {
    const all = await broker.get('/agents-api/agents/leaderboard?pageSize=1000');
    expect(all.body.content.some((r: { last30ResponseTime: number | null }) => r.last30ResponseTime !== null)).toBe(
      true,
    );
    expect(all.body.content.some((r: { last7ResponseTime: number | null }) => r.last7ResponseTime === null)).toBe(true);
  });

  it('keeps other brokerages out and answers a bad sort with 400', async () => {
    expect((await broker.get(`/agents-api/agents/leaderboard?brokerageId=${ids.maple}`)).status).toBe(403);
    expect((await basic.get(`/agents-api/agents/leaderboard?brokerageId=${ids.harbor}`)).status).toBe(403);
    expect((await csr.get(`/agents-api/agents/leaderboard?brokerageId=${ids.maple}`)).status).toBe(403);
    const bad = await broker.get('/agents-api/agents/leaderboard?sort=salary,DESC');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('sort');
  });
});
