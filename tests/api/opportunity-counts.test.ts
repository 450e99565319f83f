import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OVERDUE_AFTER_DAYS } from '../../server/db/overdue.ts';
import { stagesOf } from '../../server/routes/agents-api/broker-referrals.ts';
import {
  brokerScore,
  prefixLeadGenius,
  statSet,
  type StageCount,
} from '../../server/routes/agents-api/brokerage-figures.ts';
import { MET_OR_BEYOND } from '../../server/routes/agents-api/brokerage-stats.ts';
import { overdueSql } from '../../server/routes/agents-api/overdue-sql.ts';
import type { BrokerageStats, BrokerScore, Product } from '../../src/contract/brokerages.ts';
import type {
  LeadProgressionStats,
  LeadSourceCount,
  OpportunityStatusStats,
  ReferralStageStats,
} from '../../src/contract/interviews.ts';
import { PROGRESSION_STEP_STATUSES } from '../../src/lib/opportunity-status.ts';
import { REFERRAL_STAGES, type ReferralStage, type ReferralType } from '../../src/lib/referral-stages.ts';
import { startDashboardFixture } from '../setup/dashboard-fixture.ts';
import type { Caller, TestServer } from '../setup/test-server.ts';

// The brokerage-wide lead and referral figures sum counts kept by triggers (migration 061, decision
// 0123): opportunities per brokerage and counted attributes, and per brokerage and UTC day; referrals per
// brokerage, product, type and stage, and per brokerage, day and stage. The kept tables must equal the
// rows, and every figure must equal the rows counted here by its plain definition (the queries the
// routes ran before), after the seed and after writes of every kind. The score's windows start at a
// moment inside a day: rows of that day before the moment must not count, rows after it must.

let server: TestServer;
let admin: Caller;
const ids = { harbor: 0, maple: 0 };
const DAY = 86_400_000;
// Mid-afternoon UTC: each window's first day holds moments before and after the window's start.
const now = new Date(Math.floor(Date.now() / DAY) * DAY + 15.5 * 3_600_000);
const since90 = new Date(now.getTime() - 90 * DAY);
const since365 = new Date(now.getTime() - 365 * DAY);

beforeAll(async () => {
  const f = await startDashboardFixture(now);
  ({ server, admin } = f);
  Object.assign(ids, f.ids);
});
afterAll(async () => {
  await server.close();
});

/** Both kept opportunity tables and both kept referral tables, as the rows give them and as kept. */
async function keptEqualsRows() {
  const db = server.db;
  const q = async (text: ReturnType<typeof sql>) => (await text.execute(db)).rows;
  expect(
    await q(sql`select brokerage_id, product, lead_type, status, supplier_key, responded, qualified, assigned, n
      from opportunity_counts where n <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`),
  ).toEqual(
    await q(sql`select brokerage_id, product, lead_type, status, coalesce(supplier_id, 0) as supplier_key, responded,
      qualified, assigned_at is not null as assigned, count(*)::int as n from opportunities group by 1, 2, 3, 4, 5, 6, 7, 8
      order by 1, 2, 3, 4, 5, 6, 7, 8`),
  );
  expect(
    await q(sql`select brokerage_id, day::text, created, declined, assigned from opportunity_days
      where created <> 0 or declined <> 0 or assigned <> 0 order by 1, 2`),
  ).toEqual(
    await q(sql`select brokerage_id, day::text, sum(created)::int as created, sum(declined)::int as declined,
      sum(assigned)::int as assigned from (
        select brokerage_id, (created_at at time zone 'UTC')::date as day, 1 as created,
          case when status = 'NO_AGENT_ACCEPT' then 1 else 0 end as declined, 0 as assigned from opportunities
        union all select brokerage_id, (assigned_at at time zone 'UTC')::date, 0, 0, 1 from opportunities
          where assigned_at is not null) x group by 1, 2 order by 1, 2`),
  );
  expect(
    await q(sql`select brokerage_id, product, type, stage, n, sale_cents from referral_stage_counts
      where n <> 0 order by 1, 2, 3, 4`),
  ).toEqual(
    await q(sql`select brokerage_id, product, type, stage, count(*)::int as n,
      coalesce(sum(sale_price_cents), 0) as sale_cents from referrals group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  expect(
    await q(sql`select brokerage_id, day::text, stage, n from referral_days where n <> 0 order by 1, 2, 3`),
  ).toEqual(
    await q(sql`select brokerage_id, (created_at at time zone 'UTC')::date::text as day, stage, count(*)::int as n
      from referrals group by 1, 2, 3 order by 1, 2, 3`),
  );
}

const products = (p: Product) => (p === 'COMBINED' ? ['PORCHLIGHT', 'LEAD_GENIUS'] : [p]);
const count = async (text: ReturnType<typeof sql>) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${text}`.execute(server.db)).rows[0]!.n);

/** The brokerage's stats by their plain definition: every referral counted, overdue by the whole rule. */
async function statsFromRows(b: number, product: Product): Promise<BrokerageStats> {
  const rows = (
    await sql<{ product: string; type: ReferralType; stage: ReferralStage; n: number; cents: number; overdue: number }>`
      select product, type, stage, count(*)::int as n, coalesce(sum(sale_price_cents), 0) as cents,
        count(*) filter (where ${overdueSql('r', now)})::int as overdue
      from referrals r where brokerage_id = ${b} group by 1, 2, 3`.execute(server.db)
  ).rows;
  const setOf = (chosen: string[]) => {
    const mine = rows.filter((r) => chosen.includes(r.product));
    const counts: StageCount[] = mine.map((r) => ({ type: r.type, stage: r.stage, count: r.n }));
    const closed = mine.filter((r) => r.stage === 'CLOSED' || r.stage === 'LEASED');
    return statSet(
      counts,
      mine.reduce((s, r) => s + r.overdue, 0),
      closed.reduce((s, r) => s + Number(r.cents), 0),
    );
  };
  return { brokerageId: b, product, ...setOf(products(product)), ...prefixLeadGenius(setOf(['LEAD_GENIUS'])) };
}

/** The score by its plain definition: each window counted from the rows since its moment. */
async function scoreFromRows(b: number): Promise<BrokerScore> {
  const opp = (where: ReturnType<typeof sql>) => count(sql`opportunities where brokerage_id = ${b} and ${where}`);
  const ref = (where: ReturnType<typeof sql>) => count(sql`referrals r where brokerage_id = ${b} and ${where}`);
  const stages = (list: readonly string[]) => sql`stage in (${sql.join(list.map((s) => sql.lit(s)))})`;
  const open = REFERRAL_STAGES.filter((s) => !['CLOSED', 'LEASED', 'REMOVED', 'LONG_TERM_HOLD'].includes(s));
  return brokerScore(b, {
    accepted: await opp(sql`assigned_at >= ${since90}`),
    declined: await opp(sql`status = 'NO_AGENT_ACCEPT' and created_at >= ${since90}`),
    leads12: await opp(sql`created_at >= ${since365}`),
    open: await ref(stages(open)),
    overdue: await ref(sql`${stages(open)} and ${overdueSql('r', now)}`),
    received90: await ref(sql`created_at >= ${since90}`),
    met90: await ref(sql`created_at >= ${since90} and ${stages(MET_OR_BEYOND)}`),
    closed12: await ref(sql`created_at >= ${since365} and ${stages(['CLOSED', 'LEASED'])}`),
    removed12: await ref(sql`created_at >= ${since365} and stage = 'REMOVED'`),
    pipeline12: await ref(sql`created_at >= ${since365} and ${stages(open)}`),
  });
}

/** Every lead figure by its plain definition, counted from the opportunities. */
async function leadFiguresFromRows(b: number, product: Product) {
  const inProduct = sql`brokerage_id = ${b} and product in (${sql.join(products(product))})`;
  const statuses = async (leadType?: string) =>
    (
      await sql<{ status: string; count: number }>`select status, count(*)::int as count from opportunities
        where ${inProduct} ${leadType ? sql`and lead_type = ${leadType}` : sql``}
        group by status order by 2 desc, 1`.execute(server.db)
    ).rows;
  const sources = (
    await sql<{ name: string; leads: number; assigned: number; closed: number }>`select s.name, count(*)::int as leads,
      count(o.assigned_at)::int as assigned, (count(*) filter (where o.status = 'CLOSED'))::int as closed
      from opportunities o join lead_suppliers s on s.id = o.supplier_id where o.${inProduct}
      group by s.name order by 2 desc, 1`.execute(server.db)
  ).rows;
  const inStatuses = (list: readonly string[]) => sql`status in (${sql.join(list.map((x) => sql.lit(x)))})`;
  const assigned = inStatuses(PROGRESSION_STEP_STATUSES.assigned);
  const qualified = sql`(qualified or ${assigned})`;
  const progression = async (types: string[]) =>
    (
      await sql<{
        totalLeads: number;
        respondedLeads: number;
        qualifiedLeads: number;
        assignedLeads: number;
        closedLeads: number;
      }>`select count(*)::int as "totalLeads",
        (count(*) filter (where responded or ${qualified}))::int as "respondedLeads",
        (count(*) filter (where ${qualified}))::int as "qualifiedLeads",
        (count(*) filter (where ${assigned}))::int as "assignedLeads",
        (count(*) filter (where ${inStatuses(PROGRESSION_STEP_STATUSES.closed)}))::int as "closedLeads"
        from opportunities where ${inProduct} and lead_type in (${sql.join(types)})`.execute(server.db)
    ).rows[0]!;
  const leads: LeadProgressionStats = {
    data: {
      allLeads: await progression(['NEW', 'AGED']),
      newLeads: await progression(['NEW']),
      agedLeads: await progression(['AGED']),
    },
  };
  return {
    all: await statuses(),
    aged: await statuses('AGED'),
    fresh: await statuses('NEW'),
    sources,
    progression: leads,
  };
}

async function expectFiguresFromRows() {
  await keptEqualsRows();
  for (const b of [ids.harbor, ids.maple]) {
    for (const product of ['COMBINED', 'PORCHLIGHT', 'LEAD_GENIUS'] as const) {
      const stats = await admin.get<BrokerageStats>(`/agents-api/brokerages/${b}/stats?product=${product}`);
      expect(stats.status).toBe(200);
      expect(stats.body).toEqual(await statsFromRows(b, product));
      const byStage = new Map(
        (
          await sql<{ stage: string; n: number }>`select stage, count(*)::int as n from referrals
            where brokerage_id = ${b} and product in (${sql.join(products(product))}) group by stage`.execute(server.db)
        ).rows.map((r) => [r.stage, r.n]),
      );
      const stages = await admin.get<ReferralStageStats>(
        `/interviews-api/broker-leads/${b}/referralStageStats?product=${product}`,
      );
      expect(stages.body).toEqual(
        REFERRAL_STAGES.map((stage) => ({
          stage,
          count: stagesOf(stage, undefined).reduce((n, s) => n + (byStage.get(s) ?? 0), 0),
        })),
      );
      // My Referrals' totals without a search, an agent or a follow-up type: from the kept counts.
      const productWhere = sql`brokerage_id = ${b} and product in (${sql.join(products(product))})`;
      const stageIn = (list: readonly string[]) => sql`stage in (${sql.join(list.map((x) => sql.lit(x)))})`;
      for (const [filter, where] of [
        ['', sql`true`],
        ['&category=active', sql`stage not in ('CLOSED', 'LEASED', 'REMOVED')`],
        ['&category=closed', stageIn(['CLOSED', 'LEASED'])],
        ['&s=CLOSED', stageIn(['CLOSED', 'LEASED'])],
        ['&s=LISTED_HOME&t=SELLER', sql`${stageIn(stagesOf('LISTED_HOME', 'SELLER'))} and type = 'SELLER'`],
        [
          '&s=AWAITING_FOLLOWUP&t=BUYER&category=active',
          sql`type = 'BUYER' and stage not in ('CLOSED', 'LEASED', 'REMOVED')`,
        ],
      ] as const) {
        const list = await admin.get<{ totalElements: number }>(
          `/agents-api/broker-referrals?brokerageId=${b}&product=${product}&pageSize=1${filter}`,
        );
        expect(list.status, filter).toBe(200);
        expect(list.body.totalElements, filter).toBe(await count(sql`referrals where ${productWhere} and ${where}`));
      }
      const rows = await leadFiguresFromRows(b, product);
      const all = await admin.get<OpportunityStatusStats>(
        `/interviews-api/broker-leads/${b}/opportunityStatusStats?leadType=ALL&product=${product}`,
      );
      expect(all.body).toEqual(rows.all);
      const aged = await admin.get<OpportunityStatusStats>(
        `/interviews-api/broker-leads/${b}/opportunityStatusStats?leadType=AGED&product=${product}`,
      );
      expect(aged.body).toEqual(rows.aged);
      const sources = await admin.get<LeadSourceCount>(
        `/interviews-api/broker-leads/leadSourceCount/${b}?product=${product}`,
      );
      expect(
        sources.body.map((s) => [s.supplierName, s.leadSuppliedCount, s.assignedReferralCount, s.closedReferralCount]),
      ).toEqual(rows.sources.map((s) => [s.name, s.leads, s.assigned, s.closed]));
      const progression = await admin.get<LeadProgressionStats>(
        `/interviews-api/broker-leads/${b}/lead-progression-stats?product=${product}`,
      );
      expect(progression.body).toEqual(rows.progression);
      // Every status's list total, and one of two statuses of one lead type.
      for (const s of rows.all) {
        const list = await admin.get<{ totalElements: number }>(
          `/interviews-api/broker-leads?brokerageId=${b}&product=${product}&pageSize=1&status=${s.status}`,
        );
        expect(list.body.totalElements, s.status).toBe(s.count);
      }
      // A lead type alone, no status: the total of every status of that type.
      for (const [leadType, counts] of [
        ['NEW', rows.fresh],
        ['AGED', rows.aged],
      ] as const) {
        const typed = await admin.get<{ totalElements: number }>(
          `/interviews-api/broker-leads?brokerageId=${b}&product=${product}&pageSize=1&leadType=${leadType}`,
        );
        expect(typed.body.totalElements, `${leadType} alone`).toBe(counts.reduce((n, s) => n + s.count, 0));
      }
      const two = rows.aged.slice(0, 2);
      if (two.length === 0) continue;
      const list = await admin.get<{ totalElements: number }>(
        `/interviews-api/broker-leads?brokerageId=${b}&product=${product}&pageSize=1&leadType=AGED&status=${two.map((s) => s.status).join(',')}`,
      );
      expect(list.body.totalElements).toBe(two.reduce((n, s) => n + s.count, 0));
    }
    const score = await admin.get<BrokerScore>(`/agents-api/brokerages/${b}/score`);
    expect(score.status).toBe(200);
    expect(score.body).toEqual(await scoreFromRows(b));
  }
}

/** An opportunity's and a referral's columns for a row written here. */
const opportunity = (brokerageId: number, createdAt: Date, more: Record<string, unknown> = {}) => ({
  brokerage_id: brokerageId,
  product: 'PORCHLIGHT',
  lead_type: 'NEW',
  type: 'BUYER',
  status: 'NEW',
  created_at: createdAt,
  updated_at: createdAt,
  ...more,
});

describe('the brokerage-wide kept counts', () => {
  it('give every lead and referral figure and the score as the rows do, after the seed', async () => {
    const score = await admin.get<BrokerScore>(`/agents-api/brokerages/${ids.harbor}/score`);
    expect(score.body.brokerScore).not.toBeNull();
    const progression = await admin.get<LeadProgressionStats>(
      `/interviews-api/broker-leads/${ids.harbor}/lead-progression-stats`,
    );
    expect(progression.body.data.allLeads.totalLeads).toBeGreaterThan(0);
    await expectFiguresFromRows();
  });

  it('follow opportunities and referrals written, moved and deleted, and the windows start inside a day', async () => {
    const db = server.db;
    const hour = 3_600_000;
    const supplier = (await db.selectFrom('lead_suppliers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const agent = (
      await db
        .selectFrom('agents')
        .select('id')
        .where('brokerage_id', '=', ids.harbor)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    // On each window's first day: an hour before its start (outside) and an hour after (inside).
    const added = [];
    for (const since of [since90, since365])
      for (const at of [new Date(since.getTime() - hour), new Date(since.getTime() + hour)])
        added.push(
          (
            await db
              .insertInto('opportunities')
              .values(opportunity(ids.harbor, at, { supplier_id: supplier, status: 'NO_AGENT_ACCEPT' }))
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
    await db
      .updateTable('opportunities')
      .set({ assigned_at: new Date(since90.getTime() + hour), status: 'ASSIGNED_TO_AGENT', agent_id: agent })
      .where('id', '=', added[1]!)
      .execute();
    await db
      .updateTable('opportunities')
      .set({ assigned_at: new Date(since90.getTime() - hour), status: 'CLOSED', responded: true })
      .where('id', '=', added[0]!)
      .execute();
    await db
      .updateTable('opportunities')
      .set({ qualified: true, lead_type: 'AGED' })
      .where('id', '=', added[2]!)
      .execute();
    await db
      .updateTable('opportunities')
      .set({ brokerage_id: ids.maple, supplier_id: null, product: 'LEAD_GENIUS' })
      .where('id', '=', added[3]!)
      .execute();
    // An update of nothing counted moves nothing.
    await db.updateTable('opportunities').set({ sms_count: 3, updated_at: now }).where('id', '=', added[2]!).execute();

    const referrals = [];
    for (const at of [
      new Date(since90.getTime() - hour),
      new Date(since90.getTime() + hour),
      new Date(since365.getTime() + hour),
    ])
      referrals.push(
        (
          await db
            .insertInto('referrals')
            .values({
              agent_id: agent,
              brokerage_id: ids.harbor,
              opportunity_id: added[1]!,
              type: 'SELLER',
              stage: 'AWAITING_FOLLOWUP',
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    await db
      .updateTable('referrals')
      .set({ stage: 'CLOSED', sale_price_cents: 45_000_000 })
      .where('id', '=', referrals[0]!)
      .execute();
    await db
      .updateTable('referrals')
      .set({ stage: 'UNDER_CONTRACT', product: 'LEAD_GENIUS' })
      .where('id', '=', referrals[1]!)
      .execute();
    await db
      .updateTable('referrals')
      .set({ stage: 'REMOVED', brokerage_id: ids.maple })
      .where('id', '=', referrals[2]!)
      .execute();
    // A seeded referral moves on, and one goes idle past the cut-off.
    const seeded = await db
      .selectFrom('referrals')
      .select('id')
      .where('brokerage_id', '=', ids.harbor)
      .where('stage', '=', 'SPOKEN_WITH')
      .orderBy('id')
      .limit(2)
      .execute();
    await db.updateTable('referrals').set({ stage: 'SHOWN_HOMES' }).where('id', '=', seeded[0]!.id).execute();
    await db
      .updateTable('referrals')
      .set({ updated_at: new Date(now.getTime() - (OVERDUE_AFTER_DAYS + 1) * DAY) })
      .where('id', '=', seeded[1]!.id)
      .execute();
    await expectFiguresFromRows();

    // Deleted: the rows and their counts go.
    await db.deleteFrom('referrals').where('id', 'in', referrals).execute();
    await db.deleteFrom('opportunities').where('id', 'in', added).execute();
    await expectFiguresFromRows();
  });
});
