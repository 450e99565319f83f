import * as v from 'valibot';

import { AGENT_RECORD_ROLES, BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import type { Agent, AppVersions, BoostStatus, LeaderboardRow } from '../../../src/contract/agents.ts';
import { isoTimeAsDate, type Page } from '../../../src/contract/common.ts';
import { personName } from '../../../src/lib/format.ts';
import type { Db } from '../../db/database.ts';
import { brokerageFromQuery, sortParam } from '../../http/brokerage-scope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { assertAgent, assertAgentRow, brokerageOf, isProviderUser } from '../../http/ownership.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import {
  AGENT_SORT_KEYS,
  AGENT_STATUSES,
  agentPage,
  agentRows,
  countAgents,
  LEADERBOARD_SORT_KEYS,
  leaderboardRows,
  type AgentRow,
} from './agent-queries.ts';

/** An agent's display name; null when both parts are missing. */
export const displayName = (first: string | null, last: string | null): string | null => personName(first, last, null);

export function toAgentView(a: AgentRow): Agent {
  return {
    id: a.id,
    brokerageId: a.brokerage_id,
    name: { first: a.first_name, last: a.last_name, display: displayName(a.first_name, a.last_name) },
    email: a.email,
    phone: a.phone,
    status: a.status,
    agentDisplayScore: a.display_score,
    agentDesktopLastAccessed: a.agent_desktop_last_accessed?.toISOString() ?? null,
    created: a.created_at.toISOString(),
    funnelStatus: { stages: { overdueForFollowup: { count: a.overdue }, maxDaysOverdue: { count: a.max_days } } },
  };
}

export async function agentView(db: Db, id: number, now: Date): Promise<Agent> {
  const [a] = await agentRows(db, now, [id]);
  if (!a) throw notFound('No such agent');
  return toAgentView(a);
}

const isAgentStatus = (s: string) => (AGENT_STATUSES as readonly string[]).includes(s);
const StatusList = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => x.trim())),
  v.check((list) => list.every(isAgentStatus), `must be statuses among ${AGENT_STATUSES.join(', ')}, comma separated`),
);

const ListQuery = v.object({
  brokerageId: v.optional(Id),
  ...Paging,
  sort: sortParam(AGENT_SORT_KEYS, 'name.last,ASC'),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  status: v.optional(StatusList),
});

const LeaderboardQuery = v.object({
  brokerageId: v.optional(Id),
  pageIndex: Paging.pageIndex,
  pageSize: v.optional(Paging.pageSize, '5'),
  sort: sortParam(LEADERBOARD_SORT_KEYS, 'agentDisplayScore,DESC'),
});

const PatchAgent = v.strictObject(
  {
    agentDesktopLastAccessed: v.optional(
      isoTimeAsDate('agentDesktopLastAccessed must be an ISO time that the calendar has'),
    ),
  },
  'unknown field',
);

export const agentRoutes: RouteDef[] = [
  route({
    // Staff without a brokerageId list every brokerage's agents; a brokerage admin only their own.
    method: 'GET',
    path: '/agents-api/agents',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const brokerageId =
        q.brokerageId === undefined && isProviderUser(c.get('auth').user)
          ? undefined
          : (await brokerageFromQuery(c, q.brokerageId)).id;
      const filter = { brokerageId, ...(q.name ? { name: q.name } : {}), ...(q.status ? { statuses: q.status } : {}) };
      const [rows, totalElements] = await Promise.all([
        agentPage(c.get('db'), c.get('now')(), filter, q.sort, { offset: q.pageIndex * q.pageSize, limit: q.pageSize }),
        countAgents(c.get('db'), filter),
      ]);
      return c.json({ content: rows.map(toAgentView), totalElements } satisfies Page<Agent>);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/leaderboard',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, LeaderboardQuery);
      const brokerage = await brokerageFromQuery(c, q.brokerageId);
      const { rows, total } = await leaderboardRows(c.get('db'), brokerage.id, c.get('now')(), q.sort, {
        offset: q.pageIndex * q.pageSize,
        limit: q.pageSize,
      });
      const content = rows.map((r): LeaderboardRow => ({
        agentId: r.id,
        name: displayName(r.first_name, r.last_name),
        agentDisplayScore: r.display_score,
        closings: r.closings,
        revenue: Math.round(r.revenue_cents / 100),
        last7ResponseTime: r.rt7,
        last30ResponseTime: r.rt30,
      }));
      return c.json({ content, totalElements: total } satisfies Page<LeaderboardRow>);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/boost',
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const brokerageId = await brokerageOf(c.get('db'), c.get('auth').user);
      const b =
        brokerageId === null
          ? undefined
          : await c
              .get('db')
              .selectFrom('brokerages')
              .select(['boost_enabled', 'boost_percentage'])
              .where('id', '=', brokerageId)
              .executeTakeFirst();
      return c.json({
        enabled: b?.boost_enabled ?? false,
        boostPercentage: b?.boost_percentage ?? 0,
      } satisfies BoostStatus);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/appVersion',
    policy: 'signed-in',
    handler: async (c) => {
      const rows = await c
        .get('db')
        .selectFrom('app_versions')
        .select(['env', 'device_type', 'version'])
        .orderBy('device_type')
        .execute();
      return c.json(
        rows.map((r) => ({ env: r.env, deviceType: r.device_type, version: r.version })) satisfies AppVersions,
      );
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}',
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      // The row first, then the ownership rule on its brokerage (one query where assertAgent made two).
      const [a] = await agentRows(c.get('db'), c.get('now')(), [id]);
      assertAgentRow(c.get('auth').user, id, a && { brokerageId: a.brokerage_id });
      return c.json(toAgentView(a!) satisfies Agent);
    },
  }),
  route({
    method: 'PATCH',
    path: '/agents-api/agents/:id{[0-9]+}',
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user } = c.get('auth');
      await assertAgent(c.get('db'), user, id);
      const body = await jsonBody(c, PatchAgent);
      if (body.agentDesktopLastAccessed !== undefined) {
        // The desktop access time is the agent's own record (spec 1 section 6).
        if (user.agentId !== id && !isProviderUser(user))
          throw forbidden('Only the agent records their own access time');
        await c
          .get('db')
          .updateTable('agents')
          .set({ agent_desktop_last_accessed: body.agentDesktopLastAccessed })
          .where('id', '=', id)
          .execute();
      }
      return c.json((await agentView(c.get('db'), id, c.get('now')())) satisfies Agent);
    },
  }),
];
