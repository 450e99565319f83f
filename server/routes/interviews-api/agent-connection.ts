import * as v from 'valibot';

import { OPPORTUNITY_ROLES, STAFF_ROLES } from '../../../src/access/roles.ts';
import type { Page } from '../../../src/contract/common.ts';
import {
  ForceAssignment,
  type Disposition,
  type ForceAssignmentResult,
  type Interaction,
  type Opportunity,
} from '../../../src/contract/interviews.ts';
import { personName } from '../../../src/lib/format.ts';
import { assignOpportunity, endOpenReferrals } from '../../db/assignment.ts';
import { recordAudit } from '../../http/audit-log.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { countOf, IdParam, pagingWith, userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params, query } from '../../http/validate.ts';
import { referralQuery, referralView } from '../agents-api/brokerage-referrals.ts';
import { loadOpportunity } from './opportunity-query.ts';

// Assigning opportunities to agents (force assignment, unassignment), interactions, dispositions.

export const agentConnectionRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/interviews-api/agent-connection/forceReferralAssignment',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { agentId, opportunityId } = await jsonBody(c, ForceAssignment);
      const now = c.get('now')();
      const user = c.get('auth').user;
      // The assignment rule of src/lib/assignment-rule.ts refuses DELETED/DEACTIVATED agents and another
      // brokerage's; the decision is recorded with who forced it (server/db/assignment.ts).
      const { referralId } = await c
        .get('db')
        .transaction()
        .execute((trx) =>
          assignOpportunity(trx, {
            opportunityId,
            forceAgentId: agentId,
            now,
            actor: { id: user.id, name: personName(user.firstName, user.lastName, user.email ?? `User ${user.id}`) },
          }),
        );
      const referral = await referralQuery(c.get('db'), now).where('r.id', '=', referralId).executeTakeFirstOrThrow();
      const result: ForceAssignmentResult = {
        opportunity: await loadOpportunity(c.get('db'), opportunityId),
        referral: referralView(referral),
      };
      return c.json(result satisfies ForceAssignmentResult, 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/interviews-api/opportunities/:id{[0-9]+}/assignedAgent',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const now = c.get('now')();
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const opp = await trx
            .selectFrom('opportunities')
            .select(['id', 'agent_id'])
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!opp) throw notFound('No such opportunity');
          if (opp.agent_id === null) throw conflict('The opportunity has no assigned agent');
          await endOpenReferrals(trx, id, c.get('auth').user.id, now, 'Agent unassigned by staff');
          await trx
            .updateTable('opportunities')
            .set({ agent_id: null, assigned_at: null, status: 'REMOVED_ASSIGNMENT_TO_AGENT', updated_at: now })
            .where('id', '=', id)
            .execute();
          await recordAudit(c, trx, 'ASSIGNED_AGENT_REMOVED', `agent ${opp.agent_id} from opportunity ${id}`);
        });
      return c.json((await loadOpportunity(c.get('db'), id)) satisfies Opportunity);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/interactions',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const q = query(c, v.object({ ...pagingWith(100), opportunityId: IdParam }));
      const db = c.get('db');
      const filtered = () =>
        db
          .selectFrom('interactions as i')
          .$if(q.opportunityId !== undefined, (qb) => qb.where('i.opportunity_id', '=', q.opportunityId ?? 0));
      const [totalElements, rows] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        filtered()
          .leftJoin('dispositions as d', 'd.id', 'i.disposition_id')
          .leftJoin('users as su', 'su.id', 'i.struck_by_user_id')
          .selectAll('i')
          .select(['d.category as d_category', 'd.name as d_name', userNameSql('su').as('struck_by')])
          .orderBy('i.created_at', 'desc')
          .orderBy('i.id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((i): Interaction => ({
        id: i.id,
        opportunityId: i.opportunity_id,
        type: i.type,
        direction: i.direction,
        disposition:
          i.disposition_id !== null && i.d_category !== null && i.d_name !== null
            ? { id: i.disposition_id, category: i.d_category, name: i.d_name }
            : null,
        userId: i.user_id,
        durationSeconds: i.duration_seconds,
        summary: i.summary,
        created: i.created_at.toISOString(),
        struck: i.struck_at ? { at: i.struck_at.toISOString(), by: i.struck_by, reason: i.struck_reason ?? '' } : null,
      }));
      return c.json({ content, totalElements } satisfies Page<Interaction>);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/dispositions',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const q = query(c, v.object(pagingWith(1000)));
      const db = c.get('db');
      const [totalElements, content] = await Promise.all([
        countOf(db.selectFrom('dispositions').select((eb) => eb.fn.countAll<number>().as('n'))),
        db
          .selectFrom('dispositions')
          .select(['id', 'category', 'name'])
          .orderBy('category')
          .orderBy('name')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({ content, totalElements } satisfies Page<Disposition>);
    },
  }),
];
