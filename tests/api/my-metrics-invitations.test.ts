import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BrokerageMetrics } from '../../src/contract/brokerage-metrics.ts';
import { brokerageIdByName, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// My Metrics' agent invitation series (agentInvitations by month): each month's figures equal
// counts written here in plain SQL over potential_agents, apart from the API's query.

let server: TestServer;
let broker: Caller;
let harbor: number;

beforeAll(async () => {
  server = await startTestServer();
  broker = await signIn(server, 'broker@demo.test');
  harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
});
afterAll(async () => {
  await server.close();
});

async function independentCounts(start: Date, end: Date) {
  const sent = await server.db
    .selectFrom('potential_agents')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('brokerage_id', '=', harbor)
    .where('invite_sent_at', '>=', start)
    .where('invite_sent_at', '<', end)
    .executeTakeFirstOrThrow();
  const redeemed = await server.db
    .selectFrom('potential_agents')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('brokerage_id', '=', harbor)
    .where('status', '=', 'INVITE_REDEEMED')
    .where('responded_at', '>=', start)
    .where('responded_at', '<', end)
    .executeTakeFirstOrThrow();
  return { sent: sent.n, redeemed: redeemed.n };
}

describe('My Metrics: agent invitations sent and redeemed per month', () => {
  it('equal plain SQL counts of invitations sent and of invitees who joined, month by month', async () => {
    const res = await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=12`);
    expect(res.status).toBe(200);
    const m = v.parse(BrokerageMetrics, res.body);
    for (const month of m.months) {
      const [y, mo] = month.month.split('-').map(Number) as [number, number];
      const counts = await independentCounts(new Date(Date.UTC(y, mo - 1, 1)), new Date(Date.UTC(y, mo, 1)));
      expect({ month: month.month, sent: month.invitationsSent, redeemed: month.invitationsRedeemed }).toEqual({
        month: month.month,
        ...counts,
      });
    }
    expect(m.months.reduce((s, x) => s + x.invitationsSent, 0)).toBeGreaterThan(0);
    expect(m.months.reduce((s, x) => s + x.invitationsRedeemed, 0)).toBeGreaterThan(0);
  });

  it('counts an invitation sent now in this month, and its joining in the month it happens', async () => {
    const before = v
      .parse(BrokerageMetrics, (await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=3`)).body)
      .months.at(-1)!;
    const invited = await broker.post('/agents-api/potentialAgents', {
      firstName: 'Morgan',
      lastName: 'Metrics',
      email: 'morgan.metrics@example.com',
      phone: '(555) 777-4242',
    });
    expect(invited.status).toBe(201);
    const afterSend = v
      .parse(BrokerageMetrics, (await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=3`)).body)
      .months.at(-1)!;
    expect(afterSend.invitationsSent).toBe(before.invitationsSent + 1);
    expect(afterSend.invitationsRedeemed).toBe(before.invitationsRedeemed);

    // Joining is the invitee's answer (the onboarding route sets these columns; its own test covers it).
    const now = new Date();
    await server.db
      .updateTable('potential_agents')
      .set({ status: 'INVITE_REDEEMED', responded_at: now, updated_at: now })
      .where('id', '=', invited.body.id)
      .execute();
    const afterJoin = v
      .parse(BrokerageMetrics, (await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=3`)).body)
      .months.at(-1)!;
    expect(afterJoin.invitationsRedeemed).toBe(before.invitationsRedeemed + 1);
  });

  it('keeps the referral figures of the month as plain SQL counts them, with the 30-day response time', async () => {
    const m = v.parse(BrokerageMetrics, (await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=6`)).body);
    const since = new Date(Date.now() - 30 * 86_400_000);
    const rt = await sql<{
      avg: number | null;
    }>`select round(avg(extract(epoch from (first_response_at - created_at))))::int as avg
      from referrals where brokerage_id = ${harbor} and created_at >= ${since} and first_response_at is not null`.execute(
      server.db,
    );
    expect(m.responseTime.last30).toBe(rt.rows[0]!.avg);
    const last = m.months.at(-1)!;
    const [y, mo] = last.month.split('-').map(Number) as [number, number];
    const met = await sql<{ n: number; met: number }>`select count(*)::int as n,
        count(*) filter (where stage in ('SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED'))::int as met
      from referrals where brokerage_id = ${harbor} and created_at >= ${new Date(Date.UTC(y, mo - 1, 1))} and created_at <= now()`.execute(
      server.db,
    );
    expect(last.received).toBe(met.rows[0]!.n);
    expect(last.metWithRate).toBe(
      met.rows[0]!.n === 0 ? null : Math.round((met.rows[0]!.met / met.rows[0]!.n) * 10_000) / 100,
    );
  });
});

describe('My Metrics: the monthly referral figures kept by the trigger (migration 025)', () => {
  // The same figures counted from the referral rows here, for every brokerage and month at once.
  const fromRows = async () =>
    (
      await sql<{
        brokerage_id: number;
        month: string;
        received: number;
        answered: number;
        micros: number;
        met: number;
        converted: number;
      }>`
    select brokerage_id, to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month, count(*)::int as received,
      count(first_response_at)::int as answered,
      coalesce(sum(round(extract(epoch from (first_response_at - created_at)) * 1000000)::bigint), 0)::bigint as micros,
      count(*) filter (where stage in ('SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED'))::int as met,
      count(*) filter (where stage in ('CLOSED', 'LEASED'))::int as converted
    from referrals group by 1, 2 order by 1, 2`.execute(server.db)
    ).rows;
  const kept = async () =>
    (
      await sql<{
        brokerage_id: number;
        month: string;
        received: number;
        answered: number;
        micros: number;
        met: number;
        converted: number;
      }>`
    select brokerage_id, to_char(month, 'YYYY-MM-DD') as month, received, answered, response_micros as micros, met, converted
    from referral_months where received <> 0 order by 1, 2`.execute(server.db)
    ).rows;

  it('equal the referral rows after the seed, and after inserts, stage and response changes, moves and deletes', async () => {
    expect(await kept()).toEqual(await fromRows());
    const some = await server.db
      .selectFrom('referrals')
      .select(['id', 'brokerage_id', 'agent_id', 'opportunity_id'])
      .where('brokerage_id', '=', harbor)
      .orderBy('id')
      .limit(4)
      .execute();
    const other = (
      await server.db
        .selectFrom('brokerages')
        .select('id')
        .where('id', '<>', harbor)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await server.db.updateTable('referrals').set({ stage: 'CLOSED' }).where('id', '=', some[0]!.id).execute();
    await server.db.updateTable('referrals').set({ first_response_at: null }).where('id', '=', some[1]!.id).execute();
    await server.db
      .updateTable('referrals')
      .set({ created_at: new Date('2024-02-29T23:59:59Z'), brokerage_id: other })
      .where('id', '=', some[2]!.id)
      .execute();
    // A copy of a referral inserted under a new id (an insert), then deleted (a delete).
    await sql`create temp table referral_copy as select * from referrals where id = ${some[3]!.id}`.execute(server.db);
    await sql`update referral_copy set id = nextval(pg_get_serial_sequence('referrals', 'id')), created_at = now()`.execute(
      server.db,
    );
    const copy = await sql<{ id: number }>`insert into referrals select * from referral_copy returning id`.execute(
      server.db,
    );
    await sql`drop table referral_copy`.execute(server.db);
    expect(await kept()).toEqual(await fromRows());
    await server.db.deleteFrom('referrals').where('id', '=', copy.rows[0]!.id).execute();
    expect(await kept()).toEqual(await fromRows());
  });

  it('answers a 12-month period whose figures match the rows month by month', async () => {
    const m = v.parse(BrokerageMetrics, (await broker.get(`/agents-api/brokerages/${harbor}/metrics?months=12`)).body);
    const rows = new Map(
      (await fromRows()).filter((r) => r.brokerage_id === harbor).map((r) => [r.month.slice(0, 7), r]),
    );
    for (const month of m.months) {
      const r = rows.get(month.month);
      expect({ month: month.month, received: month.received, avg: month.avgResponseSeconds }).toEqual({
        month: month.month,
        received: r?.received ?? 0,
        avg: r && r.answered > 0 ? Math.round(Number(r.micros) / 1e6 / r.answered) : null,
      });
    }
  });
});
