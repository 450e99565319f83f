import * as v from 'valibot';

import { AGENT_RECORD_ROLES, BROKERAGE_READER_ROLES, STAFF_ROLES } from '../../../src/access/roles.ts';
import {
  AGENT_LIFECYCLE_FROM,
  AgentEnrollment,
  AreaZip,
  MlsBoardSelection,
  type Agent,
  type ExcludedArea,
  type MlsBoards,
} from '../../../src/contract/agents.ts';
import type { DeleteResult } from '../../../src/contract/common.ts';
import { signOutEverywhere } from '../../auth/sign-out.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertAgent, assertBrokerage, isProviderUser } from '../../http/ownership.ts';
import { IdParam } from '../../http/paging.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, params, query } from '../../http/validate.ts';
import { agentView } from './agents.ts';

// The agent's lifecycle on the staff agent view: enrolment into a brokerage, the soft
// delete (status DELETED: referrals, notes and history stay readable) and reactivation; the excluded
// ZIP codes beside the coverage areas (the assignment rule, src/lib/assignment-rule.ts, skips an agent
// whose exclusions hold the lead's ZIP); and the MLS boards an agent belongs to.

/** `areaId` of .../excludedAreas/{areaId} is the excluded ZIP itself: an agent excludes a ZIP once. */
const ExclusionParams = v.object({ id: Id, areaId: AreaZip });
const BoardQuery = v.object({
  state: v.optional(
    v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'state must be a two-letter state code')),
  ),
  agentId: IdParam,
});

async function audit(c: AppContext, db: Db, action: string, detail: string) {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: c.get('auth').actor.id,
      as_user_id: c.get('auth').user.id,
      action,
      detail,
      created_at: c.get('now')(),
    })
    .execute();
}

const exclusionView = (r: { id: number; agent_id: number; zip: string; created_at: Date }): ExcludedArea => ({
  id: r.id,
  agentId: r.agent_id,
  zip: r.zip,
  created: r.created_at.toISOString(),
});

async function boardsOf(db: Db, state: string | undefined, agentId: number | undefined): Promise<MlsBoards> {
  const rows = await db
    .selectFrom('mls_boards as m')
    .select(['m.id', 'm.code', 'm.name', 'm.state'])
    .select((eb) =>
      (agentId === undefined
        ? eb.val(false)
        : eb.exists(
            eb
              .selectFrom('agent_mls_boards as s')
              .select('s.agent_id')
              .whereRef('s.mls_board_id', '=', 'm.id')
              .where('s.agent_id', '=', agentId),
          )
      ).as('selected'),
    )
    .$if(state !== undefined, (b) => b.where('m.state', '=', state!))
    .orderBy('m.state')
    .orderBy('m.name')
    .execute();
  return rows.map((r) => ({ ...r, selected: Boolean(r.selected) }));
}

/** The statuses each step starts from: the contract's rule, which the console reads too. */
const LIFECYCLE_FROM = {
  PAUSED: AGENT_LIFECYCLE_FROM.pause,
  DEACTIVATED: AGENT_LIFECYCLE_FROM.deactivate,
  DELETED: AGENT_LIFECYCLE_FROM.delete,
  ACTIVE: AGENT_LIFECYCLE_FROM.reactivate,
} satisfies Record<string, readonly string[]>;
const AUDIT_ACTION = {
  PAUSED: 'AGENT_PAUSED',
  DEACTIVATED: 'AGENT_DEACTIVATED',
  DELETED: 'AGENT_DELETED',
  ACTIVE: 'AGENT_REACTIVATED',
} as const;
const REFUSAL = {
  PAUSED: 'Only an active agent can be paused',
  DEACTIVATED: 'Only a working agent can be deactivated',
  DELETED: 'The agent is already deleted',
  ACTIVE: 'Only a paused, deactivated or deleted agent can be reactivated',
} as const;

/**
 * One lifecycle step under a row lock, with its audit row. Deactivate and Delete end the agent's
 * sessions and disable their sign-in (that part cannot be undone: the console confirms first);
 * Pause keeps it; Reactivate brings back ACTIVE (ADMIN_HOLD while admin holds remain) and the sign-in.
 */
async function changeStatus(c: AppContext, to: keyof typeof LIFECYCLE_FROM) {
  const { id } = params(c, IdParams);
  await assertAgent(c.get('db'), c.get('auth').user, id);
  const now = c.get('now')();
  await c
    .get('db')
    .transaction()
    .execute(async (trx) => {
      const agent = await trx
        .selectFrom('agents')
        .select('status')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (!(LIFECYCLE_FROM[to] as readonly string[]).includes(agent.status)) {
        throw conflict(to === 'DELETED' ? REFUSAL.DELETED : `${REFUSAL[to]}; this one is ${agent.status}`);
      }
      let status: string = to;
      if (to === 'ACTIVE') {
        const held = await trx
          .selectFrom('agent_admin_holds')
          .select('id')
          .where('agent_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (held) status = 'ADMIN_HOLD';
      }
      await trx.updateTable('agents').set({ status }).where('id', '=', id).execute();
      if (to === 'DELETED' || to === 'DEACTIVATED') {
        await trx
          .updateTable('users')
          .set({ status: 'DISABLED', disabled_reason: to === 'DELETED' ? 'AGENT_DELETED' : 'AGENT_DEACTIVATED' })
          .where('agent_id', '=', id)
          .where('status', '=', 'ACTIVE')
          .execute();
        // Every sign-in of the agent ends: tokens, phones' push subscriptions, live streams.
        const users = await trx.selectFrom('users').select('id').where('agent_id', '=', id).execute();
        await signOutEverywhere(trx, { userIds: users.map((u) => u.id) }, now);
      } else if (to === 'ACTIVE') {
        // Only the sign-in that went with the record comes back: one disabled by someone who changes users
        // (DELETE /users-api/users/:id, disabled_reason USER_REMOVED) stays off.
        await trx
          .updateTable('users')
          .set({ status: 'ACTIVE', disabled_reason: null })
          .where('agent_id', '=', id)
          .where('status', '=', 'DISABLED')
          .where((eb) => eb.or([eb('disabled_reason', 'is', null), eb('disabled_reason', '<>', 'USER_REMOVED')]))
          .execute();
      }
      await audit(c, trx, AUDIT_ACTION[to], `agent ${id} (was ${agent.status})`);
    });
  return c.json((await agentView(c.get('db'), id, now)) satisfies Agent);
}

export const agentLifecycleRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/agents-api/agents/enrollment',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, AgentEnrollment);
      assertBrokerage(c.get('auth').user, body.brokerageId);
      const now = c.get('now')();
      const email = body.email.toLowerCase();
      const agentId = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const brokerage = await trx
            .selectFrom('brokerages')
            .select('id')
            .where('id', '=', body.brokerageId)
            .forUpdate()
            .executeTakeFirst();
          if (!brokerage) throw badRequest('No such brokerage', { brokerageId: 'No such brokerage' });
          if (await trx.selectFrom('users').select('id').where('phone', '=', body.phone).executeTakeFirst()) {
            throw conflict('This phone number already has an account.', {
              phone: 'This phone number already has an account.',
            });
          }
          // A brokerage admin learns only of their own agents: another brokerage's agent with this email is
          // no conflict for them (no oracle of other brokerages' agents). Staff see all.
          const sameEmail = await trx
            .selectFrom('agents')
            .select('id')
            .where('email', '=', email)
            .where('status', '<>', 'DELETED')
            .$if(!isProviderUser(c.get('auth').user), (q) => q.where('brokerage_id', '=', body.brokerageId))
            .executeTakeFirst();
          if (sameEmail)
            throw conflict('An agent with this email is already enrolled.', {
              email: 'An agent with this email is already enrolled.',
            });
          const agent = await trx
            .insertInto('agents')
            .values({
              brokerage_id: body.brokerageId,
              first_name: body.firstName,
              last_name: body.lastName,
              email,
              phone: body.phone,
              status: 'ACTIVE',
              display_score: null,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // The agent signs in on the agent host with their phone and a one-time code (no password).
          const user = await trx
            .insertInto('users')
            .values({
              email: null,
              phone: body.phone,
              first_name: body.firstName,
              last_name: body.lastName,
              password_hash: null,
              status: 'ACTIVE',
              agent_id: agent.id,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const role = await trx.selectFrom('roles').select('id').where('name', '=', 'AGENT').executeTakeFirstOrThrow();
          await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id, position: 0 }).execute();
          await audit(c, trx, 'AGENT_ENROLLED', `agent ${agent.id} into brokerage ${body.brokerageId}`);
          return agent.id;
        });
      return c.json((await agentView(c.get('db'), agentId, now)) satisfies Agent, 201);
    },
  }),
  route({
    // A soft delete: the agent leaves every list that hides DELETED agents and the assignment rule
    // passes them by; their referrals, notes and history stay readable. Their sign-in is disabled.
    method: 'DELETE',
    path: '/agents-api/agents/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: (c) => changeStatus(c, 'DELETED'),
  }),
  route({
    // Off work for a while: no new referrals (the assignment rule wants ACTIVE), the sign-in stays.
    method: 'PATCH',
    path: '/agents-api/agents/:id{[0-9]+}/pause',
    policy: BROKERAGE_READER_ROLES,
    handler: (c) => changeStatus(c, 'PAUSED'),
  }),
  route({
    // Out of the brokerage's work, still listed (Deactivated): no new referrals and no sign-in.
    method: 'PATCH',
    path: '/agents-api/agents/:id{[0-9]+}/deactivate',
    policy: BROKERAGE_READER_ROLES,
    handler: (c) => changeStatus(c, 'DEACTIVATED'),
  }),
  route({
    // Back to work: ACTIVE, or ADMIN_HOLD while admin holds remain; the sign-in is enabled again.
    method: 'PATCH',
    path: '/agents-api/agents/:id{[0-9]+}/reactivate',
    policy: BROKERAGE_READER_ROLES,
    handler: (c) => changeStatus(c, 'ACTIVE'),
  }),
  route({
    method: 'GET',
    path: '/agents-api/agents/:id{[0-9]+}/excludedAreas',
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const rows = await c
        .get('db')
        .selectFrom('agent_excluded_areas')
        .selectAll()
        .where('agent_id', '=', id)
        .orderBy('zip')
        .execute();
      return c.json(rows.map(exclusionView) satisfies ExcludedArea[]);
    },
  }),
  route({
    method: 'POST',
    path: '/agents-api/agents/:id{[0-9]+}/excludedAreas/:areaId',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id, areaId: zip } = params(c, ExclusionParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const row = await c
        .get('db')
        .insertInto('agent_excluded_areas')
        .values({ agent_id: id, zip, created_at: c.get('now')() })
        .onConflict((oc) => oc.columns(['agent_id', 'zip']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row)
        throw conflict('The agent already excludes that ZIP', { areaId: `This agent already excludes ZIP ${zip}` });
      return c.json(exclusionView(row) satisfies ExcludedArea, 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/agents-api/agents/:id{[0-9]+}/excludedAreas/:areaId',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id, areaId: zip } = params(c, ExclusionParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const res = await c
        .get('db')
        .deleteFrom('agent_excluded_areas')
        .where('agent_id', '=', id)
        .where('zip', '=', zip)
        .executeTakeFirst();
      if (res.numDeletedRows === 0n) throw notFound('The agent does not exclude that ZIP');
      return c.json({ deleted: 1 } satisfies DeleteResult);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/mls-board',
    policy: 'signed-in',
    handler: async (c) => {
      const q = query(c, BoardQuery);
      if (q.agentId !== undefined) await assertAgent(c.get('db'), c.get('auth').user, q.agentId);
      return c.json((await boardsOf(c.get('db'), q.state, q.agentId)) satisfies MlsBoards);
    },
  }),
  route({
    method: 'PUT',
    path: '/agents-api/agents/:id{[0-9]+}/mls-boards',
    policy: AGENT_RECORD_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const { boardIds } = await jsonBody(c, MlsBoardSelection);
      const unique = [...new Set(boardIds)];
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('agents').select('id').where('id', '=', id).forUpdate().execute();
          const known =
            unique.length === 0
              ? []
              : await trx.selectFrom('mls_boards').select('id').where('id', 'in', unique).execute();
          if (known.length !== unique.length) throw badRequest('Unknown MLS board', { boardIds: 'Unknown MLS board' });
          await trx.deleteFrom('agent_mls_boards').where('agent_id', '=', id).execute();
          if (unique.length > 0)
            await trx
              .insertInto('agent_mls_boards')
              .values(unique.map((b) => ({ agent_id: id, mls_board_id: b })))
              .execute();
        });
      return c.json((await boardsOf(c.get('db'), undefined, id)) satisfies MlsBoards);
    },
  }),
];
