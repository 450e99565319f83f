import { sql } from 'kysely';
import * as v from 'valibot';

import { AGENT_RECORD_ROLES, STAFF_ROLES } from '../../../src/access/roles.ts';
import {
  AdminHoldBody,
  AGENT_STATUSES,
  NewCoverageArea,
  type AdminHoldReason,
  type AgentAdminHolds,
  type CoverageArea,
} from '../../../src/contract/agents.ts';
import type { DeleteResult } from '../../../src/contract/common.ts';
import { enumLabel } from '../../../src/contract/labels.ts';
import { formatScore } from '../../../src/lib/format.ts';
import type { Db } from '../../db/database.ts';
import { csvResponse } from '../../http/csv.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertAgent } from '../../http/ownership.ts';
import { IdParam, likeWildcard, TextParam } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, params, query } from '../../http/validate.ts';

// Agent view extras for staff: admin hold reasons, coverage areas, and the agents CSV export.
// The paged agents list itself (GET /agents-api/agents) lives in agents.ts.

const HoldParams = v.object({ id: Id, reasonId: Id });
const AreaParams = v.object({ id: Id, areaId: Id });
const ExportFilters = v.object({
  name: TextParam(),
  status: v.optional(v.picklist(AGENT_STATUSES, 'status must be an agent status')),
  brokerageId: IdParam,
});

async function holdsOf(db: Db, agentId: number): Promise<AgentAdminHolds> {
  const agent = await db.selectFrom('agents').select('status').where('id', '=', agentId).executeTakeFirst();
  if (!agent) throw notFound('No such agent');
  const rows = await db
    .selectFrom('agent_admin_holds as h')
    .innerJoin('admin_hold_reasons as r', 'r.id', 'h.reason_id')
    .select(['h.reason_id', 'r.name', 'h.created_by', 'h.created_at'])
    .where('h.agent_id', '=', agentId)
    .orderBy('h.created_at')
    .execute();
  return {
    agentId,
    status: agent.status,
    holds: rows.map((h) => ({
      reasonId: h.reason_id,
      name: h.name,
      createdBy: h.created_by,
      created: h.created_at.toISOString(),
    })),
  };
}

const areaView = (a: {
  id: number;
  agent_id: number;
  zip: string | null;
  city: string | null;
  state: string | null;
  created_at: Date;
}): CoverageArea => ({
  id: a.id,
  agentId: a.agent_id,
  zip: a.zip,
  city: a.city,
  state: a.state,
  created: a.created_at.toISOString(),
});

export const agentAdminRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/adminHoldReasons',
    policy: STAFF_ROLES,
    handler: async (c) =>
      c.json(
        (await c
          .get('db')
          .selectFrom('admin_hold_reasons')
          .select(['id', 'name', 'active'])
          .where('active', '=', true)
          .orderBy('name')
          .execute()) satisfies AdminHoldReason[],
      ),
  }),
  route({
    handler: async (c) => c.json((await holdsOf(c.get('db'), params(c, IdParams).id)) satisfies AgentAdminHolds),
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}/adminHoldReason',
    policy: STAFF_ROLES,
  }),
  route({
    method: 'POST',
    path: '/agents-api/agents/:id{[0-9]+}/adminHoldReason',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { reasonId } = await jsonBody(c, AdminHoldBody);
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const agent = await trx
            .selectFrom('agents')
            .select('status')
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!agent) throw notFound('No such agent');
          const reason = await trx
            .selectFrom('admin_hold_reasons')
            .select('name')
            .where('id', '=', reasonId)
            .where('active', '=', true)
            .executeTakeFirst();
          if (!reason)
            throw badRequest('Unknown admin hold reason', {
              reasonId: 'This reason is no longer offered; choose another.',
            });
          const added = await trx
            .insertInto('agent_admin_holds')
            .values({
              agent_id: id,
              reason_id: reasonId,
              status_before: agent.status === 'ADMIN_HOLD' ? 'ACTIVE' : agent.status,
              created_by: c.get('auth').user.id,
              created_at: c.get('now')(),
            })
            .onConflict((oc) => oc.columns(['agent_id', 'reason_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
          // A second staff member may have added it meanwhile: the form shows it beside the reason.
          if (!added)
            throw conflict('The agent already has that admin hold reason', {
              reasonId: `${reason.name}: the agent is already on hold for this reason.`,
            });
          await trx.updateTable('agents').set({ status: 'ADMIN_HOLD' }).where('id', '=', id).execute();
        });
      return c.json((await holdsOf(c.get('db'), id)) satisfies AgentAdminHolds, 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/agents-api/agents/:id{[0-9]+}/adminHoldReason/:reasonId{[0-9]+}',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id, reasonId } = params(c, HoldParams);
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const holds = await trx
            .selectFrom('agent_admin_holds')
            .select(['reason_id', 'status_before'])
            .where('agent_id', '=', id)
            .orderBy('created_at')
            .orderBy('id')
            .forUpdate()
            .execute();
          if (!holds.some((h) => h.reason_id === reasonId)) throw notFound('The agent has no such admin hold reason');
          await trx
            .deleteFrom('agent_admin_holds')
            .where('agent_id', '=', id)
            .where('reason_id', '=', reasonId)
            .execute();
          // Lifting the last hold gives the agent back the status they had before the first one.
          if (holds.length === 1)
            await trx.updateTable('agents').set({ status: holds[0]!.status_before }).where('id', '=', id).execute();
        });
      return c.json((await holdsOf(c.get('db'), id)) satisfies AgentAdminHolds);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}/coverageAreas',
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const rows = await c
        .get('db')
        .selectFrom('agent_coverage_areas')
        .selectAll()
        .where('agent_id', '=', id)
        .orderBy('id')
        .execute();
      return c.json(rows.map(areaView) satisfies CoverageArea[]);
    },
  }),
  route({
    method: 'POST',
    path: '/agents-api/agents/:id{[0-9]+}/coverageAreas',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const a = await jsonBody(c, NewCoverageArea);
      const row = await c
        .get('db')
        .insertInto('agent_coverage_areas')
        .values({
          agent_id: id,
          zip: a.zip ?? null,
          city: a.city ?? null,
          state: a.state ?? null,
          created_at: c.get('now')(),
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        throw conflict(
          'The agent already covers that area',
          a.zip !== undefined
            ? { zip: `This agent already covers ZIP ${a.zip}` }
            : { city: `This agent already covers ${a.city}, ${a.state}` },
        );
      }
      return c.json(areaView(row) satisfies CoverageArea, 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/agents-api/agents/:id{[0-9]+}/coverageAreas/:areaId{[0-9]+}',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id, areaId } = params(c, AreaParams);
      const res = await c
        .get('db')
        .deleteFrom('agent_coverage_areas')
        .where('id', '=', areaId)
        .where('agent_id', '=', id)
        .executeTakeFirst();
      if (res.numDeletedRows === 0n) throw notFound('The agent has no such coverage area');
      return c.json({ deleted: 1 } satisfies DeleteResult);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/export.csv',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const f = query(c, ExportFilters);
      return csvResponse(c, 'agents', f, {
        header: [
          'Id',
          'First Name',
          'Last Name',
          'Email',
          'Phone',
          'Status',
          'Brokerage',
          'Score',
          'Created',
          'Desktop Last Accessed',
        ],
        batch: (after, size) =>
          c
            .get('db')
            .selectFrom('agents as a')
            .innerJoin('brokerages as b', 'b.id', 'a.brokerage_id')
            .select([
              'a.id',
              'a.first_name',
              'a.last_name',
              'a.email',
              'a.phone',
              'a.status',
              'b.name as brokerage',
              'a.display_score',
              'a.created_at',
              'a.agent_desktop_last_accessed',
            ])
            .$if(Boolean(f.name), (qb) =>
              qb.where(
                sql`lower(concat_ws(' ', a.first_name, a.last_name))`,
                'like',
                likeWildcard((f.name ?? '').toLowerCase()),
              ),
            )
            .$if(f.status !== undefined, (qb) => qb.where('a.status', '=', f.status ?? ''))
            .$if(f.brokerageId !== undefined, (qb) => qb.where('a.brokerage_id', '=', f.brokerageId ?? 0))
            .$if(after !== undefined, (qb) => qb.where('a.id', '>', after ?? 0))
            .orderBy('a.id')
            .limit(size)
            .execute(),
        cursor: (r) => r.id,
        cells: (r) => [
          r.id,
          r.first_name,
          r.last_name,
          r.email,
          r.phone,
          enumLabel('agentStatus', r.status),
          r.brokerage,
          formatScore(r.display_score === null ? null : Number(r.display_score)),
          r.created_at,
          r.agent_desktop_last_accessed,
        ],
      });
    },
  }),
];
