import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { REFERRAL_STAGES } from '../../../src/contract/brokerages.ts';
import {
  LeadType,
  type LeadProgressionStats,
  type LeadSourceCount,
  type OpportunityStatusStats,
  type ReferralStageStats,
} from '../../../src/contract/interviews.ts';
import { PROGRESSION_STEP_STATUSES } from '../../../src/lib/opportunity-status.ts';
import { BrokerageIdParams, ProductParam, productsOf, readableBrokerage } from '../../http/brokerage-scope.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { params, query } from '../../http/validate.ts';
import { stagesOf } from '../agents-api/broker-referrals.ts';
import { round2 } from '../agents-api/brokerage-figures.ts';
import { DEFAULT_LEAD_PRODUCT, keptLeadsOf } from './iris-leads.ts';

const ProductQuery = v.object({ product: ProductParam });
const StatusQuery = v.object({ product: ProductParam, leadType: v.optional(LeadType) });

const pct = (part: number, whole: number) => (whole === 0 ? 0 : round2((100 * part) / whole));

export const leadStatsRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/broker-leads/:brokerageId{[0-9]+}/opportunityStatusStats',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { brokerageId } = params(c, BrokerageIdParams);
      const { product = DEFAULT_LEAD_PRODUCT, leadType = 'ALL' } = query(c, StatusQuery);
      await readableBrokerage(c, brokerageId);
      let q = keptLeadsOf(c.get('db'), brokerageId, product);
      if (leadType !== 'ALL') q = q.where('lead_type', '=', leadType);
      const rows = await q
        .select(['status', (eb) => eb.fn.sum<number>('n').as('n')])
        .groupBy('status')
        .having((eb) => eb.fn.sum('n'), '>', 0)
        .orderBy('n', 'desc')
        .orderBy('status')
        .execute();
      return c.json(rows.map((r) => ({ status: r.status, count: Number(r.n) })) satisfies OpportunityStatusStats);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/broker-leads/leadSourceCount/:brokerageId{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { brokerageId } = params(c, BrokerageIdParams);
      const { product = DEFAULT_LEAD_PRODUCT } = query(c, ProductQuery);
      await readableBrokerage(c, brokerageId);
      // Grouped by the integer supplier id first; the names join the five or so groups afterwards.
      const counts = keptLeadsOf(c.get('db'), brokerageId, product)
        .where('supplier_key', '<>', 0)
        .select([
          'supplier_key',
          (eb) => eb.fn.sum<number>('n').as('leads'),
          sql<number>`coalesce(sum(n) filter (where assigned), 0)`.as('assigned'),
          sql<number>`coalesce(sum(n) filter (where status = 'CLOSED'), 0)`.as('closed'),
        ])
        .groupBy('supplier_key')
        .having((eb) => eb.fn.sum('n'), '>', 0);
      const rows = await c
        .get('db')
        .selectFrom(counts.as('c'))
        .innerJoin('lead_suppliers as s', 's.id', 'c.supplier_key')
        .select(['s.name', 'c.leads', 'c.assigned', 'c.closed'])
        .orderBy('c.leads', 'desc')
        .orderBy('s.name')
        .execute();
      const body: LeadSourceCount = rows.map((r) => {
        const [leads, assigned, closed] = [Number(r.leads), Number(r.assigned), Number(r.closed)];
        return {
          supplierName: r.name,
          leadSuppliedCount: leads,
          assignedReferralRate: pct(assigned, leads),
          closedReferralRate: pct(closed, leads),
          assignedReferralCount: assigned,
          closedReferralCount: closed,
        };
      });
      return c.json(body);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/broker-leads/:brokerageId{[0-9]+}/referralStageStats',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { brokerageId } = params(c, BrokerageIdParams);
      const { product = DEFAULT_LEAD_PRODUCT } = query(c, ProductQuery);
      await readableBrokerage(c, brokerageId);
      // Kept per brokerage, product, type and stage (referral_stage_counts, migration 061).
      const rows = await c
        .get('db')
        .selectFrom('referral_stage_counts')
        .select(['stage', (eb) => eb.fn.sum<number>('n').as('n')])
        .where('brokerage_id', '=', brokerageId)
        .where('product', 'in', productsOf(product))
        .groupBy('stage')
        .execute();
      const counts = new Map(rows.map((r) => [r.stage, Number(r.n)]));
      // Each stage's count is the total of its My Referrals link (s=stage): the stages stagesOf gives that
      // link, so Closed counts Leased too, as the sales funnel's Closed does.
      return c.json(
        REFERRAL_STAGES.map((stage) => ({
          stage,
          count: stagesOf(stage, undefined).reduce((n, s) => n + (counts.get(s) ?? 0), 0),
        })) satisfies ReferralStageStats,
      );
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/broker-leads/:brokerageId{[0-9]+}/lead-progression-stats',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { brokerageId } = params(c, BrokerageIdParams);
      const { product = DEFAULT_LEAD_PRODUCT } = query(c, ProductQuery);
      await readableBrokerage(c, brokerageId);
      // Cumulative: a lead that got further counts in every earlier step. The linked steps count the statuses
      // their My Leads link filters by (PROGRESSION_STEP_STATUSES), so the figure is the list's total.
      const inStatuses = (list: readonly string[]) => sql`status in (${sql.join(list.map((x) => sql.lit(x)))})`;
      const closed = inStatuses(PROGRESSION_STEP_STATUSES.closed);
      const assigned = inStatuses(PROGRESSION_STEP_STATUSES.assigned);
      const qualified = sql`(qualified or ${assigned})`;
      const rows = await keptLeadsOf(c.get('db'), brokerageId, product)
        .select([
          'lead_type',
          (eb) => eb.fn.sum<number>('n').as('total'),
          sql<number>`coalesce(sum(n) filter (where responded or ${qualified}), 0)`.as('responded'),
          sql<number>`coalesce(sum(n) filter (where ${qualified}), 0)`.as('qualified'),
          sql<number>`coalesce(sum(n) filter (where ${assigned}), 0)`.as('assigned'),
          sql<number>`coalesce(sum(n) filter (where ${closed}), 0)`.as('closed'),
        ])
        .groupBy('lead_type')
        .execute();
      const of = (types: string[]) => {
        const sum = (k: 'total' | 'responded' | 'qualified' | 'assigned' | 'closed') =>
          rows.filter((r) => types.includes(r.lead_type)).reduce((s, r) => s + Number(r[k]), 0);
        return {
          totalLeads: sum('total'),
          respondedLeads: sum('responded'),
          qualifiedLeads: sum('qualified'),
          assignedLeads: sum('assigned'),
          closedLeads: sum('closed'),
        };
      };
      const body: LeadProgressionStats = {
        data: { allLeads: of(['NEW', 'AGED']), newLeads: of(['NEW']), agedLeads: of(['AGED']) },
      };
      return c.json(body);
    },
  }),
];
