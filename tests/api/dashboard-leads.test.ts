import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  BrokerLead,
  BrokerLeadPage,
  LeadDetail,
  LeadProgressionStats,
  LeadSourceCount,
  OpportunityStatusStats,
  ReferralStageStats,
} from '../../src/contract/interviews.ts';
import { LeadStats } from '../../src/contract/leads.ts';
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

const lgLeads = (brokerageId: number) =>
  server.db.selectFrom('opportunities').where('brokerage_id', '=', brokerageId).where('product', '=', 'LEAD_GENIUS');

describe('broker leads list', () => {
  it('pages the brokerage’s IRIS leads newest first, with the total over all pages', async () => {
    const res = await broker.get(
      `/interviews-api/broker-leads?brokerageId=${ids.harbor}&pageIndex=0&pageSize=5&sort=created,DESC`,
    );
    expect(res.status).toBe(200);
    const body = v.parse(BrokerLeadPage, res.body);
    const total = await lgLeads(ids.harbor)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(body.totalElements).toBe(Number(total.n));
    const newest = await lgLeads(ids.harbor)
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(body.content.map((l) => l.opportunity.id)).toEqual(newest.map((r) => r.id));
  });

  it('carries each lead’s contact, counts, agent name and clean website as stored', async () => {
    const res = await broker.get(
      `/interviews-api/broker-leads?brokerageId=${ids.harbor}&pageSize=20&sort=assignedAt,DESC`,
    );
    for (const lead of res.body.content as v.InferOutput<typeof BrokerLead>[]) {
      const row = await server.db
        .selectFrom('opportunities as o')
        .leftJoin('agents as a', 'a.id', 'o.agent_id')
        .select([
          'o.contact_first',
          'o.contact_last',
          'o.contact_phone',
          'o.contact_email',
          'o.sms_count',
          'o.phone_count',
          'o.status',
          'o.assigned_at',
          'o.referring_website',
          'o.created_at',
          'a.first_name',
          'a.last_name',
        ])
        .where('o.id', '=', lead.opportunity.id)
        .executeTakeFirstOrThrow();
      expect(lead.contact).toEqual({
        nameFirst: row.contact_first,
        nameLast: row.contact_last,
        phoneNumber: row.contact_phone,
        emailAddress: row.contact_email,
      });
      expect(lead.opportunity).toMatchObject({
        smsCount: row.sms_count,
        phoneCount: row.phone_count,
        status: row.status,
        assignedAt: row.assigned_at?.toISOString() ?? null,
      });
      expect(lead.opportunity.agentName).toBe(row.first_name ? `${row.first_name} ${row.last_name}` : null);
      expect(lead.opportunity.cleanReferringWebsite).toBe(row.referring_website);
      expect(lead.created).toBe(row.created_at.toISOString());
    }
  });

  it('sorts by assignment time with unassigned leads last', async () => {
    const res = await broker.get(`/interviews-api/broker-leads?pageSize=5&sort=assignedAt,DESC`);
    const latest = await lgLeads(ids.harbor)
      .select('assigned_at')
      .where('assigned_at', 'is not', null)
      .orderBy('assigned_at', 'desc')
      .limit(5)
      .execute();
    expect(res.body.content.map((l: { opportunity: { assignedAt: string } }) => l.opportunity.assignedAt)).toEqual(
      latest.map((r) => r.assigned_at!.toISOString()),
    );
    const oldestFirst = await broker.get(`/interviews-api/broker-leads?pageSize=5&sort=assignedAt,ASC&pageIndex=0`);
    expect(oldestFirst.body.content[0].opportunity.assignedAt).not.toBeNull();
  });

  it('filters by lead type, status and product', async () => {
    const count = async (q: ReturnType<typeof lgLeads>) =>
      Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const aged = await broker.get(
      '/interviews-api/broker-leads?leadType=AGED&status=CLOSED,FUTURE_INTEREST&pageSize=1',
    );
    expect(aged.body.totalElements).toBe(
      await count(
        lgLeads(ids.harbor).where('lead_type', '=', 'AGED').where('status', 'in', ['CLOSED', 'FUTURE_INTEREST']),
      ),
    );
    const all = await broker.get('/interviews-api/broker-leads?product=COMBINED&pageSize=1');
    expect(all.body.totalElements).toBe(
      await count(
        server.db.selectFrom('opportunities').where('brokerage_id', '=', ids.harbor) as ReturnType<typeof lgLeads>,
      ),
    );
  });

  it('gives later pages without overlap', async () => {
    const p0 = await broker.get('/interviews-api/broker-leads?pageIndex=0&pageSize=5');
    const p1 = await broker.get('/interviews-api/broker-leads?pageIndex=1&pageSize=5');
    const both = [...p0.body.content, ...p1.body.content].map((l: { opportunity: { id: number } }) => l.opportunity.id);
    expect(new Set(both).size).toBe(10);
  });

  it('uses the caller’s own brokerage by default and keeps other brokerages out', async () => {
    expect((await basic.get('/interviews-api/broker-leads?product=COMBINED&pageSize=1')).body.totalElements).toBe(
      Number(
        (
          await server.db
            .selectFrom('opportunities')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('brokerage_id', '=', ids.maple)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect((await broker.get(`/interviews-api/broker-leads?brokerageId=${ids.maple}`)).status).toBe(403);
    expect((await basic.get(`/interviews-api/broker-leads?brokerageId=${ids.harbor}`)).status).toBe(403);
    expect((await csr.get(`/interviews-api/broker-leads?brokerageId=${ids.maple}`)).status).toBe(403); // no leads' contact details for a CSR
    const staffWithout = await admin.get('/interviews-api/broker-leads');
    expect(staffWithout.status).toBe(400);
    expect(staffWithout.body.fields).toHaveProperty('brokerageId');
  });

  it.each([
    ['sort=salary,DESC', 'sort'],
    ['pageSize=0', 'pageSize'],
    ['leadType=OLD', 'leadType'],
    ['product=IRIS', 'product'],
    ['status=closed', 'status'],
    ['brokerageId=abc', 'brokerageId'],
  ])('answers %s with 400 naming the field', async (qs, field) => {
    const res = await broker.get(`/interviews-api/broker-leads?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(Object.keys(res.body.fields)).toContain(field);
  });
});

describe('one lead', () => {
  it('gives the lead detail dialog its data by opportunity id', async () => {
    const row = await lgLeads(ids.harbor).selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
    const res = await broker.get(`/interviews-api/broker-leads/lead/${row.id}`);
    expect(res.status).toBe(200);
    expect(v.parse(LeadDetail, res.body)).toEqual({
      data: {
        created: row.created_at.toISOString(),
        contact: {
          nameFirst: row.contact_first,
          nameLast: row.contact_last,
          phoneNumber: row.contact_phone,
          emailAddress: row.contact_email,
        },
        opportunity: {
          id: row.id,
          type: row.type === 'SELLER' ? 'SELLER' : 'BUYER',
          clientType: row.client_type,
          status: row.status,
          cleanReferringWebsite: row.referring_website,
          agentName: expect.toBeOneOf([null, expect.any(String)]),
          referralId: expect.toBeOneOf([null, expect.any(Number)]),
        },
      },
    });
    const item = await broker.get(`/interviews-api/broker-leads/${row.id}`);
    expect(v.parse(BrokerLead, item.body).opportunity.id).toBe(row.id);
  });

  it('keeps another brokerage’s lead out and answers 404 for an unknown one', async () => {
    const maples = await server.db
      .selectFrom('opportunities')
      .select('id')
      .where('brokerage_id', '=', ids.maple)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await broker.get(`/interviews-api/broker-leads/lead/${maples.id}`)).status).toBe(403);
    expect((await basic.get(`/interviews-api/broker-leads/lead/${maples.id}`)).status).toBe(200);
    expect((await admin.get('/interviews-api/broker-leads/lead/99999999')).status).toBe(404);
  });
});

describe('one lead: what the broker acts from', () => {
  it("names the same type word the list shows, the agent, and the brokerage's referral made from the lead", async () => {
    const withReferral = await server.db
      .selectFrom('referrals as r')
      .innerJoin('opportunities as o', 'o.id', 'r.opportunity_id')
      .select(['o.id', 'o.type', 'r.id as referralId'])
      .where('o.brokerage_id', '=', ids.harbor)
      .where('o.product', '=', 'LEAD_GENIUS')
      .whereRef('r.brokerage_id', '=', 'o.brokerage_id')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const res = await broker.get(`/interviews-api/broker-leads/lead/${withReferral.id}`);
    expect(res.status).toBe(200);
    const listed = v.parse(BrokerLead, (await broker.get(`/interviews-api/broker-leads/${withReferral.id}`)).body);
    expect(res.body.data.opportunity).toMatchObject({
      type: listed.opportunity.type,
      agentName: listed.opportunity.agentName,
    });
    expect(res.body.data.opportunity.referralId).toBe(withReferral.referralId);
    const without = await lgLeads(ids.harbor)
      .select('id')
      .where(
        'id',
        'not in',
        server.db
          .selectFrom('referrals')
          .select('opportunity_id')
          .where('opportunity_id', 'is not', null)
          .$narrowType<{ opportunity_id: number }>(),
      )
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(
      (await broker.get(`/interviews-api/broker-leads/lead/${without.id}`)).body.data.opportunity.referralId,
    ).toBeNull();
  });
});

describe('lead widgets', () => {
  it.each(['ALL', 'NEW', 'AGED'])('count leads per status for lead type %s, most first', async (leadType) => {
    const res = await broker.get(
      `/interviews-api/broker-leads/${ids.harbor}/opportunityStatusStats?leadType=${leadType}`,
    );
    expect(res.status).toBe(200);
    const body = v.parse(OpportunityStatusStats, res.body);
    const rows = await sql<{ status: string; n: number }>`select status, count(*)::int as n from opportunities
      where brokerage_id = ${ids.harbor} and product = 'LEAD_GENIUS' and (${leadType} = 'ALL' or lead_type = ${leadType}) group by status`.execute(
      server.db,
    );
    expect(Object.fromEntries(body.map((s) => [s.status, s.count]))).toEqual(
      Object.fromEntries(rows.rows.map((r) => [r.status, r.n])),
    );
    expect(body.map((s) => s.count)).toEqual([...body.map((s) => s.count)].sort((a, b) => b - a));
  });

  it('count the IRIS referrals in every stage, zeros included, in spec order, Closed with Leased as my-referrals?s=CLOSED', async () => {
    const res = await broker.get(`/interviews-api/broker-leads/${ids.harbor}/referralStageStats`);
    const body = v.parse(ReferralStageStats, res.body);
    expect(body).toHaveLength(11);
    expect(body[0]!.stage).toBe('AWAITING_FOLLOWUP');
    for (const { stage, count } of body) {
      const n = await server.db
        .selectFrom('referrals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('brokerage_id', '=', ids.harbor)
        .where('product', '=', 'LEAD_GENIUS')
        .where('stage', 'in', stage === 'CLOSED' ? ['CLOSED', 'LEASED'] : [stage])
        .executeTakeFirstOrThrow();
      expect(count).toBe(Number(n.n));
    }
    expect(body.reduce((s, x) => s + x.count, 0)).toBeGreaterThan(0);
  });

  it('count leads, assignments and closings per supplier, with rates in percent', async () => {
    const res = await broker.get(`/interviews-api/broker-leads/leadSourceCount/${ids.harbor}`);
    const body = v.parse(LeadSourceCount, res.body);
    const leads = await lgLeads(ids.harbor)
      .innerJoin('lead_suppliers as s', 's.id', 'opportunities.supplier_id')
      .select(['s.name', 'opportunities.assigned_at', 'opportunities.status'])
      .execute();
    expect(body.length).toBeGreaterThan(0);
    for (const row of body) {
      const mine = leads.filter((l) => l.name === row.supplierName);
      const assigned = mine.filter((l) => l.assigned_at !== null).length;
      const closed = mine.filter((l) => l.status === 'CLOSED').length;
      expect(row).toEqual({
        supplierName: row.supplierName,
        leadSuppliedCount: mine.length,
        assignedReferralCount: assigned,
        closedReferralCount: closed,
        assignedReferralRate: Math.round((10000 * assigned) / mine.length) / 100,
        closedReferralRate: Math.round((10000 * closed) / mine.length) / 100,
      });
    }
    expect((await basic.get(`/interviews-api/broker-leads/leadSourceCount/${ids.maple}`)).body).toEqual([]);
  });

  it('count the lead progression cumulatively for all, new and aged leads', async () => {
    const res = await broker.get(`/interviews-api/broker-leads/${ids.harbor}/lead-progression-stats`);
    const body = v.parse(LeadProgressionStats, res.body);
    const rows = await lgLeads(ids.harbor)
      .select(['lead_type', 'responded', 'qualified', 'assigned_at', 'status'])
      .execute();
    const progression = (type?: string) => {
      const mine = rows.filter((r) => !type || r.lead_type === type);
      const closed = mine.filter((r) => r.status === 'CLOSED');
      // Assigned: assigned now or closed (a closed lead was assigned), the statuses its My Leads link filters by.
      const assigned = mine.filter((r) => r.status === 'ASSIGNED_TO_AGENT' || r.status === 'CLOSED');
      const qualified = mine.filter((r) => r.qualified || assigned.includes(r));
      const responded = mine.filter((r) => r.responded || qualified.includes(r));
      return {
        totalLeads: mine.length,
        respondedLeads: responded.length,
        qualifiedLeads: qualified.length,
        assignedLeads: assigned.length,
        closedLeads: closed.length,
      };
    };
    expect(body.data).toEqual({
      allLeads: progression(),
      newLeads: progression('NEW'),
      agedLeads: progression('AGED'),
    });
    const a = body.data.allLeads;
    expect([a.totalLeads, a.respondedLeads, a.qualifiedLeads, a.assignedLeads, a.closedLeads]).toEqual(
      [a.totalLeads, a.respondedLeads, a.qualifiedLeads, a.assignedLeads, a.closedLeads].sort((x, y) => y - x),
    );
  });

  it('count this month’s and this quarter’s ingested IRIS leads against the quarterly cap', async () => {
    const month = now.toISOString().slice(0, 7);
    const res = await broker.get(`/leads-api/leadstats/${ids.harbor}?ingestedDate=${month}`);
    const body = v.parse(LeadStats, res.body);
    const row = (
      await sql<{ m: number; q: number }>`select
      count(*) filter (where to_char(created_at at time zone 'UTC', 'YYYY-MM') = ${month})::int as m,
      count(*) filter (where date_trunc('quarter', created_at at time zone 'UTC') = date_trunc('quarter', ${now}::timestamptz at time zone 'UTC'))::int as q
      from opportunities where brokerage_id = ${ids.harbor} and product = 'LEAD_GENIUS'`.execute(server.db)
    ).rows[0]!;
    expect(body).toEqual({
      content: [{ month, ingestedCount: row.m, quarterIngestedCount: row.q, quarterlyCap: 300 }],
    });
    expect((await broker.get(`/leads-api/leadstats/${ids.harbor}`)).body).toEqual(body);
    expect((await broker.get(`/leads-api/leadstats/${ids.harbor}?ingestedDate=2020-01`)).body.content[0]).toMatchObject(
      { ingestedCount: 0, quarterIngestedCount: 0 },
    );
    expect((await basic.get(`/leads-api/leadstats/${ids.maple}`)).body.content[0]).toMatchObject({
      ingestedCount: 0,
      quarterlyCap: 0,
    });
  });

  it('answer a bad month with 400', async () => {
    const res = await broker.get(`/leads-api/leadstats/${ids.harbor}?ingestedDate=2026-13`);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('ingestedDate');
  });

  it('keep other brokerages and loan-office admins out', async () => {
    const paths = (id: number) => [
      `/interviews-api/broker-leads/${id}/opportunityStatusStats`,
      `/interviews-api/broker-leads/leadSourceCount/${id}`,
      `/interviews-api/broker-leads/${id}/referralStageStats`,
      `/interviews-api/broker-leads/${id}/lead-progression-stats`,
      `/leads-api/leadstats/${id}`,
    ];
    for (const p of paths(ids.maple)) expect((await broker.get(p)).status).toBe(403);
    for (const p of paths(ids.harbor)) expect((await basic.get(p)).status).toBe(403);
    for (const p of paths(ids.harbor)) expect((await lender.get(p)).status).toBe(403);
    for (const p of [...paths(ids.harbor), ...paths(ids.maple)]) expect((await csr.get(p)).status).toBe(403);
  });
});
