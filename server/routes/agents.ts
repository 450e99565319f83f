import { sql } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../db/database.ts';
import { daysSinceSql, overduePredicate } from '../db/overdue.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { assertAgent, brokerageOf, isStaff } from '../http/ownership.ts';
import { route, STAFF, type RouteDef } from '../http/route.ts';
import { IdParams, jsonBody, params } from '../http/validate.ts';

const AGENT_READERS = [...STAFF, 'CSR', 'BROKERAGE_ADMIN', 'AGENT'] as const;

export function displayName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name.length > 0 ? name : null;
}

export async function agentView(db: Db, id: number, now: Date) {
  const a = await db.selectFrom('agents as a')
    .leftJoin('referrals as r', (j) => j.onRef('r.agent_id', '=', 'a.id').on(overduePredicate('r', now)))
    .select(['a.id', 'a.brokerage_id', 'a.first_name', 'a.last_name', 'a.email', 'a.phone', 'a.status',
      'a.display_score', 'a.agent_desktop_last_accessed', 'a.created_at',
      sql<number>`count(r.id)::int`.as('overdue'),
      sql<number>`coalesce(max(${daysSinceSql('r', now)}), 0)::int`.as('max_days')])
    .where('a.id', '=', id).groupBy('a.id').executeTakeFirst();
  if (!a) throw notFound('No such agent');
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

const PatchAgent = v.strictObject({
  agentDesktopLastAccessed: v.optional(v.pipe(v.string(), v.isoTimestamp('agentDesktopLastAccessed must be an ISO time'))),
}, 'unknown field');

export const agentRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/agents-api/agents/boost', policy: ['AGENT', 'BROKERAGE_ADMIN', ...STAFF],
    handler: async (c) => {
      const brokerageId = await brokerageOf(c.var.db, c.var.auth.user);
      const b = brokerageId === null ? undefined : await c.var.db.selectFrom('brokerages')
        .select(['boost_enabled', 'boost_percentage']).where('id', '=', brokerageId).executeTakeFirst();
      return c.json({ enabled: b?.boost_enabled ?? false, boostPercentage: b?.boost_percentage ?? 0 });
    },
  }),
  route({
    method: 'GET', path: '/agents-api/appVersion', policy: 'signed-in',
    handler: async (c) => {
      const rows = await c.var.db.selectFrom('app_versions').select(['env', 'device_type', 'version']).orderBy('device_type').execute();
      return c.json(rows.map((r) => ({ env: r.env, deviceType: r.device_type, version: r.version })));
    },
  }),
  route({
    method: 'GET', path: '/agents-api/agents/:id{[0-9]+}', policy: AGENT_READERS,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.var.db, c.var.auth.user, id);
      return c.json(await agentView(c.var.db, id, c.var.now()));
    },
  }),
  route({
    method: 'PATCH', path: '/agents-api/agents/:id{[0-9]+}', policy: ['AGENT', 'BROKERAGE_ADMIN', ...STAFF],
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user } = c.var.auth;
      await assertAgent(c.var.db, user, id);
      const body = await jsonBody(c, PatchAgent);
      if (body.agentDesktopLastAccessed !== undefined) {
        // The desktop access time is the agent's own record (spec 1 section 6).
        if (user.agentId !== id && !isStaff(user)) throw forbidden('Only the agent records their own access time');
        await c.var.db.updateTable('agents').set({ agent_desktop_last_accessed: new Date(body.agentDesktopLastAccessed) })
          .where('id', '=', id).execute();
      }
      return c.json(await agentView(c.var.db, id, c.var.now()));
    },
  }),
];
