import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

import { AGENT_RECORD_ROLES } from '../../../src/access/roles.ts';
import type {
  AgentFunnel,
  AgentReferralDetail,
  AgentReferralPage,
  ReferralEventPage,
  ReferralNotePage,
} from '../../../src/contract/referrals.ts';
import { FUNNELS, REFERRAL_STAGES, REFERRAL_TYPES, type ReferralType } from '../../../src/lib/referral-stages.ts';
import { overduePredicate } from '../../db/overdue.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, Paging, params, query } from '../../http/validate.ts';
import { notificationRoutes } from './notifications.ts';
import {
  AGENT_REFERRALS,
  assertAgentScope,
  filledQuery,
  ownReferral,
  referralDetail,
  RefParams,
  selectReferrals,
  toAgentReferral,
  toReferralEvent,
  toReferralNote,
} from './referral-data.ts';
import { agentReferralWriteRoutes } from './referral-writes.ts';

const ListQuery = v.object({
  ...Paging,
  followupType: v.optional(v.picklist(['OVERDUE', 'UP_TO_DATE'], 'must be OVERDUE or UP_TO_DATE')),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters'))),
  sort: v.optional(
    v.picklist(
      ['overdue', 'updated', 'updated,DESC', 'updated,ASC', 'name', 'name,ASC', 'name,DESC'],
      'must be overdue, updated or name',
    ),
    'overdue',
  ),
  // One stage or a comma list of stages (the console's follow-ups pass the open ones).
  stage: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',')),
      v.array(v.picklist(REFERRAL_STAGES, 'must be referral stages')),
    ),
  ),
  type: v.optional(v.picklist(REFERRAL_TYPES, 'must be BUYER, SELLER or RENTAL')),
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The follow-ups' order for `sort`; 'overdue' is the most urgent first (the day sync keeps that order too). */
export function orderBy(sort: string): RawBuilder<unknown> {
  const dir = sort.endsWith(',ASC') ? sql`asc` : sort.endsWith(',DESC') ? sql`desc` : null;
  if (sort.startsWith('updated')) return sql`r.updated_at ${dir ?? sql`desc`}, r.id desc`;
  if (sort.startsWith('name')) {
    return sql`lower(r.prospect_last) ${dir ?? sql`asc`} nulls last, lower(r.prospect_first) ${dir ?? sql`asc`} nulls last, r.id`;
  }
  // Overdue first, most overdue on top; then open referrals before finished ones, newest update first.
  return sql`overdue desc, days_overdue desc, (r.stage in ('CLOSED', 'LEASED', 'REMOVED')) asc, r.updated_at desc, r.id desc`;
}

const pageQuery = v.object(Paging);

export const agentReferralReadRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: AGENT_REFERRALS,
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const q = filledQuery(c, ListQuery);
      await assertAgentScope(c, id, 'read');
      const now = c.get('now')();
      const parts: RawBuilder<unknown>[] = [sql`r.agent_id = ${id}`];
      if (q.stage) parts.push(sql`r.stage in (${sql.join(q.stage)})`);
      if (q.type) parts.push(sql`r.type = ${q.type}`);
      if (q.followupType === 'OVERDUE') parts.push(overduePredicate('r', now));
      if (q.followupType === 'UP_TO_DATE') parts.push(sql`not ${overduePredicate('r', now)}`);
      if (q.q) {
        const like = `%${likeEscape(q.q)}%`;
        const digits = q.q.replace(/\D/g, '');
        parts.push(sql`(coalesce(r.prospect_first, '') || ' ' || coalesce(r.prospect_last, '') ilike ${like}
          or r.prospect_email ilike ${like}
          ${digits.length >= 3 ? sql`or r.prospect_phone like ${`%${digits}%`}` : sql``})`);
      }
      const where = sql<boolean>`${sql.join(parts, sql` and `)}`;
      const [rows, total] = await Promise.all([
        selectReferrals(c.get('db'), now)
          .where(where)
          .orderBy(orderBy(q.sort))
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize)
          .execute(),
        c
          .get('db')
          .selectFrom('referrals as r')
          .select(sql<number>`count(*)::int`.as('n'))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      const body: AgentReferralPage = { content: rows.map(toAgentReferral), totalElements: total.n };
      return c.json(body);
    },
  }),
  route({
    method: 'GET',
    path: `${AGENT_REFERRALS}/:refId{[0-9]+}`,
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id, refId } = params(c, RefParams);
      await assertAgentScope(c, id, 'read');
      await ownReferral(c.get('db'), id, refId);
      return c.json((await referralDetail(c.get('db'), refId, c.get('now')())) satisfies AgentReferralDetail);
    },
  }),
  route({
    method: 'GET',
    path: `${AGENT_REFERRALS}/:refId{[0-9]+}/events`,
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id, refId } = params(c, RefParams);
      const { pageIndex, pageSize } = query(c, pageQuery);
      await assertAgentScope(c, id, 'read');
      await ownReferral(c.get('db'), id, refId);
      const base = c.get('db').selectFrom('referral_events as e').where('e.referral_id', '=', refId);
      const [rows, total] = await Promise.all([
        base
          .leftJoin('users as u', 'u.id', 'e.actor_user_id')
          .select([
            'e.id',
            'e.type',
            'e.from_stage',
            'e.to_stage',
            'e.detail',
            'e.created_at',
            'u.first_name',
            'u.last_name',
          ])
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(pageSize)
          .offset(pageIndex * pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const body: ReferralEventPage = {
        content: rows.map(toReferralEvent),
        totalElements: total.n,
      };
      return c.json(body);
    },
  }),
  route({
    method: 'GET',
    path: `${AGENT_REFERRALS}/:refId{[0-9]+}/notes`,
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id, refId } = params(c, RefParams);
      const { pageIndex, pageSize } = query(c, pageQuery);
      await assertAgentScope(c, id, 'read');
      await ownReferral(c.get('db'), id, refId);
      const base = c.get('db').selectFrom('referral_notes as n').where('n.referral_id', '=', refId);
      const [rows, total] = await Promise.all([
        base
          .leftJoin('users as u', 'u.id', 'n.author_user_id')
          .select(['n.id', 'n.body', 'n.created_at', 'u.first_name', 'u.last_name'])
          .orderBy('n.created_at', 'desc')
          .orderBy('n.id', 'desc')
          .limit(pageSize)
          .offset(pageIndex * pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const body: ReferralNotePage = {
        content: rows.map(toReferralNote),
        totalElements: total.n,
      };
      return c.json(body);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}/funnel',
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgentScope(c, id, 'read');
      const rows = await c
        .get('db')
        .selectFrom('referrals as r')
        .select([
          'r.type',
          'r.stage',
          sql<number>`count(*)::int`.as('count'),
          sql<number>`(count(*) filter (where ${overduePredicate('r', c.get('now')())}))::int`.as('overdue'),
        ])
        .where('r.agent_id', '=', id)
        .groupBy(['r.type', 'r.stage'])
        .execute();
      const of = (type: ReferralType) => {
        const mine = rows.filter((r) => r.type === type);
        const at = (stage: string) => mine.find((r) => r.stage === stage);
        return {
          stages: [...FUNNELS[type], 'LONG_TERM_HOLD' as const].map((stage) => ({
            stage,
            count: at(stage)?.count ?? 0,
            overdue: at(stage)?.overdue ?? 0,
          })),
          removed: at('REMOVED')?.count ?? 0,
          total: mine.reduce((s, r) => s + r.count, 0),
        };
      };
      const body: AgentFunnel = { agentId: id, seller: of('SELLER'), buyer: of('BUYER'), rental: of('RENTAL') };
      return c.json(body);
    },
  }),
];

/** The agent app's routes: the agent's referrals, their writes, and agent notifications. */
export const agentAppRoutes: RouteDef[] = [
  ...agentReferralReadRoutes,
  ...agentReferralWriteRoutes,
  ...notificationRoutes,
];
