import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import type { Referral } from '../../../src/contract/brokerages.ts';
import type { Page } from '../../../src/contract/common.ts';
import type { Db } from '../../db/database.ts';
import { daysSinceSql, overduePredicate } from '../../db/overdue.ts';
import { notFound } from '../../http/errors.ts';
import { assertBrokerage } from '../../http/ownership.ts';
import { countOf, Sort } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, Paging, params, query } from '../../http/validate.ts';
import { displayName } from './agents.ts';

// A brokerage's referrals for the staff console's brokerage view (and a brokerage admin's own), and
// the referral shape the force assignment answers with. An agent's referrals (list, one, events,
// notes, writes) live in agent-referrals.ts.

const STAGES = [
  'AWAITING_FOLLOWUP',
  'SPOKEN_WITH',
  'SHOWN_HOMES',
  'MET_WITH_SELLER',
  'OFFER_MADE',
  'LISTED_HOME',
  'UNDER_CONTRACT',
  'CLOSED',
  'LEASED',
  'LONG_TERM_HOLD',
  'REMOVED',
] as const;

const ListQuery = v.object({
  ...Paging,
  stage: v.optional(v.picklist(STAGES, 'stage must be a referral stage')),
  type: v.optional(v.picklist(['BUYER', 'SELLER', 'RENTAL'], 'type must be BUYER, SELLER or RENTAL')),
  followupType: v.optional(v.picklist(['OVERDUE', 'UP_TO_DATE'], 'followupType must be OVERDUE or UP_TO_DATE')),
  sort: Sort(['updated', 'created', 'stage', 'name'], 'updated,DESC'),
});
type ListFilter = v.InferOutput<typeof ListQuery>;
const SORT_COLUMNS = {
  updated: sql`r.updated_at`,
  created: sql`r.created_at`,
  stage: sql`r.stage`,
  name: sql`lower(r.prospect_last)`,
};

export const referralQuery = (db: Db, now: Date) =>
  db
    .selectFrom('referrals as r')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .selectAll('r')
    .select([
      'a.first_name as agent_first',
      'a.last_name as agent_last',
      overduePredicate('r', now).as('overdue'),
      daysSinceSql('r', now).as('days_since'),
    ]);
type ReferralRow = Awaited<ReturnType<ReturnType<typeof referralQuery>['execute']>>[number];

export const referralView = (r: ReferralRow): Referral => ({
  id: r.id,
  agentId: r.agent_id,
  agentName: displayName(r.agent_first, r.agent_last),
  brokerageId: r.brokerage_id,
  opportunityId: r.opportunity_id,
  product: r.product,
  type: r.type,
  stage: r.stage,
  prospect: {
    name: { first: r.prospect_first, last: r.prospect_last },
    phone: r.prospect_phone,
    email: r.prospect_email,
  },
  priceCents: r.price_cents,
  details: { referralSale: { dateOfSale: r.date_of_sale, salePriceCents: r.sale_price_cents } },
  removalReason: r.removal_reason,
  overdue: r.overdue,
  daysOverdue: r.overdue ? Math.max(0, r.days_since) : 0,
  created: r.created_at.toISOString(),
  updated: r.updated_at.toISOString(),
});

async function listReferrals(db: Db, now: Date, brokerageId: number, q: ListFilter) {
  const filtered = () =>
    db
      .selectFrom('referrals as r')
      .where('r.brokerage_id', '=', brokerageId)
      .$if(q.stage !== undefined, (qb) => qb.where('r.stage', '=', q.stage ?? ''))
      .$if(q.type !== undefined, (qb) => qb.where('r.type', '=', q.type ?? ''))
      .$if(q.followupType === 'OVERDUE', (qb) => qb.where(overduePredicate('r', now)))
      .$if(q.followupType === 'UP_TO_DATE', (qb) => qb.where(sql<boolean>`not ${overduePredicate('r', now)}`))
      .select('r.id');
  const [totalElements, rows] = await Promise.all([
    countOf(db.selectFrom(filtered().as('f')).select((eb) => eb.fn.countAll<number>().as('n'))),
    referralQuery(db, now)
      .where('r.id', 'in', filtered())
      .orderBy(SORT_COLUMNS[q.sort.key], q.sort.desc ? 'desc' : 'asc')
      .orderBy('r.id', 'desc')
      .offset(q.pageIndex * q.pageSize)
      .limit(q.pageSize)
      .execute(),
  ]);
  return { content: rows.map(referralView), totalElements };
}

export const brokerageReferralRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}/referrals',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      assertBrokerage(c.get('auth').user, id);
      const q = query(c, ListQuery);
      const exists = await c.get('db').selectFrom('brokerages').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw notFound('No such brokerage');
      return c.json((await listReferrals(c.get('db'), c.get('now')(), id, q)) satisfies Page<Referral>);
    },
  }),
];
