import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AgentPage } from '../../src/contract/agents.ts';
import { BrokerReferralPage } from '../../src/contract/broker-referrals.ts';
import { BrokerageStats, type Product } from '../../src/contract/brokerages.ts';
import {
  BrokerLeadPage,
  LeadProgressionStats,
  OpportunityStatusStats,
  ReferralStageStats,
} from '../../src/contract/interviews.ts';
import { MyAgentPage } from '../../src/contract/my-agents.ts';
import { PROGRESSION_STEP_STATUSES, respondedGroups, statusRows } from '../../src/lib/opportunity-status.ts';
import { startDashboardFixture } from '../setup/dashboard-fixture.ts';
import type { Caller, TestServer } from '../setup/test-server.ts';

// Every figure of the overview's stats calls that leads to a list equals the total that list's
// endpoint answers for the link's filters, for both demo brokerages and every product the selector offers.
// The e2e (e2e/dashboard-links.both.spec.ts) follows the same links in the browser; this catches a mismatch
// at its source. Link queries are the ones the widgets build (src/features/dashboard/*), product left out for
// both products as the lists default to both.

let server: TestServer;
let broker: Caller, basic: Caller;
const ids = { harbor: 0, maple: 0 };
const now = new Date();

beforeAll(async () => {
  const f = await startDashboardFixture(now);
  ({ server, broker, basic } = f);
  Object.assign(ids, f.ids);
});
afterAll(async () => {
  await server.close();
});

/** The link's query as the widgets write it: the product only when one was chosen. */
const linkQuery = (query: Record<string, string>, product: Product) => {
  const q = new URLSearchParams(query);
  if (product !== 'COMBINED') q.set('product', product);
  return q.toString();
};

async function get<T>(caller: Caller, path: string, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const res = await caller.get(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return v.parse(schema, res.body);
}

/** My Referrals' total for a link query (the list sends the link's parameters as they are). */
const referralsTotal = async (caller: Caller, query: string) =>
  (await get(caller, `/agents-api/broker-referrals?pageSize=1&${query}`, BrokerReferralPage)).totalElements;
/** My Leads' total for a link query (the list sends product=COMBINED when the link has none, src/api/my-leads.ts). */
const leadsTotal = async (caller: Caller, query: string) => {
  const q = new URLSearchParams(query);
  if (!q.has('product')) q.set('product', 'COMBINED');
  return (await get(caller, `/interviews-api/broker-leads?pageSize=1&${q.toString()}`, BrokerLeadPage)).totalElements;
};

type Check = { widget: string; link: string; figure: number };
/** Every check's list total, compared in one assertion so a failure lists every mismatch at once. */
async function expectTotals(caller: Caller, checks: Check[], total: (c: Caller, q: string) => Promise<number>) {
  expect(checks.length).toBeGreaterThan(0);
  const seen = await Promise.all(checks.map(async (c) => ({ ...c, total: await total(caller, c.link) })));
  expect(seen.filter((c) => c.total !== c.figure)).toEqual([]);
  return seen;
}

// The sales funnel's steps (src/features/dashboard/sales-funnel.tsx): stage and the figure's key.
const OVERALL = [
  ['AWAITING_FOLLOWUP', 'received'],
  ['SPOKEN_WITH', 'spokenWith'],
  ['SHOWN_HOMES', 'shownHomes'],
  ['MET_WITH_SELLER', 'metWithSeller'],
  ['OFFER_MADE', 'offersMade'],
  ['LISTED_HOME', 'listedHome'],
  ['UNDER_CONTRACT', 'underContract'],
  ['CLOSED', 'closed'],
  ['LONG_TERM_HOLD', 'longTermHold'],
] as const;
const SIDE = [
  ['LONG_TERM_HOLD', 'longTermHold'],
  ['REMOVED', 'removed'],
] as const;
const SELLER = [
  ['AWAITING_FOLLOWUP', 'received'],
  ['SPOKEN_WITH', 'spokenWith'],
  ['MET_WITH_SELLER', 'metWithSeller'],
  ['LISTED_HOME', 'listedHome'],
  ['OFFER_MADE', 'offersMade'],
  ['UNDER_CONTRACT', 'underContract'],
  ['CLOSED', 'closed'],
  ...SIDE,
] as const;
const BUYER = [
  ['AWAITING_FOLLOWUP', 'received'],
  ['SPOKEN_WITH', 'spokenWith'],
  ['SHOWN_HOMES', 'shownHomes'],
  ['OFFER_MADE', 'offersMade'],
  ['UNDER_CONTRACT', 'underContract'],
  ['CLOSED', 'closed'],
  ...SIDE,
] as const;

const CASES = [
  {
    name: 'Harbor Point, both products',
    who: () => broker,
    brokerage: () => ids.harbor,
    product: 'COMBINED' as Product,
  },
  {
    name: 'Harbor Point, Porchlight',
    who: () => broker,
    brokerage: () => ids.harbor,
    product: 'PORCHLIGHT' as Product,
  },
  { name: 'Harbor Point, IRIS', who: () => broker, brokerage: () => ids.harbor, product: 'LEAD_GENIUS' as Product },
  { name: 'Maple & Main, both products', who: () => basic, brokerage: () => ids.maple, product: 'COMBINED' as Product },
];

describe.each(CASES)('$name: every linked figure equals its list total', ({ who, brokerage, product }) => {
  it('overall totals, the overdue tile and every seller, buyer and overall funnel step', async () => {
    const s = await get(who(), `/agents-api/brokerages/${brokerage()}/stats?product=${product}`, BrokerageStats);
    const q = (query: Record<string, string>) => linkQuery(query, product);
    const checks: Check[] = [
      {
        widget: 'Total Referrals',
        link: q({ category: 'all' }),
        figure: s.activeReferrals + s.totalClosed + s.removed,
      },
      { widget: 'Active', link: q({ category: 'active' }), figure: s.activeReferrals },
      { widget: 'Closed', link: q({ category: 'closed' }), figure: s.totalClosed },
      { widget: 'Removed', link: q({ category: 'removed' }), figure: s.removed },
      { widget: 'Overdue for Follow-Up', link: q({ followupType: 'OVERDUE' }), figure: s.overdueForFollowUp },
      ...OVERALL.map(([stage, key]) => ({ widget: `Overall ${stage}`, link: q({ s: stage }), figure: s[key] })),
      ...SELLER.map(([stage, key]) => ({
        widget: `Seller ${stage}`,
        link: q({ s: stage, t: 'SELLER' }),
        figure: s.sellerFunnel[key],
      })),
      ...BUYER.map(([stage, key]) => ({
        widget: `Buyer ${stage}`,
        link: q({ s: stage, t: 'BUYER' }),
        figure: s.buyerFunnel[key],
      })),
    ];
    const seen = await expectTotals(who(), checks, referralsTotal);
    // The figures are not all zero (a list that answered nothing would agree with an empty brokerage).
    expect(seen.find((c) => c.widget === 'Overdue for Follow-Up')!.figure).toBeGreaterThan(0);
    expect(seen.find((c) => c.widget === 'Seller CLOSED')!.figure).toBeGreaterThan(0);
  });

  it('referral progression: every stage bar', async () => {
    const stages = await get(
      who(),
      `/interviews-api/broker-leads/${brokerage()}/referralStageStats?product=${product}`,
      ReferralStageStats,
    );
    // The widget leaves Leased out (Closed counts it); its count is still the total of s=LEASED.
    const seen = await expectTotals(
      who(),
      stages.map((s) => ({ widget: s.stage, link: linkQuery({ s: s.stage }, product), figure: s.count })),
      referralsTotal,
    );
    const closed = seen.find((c) => c.widget === 'CLOSED')!;
    expect(closed.figure).toBeGreaterThanOrEqual(seen.find((c) => c.widget === 'LEASED')!.figure);
    expect(closed.figure).toBeGreaterThan(0);
  });

  it('leads by status, responded leads per lead type, and lead progression’s Assigned and Closed per lead type', async () => {
    const b = brokerage();
    const checks: Check[] = [];
    for (const leadType of ['ALL', 'NEW', 'AGED'] as const) {
      const stats = await get(
        who(),
        `/interviews-api/broker-leads/${b}/opportunityStatusStats?product=${product}&leadType=${leadType}`,
        OpportunityStatusStats,
      );
      // Leads by status reads lead type ALL and links by status alone.
      if (leadType === 'ALL')
        checks.push(
          ...statusRows(stats).map((r) => ({
            widget: `status ${r.status}`,
            link: linkQuery({ status: r.status }, product),
            figure: r.count,
          })),
        );
      checks.push(
        ...respondedGroups(stats).map((g) => ({
          widget: `responded ${leadType} ${g.label}`,
          link: linkQuery({ status: g.statuses.join(','), leadType }, product),
          figure: g.count,
        })),
      );
    }
    const progression = (
      await get(
        who(),
        `/interviews-api/broker-leads/${b}/lead-progression-stats?product=${product}`,
        LeadProgressionStats,
      )
    ).data;
    for (const [leadType, key] of [
      ['ALL', 'allLeads'],
      ['NEW', 'newLeads'],
      ['AGED', 'agedLeads'],
    ] as const) {
      checks.push(
        {
          widget: `progression ${leadType} Assigned`,
          link: linkQuery({ status: PROGRESSION_STEP_STATUSES.assigned.join(','), leadType }, product),
          figure: progression[key].assignedLeads,
        },
        {
          widget: `progression ${leadType} Closed`,
          link: linkQuery({ status: PROGRESSION_STEP_STATUSES.closed.join(','), leadType }, product),
          figure: progression[key].closedLeads,
        },
      );
    }
    const seen = await expectTotals(who(), checks, leadsTotal);
    if (product !== 'PORCHLIGHT' && b === ids.harbor)
      expect(seen.find((c) => c.widget === 'progression ALL Assigned')!.figure).toBeGreaterThan(0);
  });
});

describe('the overdue agents widget', () => {
  it.each([
    ['Harbor Point', () => broker, () => ids.harbor],
    ['Maple & Main', () => basic, () => ids.maple],
  ] as const)(
    '%s: View All {n} Agents opens My Agents by overdue with n agents, every agent the widget lists among them, and each listed agent’s overdue count is their overdue referrals',
    async (_, who, brokerage) => {
      const b = brokerage();
      // The widget's link figure and its link (src/features/dashboard/overdue-agents.tsx, MY_AGENTS_BY_OVERDUE: no status filter).
      const n = (await get(who(), `/agents-api/agents?brokerageId=${b}&pageIndex=0&pageSize=1`, AgentPage))
        .totalElements;
      const list = await get(who(), `/agents-api/my-agents?sort=overdue,DESC&pageSize=${Math.max(n, 1)}`, MyAgentPage);
      expect(list.totalElements).toBe(n);
      expect(n).toBeGreaterThan(0);
      // Agents with overdue referrals, as the widget pages them (5 a page, most first, until a count of 0).
      const overdue: { id: number; count: number }[] = [];
      for (let pageIndex = 0; ; pageIndex++) {
        const page = await get(
          who(),
          `/agents-api/agents?brokerageId=${b}&pageIndex=${pageIndex}&pageSize=5&sort=funnelStatus.overdueForFollowupCount,DESC`,
          AgentPage,
        );
        const rows = page.content.filter((a) => a.funnelStatus.stages.overdueForFollowup.count > 0);
        overdue.push(...rows.map((a) => ({ id: a.id, count: a.funnelStatus.stages.overdueForFollowup.count })));
        if (rows.length < page.content.length || page.content.length === 0) break;
      }
      expect(overdue.length).toBeGreaterThan(0);
      // Every agent the widget lists is in the list its link opens, first and in the same order (whatever their status).
      expect(list.content.slice(0, overdue.length).map((a) => a.id)).toEqual(overdue.map((a) => a.id));
      const totals = await Promise.all(
        overdue.map(async (a) => ({
          ...a,
          total: await referralsTotal(who(), `agentId=${a.id}&followupType=OVERDUE`),
        })),
      );
      expect(totals.filter((a) => a.total !== a.count)).toEqual([]);
      // The agents' overdue counts add up to the Overdue for Follow-Up tile (both products).
      const stats = await get(who(), `/agents-api/brokerages/${b}/stats?product=COMBINED`, BrokerageStats);
      expect(overdue.reduce((n, a) => n + a.count, 0)).toBe(stats.overdueForFollowUp);
    },
  );
});
