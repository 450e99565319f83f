import type { Page } from '../../../src/contract/common.ts';
import * as v from 'valibot';
import type { ForceAssignmentResult, Interaction, Opportunity, Disposition } from '../../../src/contract/interviews.ts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { route, STAFF_ROLES, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params, query } from '../../http/validate.ts';
import { displayName } from '../agents-api/agents.ts';
import { OPPORTUNITY_READERS } from './opportunities.ts';
import { loadOpportunity } from './opportunity-query.ts';
import { referralQuery, referralView } from '../agents-api/brokerage-referrals.ts';
import { countOf, IdParam, pagingWith } from '../../http/paging.ts';

// Assigning opportunities to agents (force assignment, unassignment), interactions, dispositions.

const positiveId = (what: string) => v.pipe(v.number(`${what} is required`), v.integer(`${what} must be a whole number`), v.minValue(1));
const ForceBody = v.object({ agentId: positiveId('agentId'), opportunityId: positiveId('opportunityId') });
const OPEN_STAGES_EXCLUDED = ['REMOVED', 'CLOSED', 'LEASED'];
const CANNOT_TAKE_REFERRALS = ['DELETED', 'DEACTIVATED'];

/** Ends the opportunity's open referrals (moved to REMOVED with an event), inside the caller's transaction. */
async function endOpenReferrals(trx: Db, opportunityId: number, actorId: number, now: Date, why: string) {
  const open = await trx.selectFrom('referrals').select(['id', 'stage'])
    .where('opportunity_id', '=', opportunityId).where('stage', 'not in', OPEN_STAGES_EXCLUDED).forUpdate().execute();
  if (open.length === 0) return;
  await trx.updateTable('referrals').set({ stage: 'REMOVED', updated_at: now }).where('id', 'in', open.map((r) => r.id)).execute();
  await trx.insertInto('referral_events').values(open.map((r) => ({
    referral_id: r.id, type: 'STAGE_CHANGED', from_stage: r.stage, to_stage: 'REMOVED', detail: why, actor_user_id: actorId, created_at: now,
  }))).execute();
}

export const connectionRoutes: RouteDef[] = [
  route({
    method: 'POST', path: '/interviews-api/agent-connection/forceReferralAssignment', policy: STAFF_ROLES,
    handler: async (c) => {
      const { agentId, opportunityId } = await jsonBody(c, ForceBody);
      const now = c.var.now();
      const actorId = c.var.auth.user.id;
      const referralId = await c.var.db.transaction().execute(async (trx) => {
        const opp = await trx.selectFrom('opportunities').selectAll().where('id', '=', opportunityId).forUpdate().executeTakeFirst();
        if (!opp) throw notFound('No such opportunity');
        const agent = await trx.selectFrom('agents').select(['id', 'brokerage_id', 'status', 'phone', 'first_name', 'last_name'])
          .where('id', '=', agentId).executeTakeFirst();
        if (!agent) throw notFound('No such agent');
        if (CANNOT_TAKE_REFERRALS.includes(agent.status)) throw conflict(`The agent cannot take referrals while ${agent.status}`);
        if (agent.brokerage_id !== opp.brokerage_id) throw conflict("The agent is not with the opportunity's brokerage");
        await endOpenReferrals(trx, opportunityId, actorId, now, 'Reassigned by force assignment');
        const { id } = await trx.insertInto('referrals').values({
          agent_id: agentId, brokerage_id: opp.brokerage_id, opportunity_id: opportunityId, product: opp.product,
          type: opp.type, stage: 'AWAITING_FOLLOWUP', prospect_first: opp.contact_first, prospect_last: opp.contact_last,
          prospect_phone: opp.contact_phone, prospect_email: opp.contact_email, created_at: now, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('referral_events').values({
          referral_id: id, type: 'CREATED', to_stage: 'AWAITING_FOLLOWUP', detail: 'FORCE_ASSIGNED', actor_user_id: actorId, created_at: now,
        }).execute();
        await trx.updateTable('opportunities').set({ agent_id: agentId, assigned_at: now, status: 'ASSIGNED_TO_AGENT', updated_at: now })
          .where('id', '=', opportunityId).execute();
        if (agent.phone) {
          const prospect = displayName(opp.contact_first, opp.contact_last) ?? 'A new client';
          await trx.insertInto('outbox').values({ channel: 'SMS', recipient: agent.phone, body: `New referral: ${prospect} was assigned to you.`, created_at: now }).execute();
        }
        return id;
      });
      const referral = await referralQuery(c.var.db, now).where('r.id', '=', referralId).executeTakeFirstOrThrow();
      const result: ForceAssignmentResult = { opportunity: await loadOpportunity(c.var.db, opportunityId), referral: referralView(referral) };
      return c.json(result satisfies ForceAssignmentResult, 201);
    },
  }),
  route({
    method: 'DELETE', path: '/interviews-api/opportunities/:id{[0-9]+}/assignedAgent', policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const now = c.var.now();
      await c.var.db.transaction().execute(async (trx) => {
        const opp = await trx.selectFrom('opportunities').select(['id', 'agent_id']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!opp) throw notFound('No such opportunity');
        if (opp.agent_id === null) throw conflict('The opportunity has no assigned agent');
        await endOpenReferrals(trx, id, c.var.auth.user.id, now, 'Agent unassigned by staff');
        await trx.updateTable('opportunities').set({ agent_id: null, assigned_at: null, status: 'REMOVED_ASSIGNMENT_TO_AGENT', updated_at: now })
          .where('id', '=', id).execute();
      });
      return c.json(await loadOpportunity(c.var.db, id) satisfies Opportunity);
    },
  }),
  route({
    method: 'GET', path: '/interviews-api/interactions', policy: OPPORTUNITY_READERS,
    handler: async (c) => {
      const q = query(c, v.object({ ...pagingWith(100), opportunityId: IdParam }));
      const db = c.var.db;
      const filtered = () => db.selectFrom('interactions as i')
        .$if(q.opportunityId !== undefined, (qb) => qb.where('i.opportunity_id', '=', q.opportunityId ?? 0));
      const [totalElements, rows] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        filtered().leftJoin('dispositions as d', 'd.id', 'i.disposition_id').selectAll('i')
          .select(['d.category as d_category', 'd.name as d_name'])
          .orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').offset(q.pageIndex * q.pageSize).limit(q.pageSize).execute(),
      ]);
      const content = rows.map((i): Interaction => ({
        id: i.id, opportunityId: i.opportunity_id, type: i.type, direction: i.direction,
        disposition: i.disposition_id !== null && i.d_category !== null && i.d_name !== null
          ? { id: i.disposition_id, category: i.d_category, name: i.d_name } : null,
        userId: i.user_id, durationSeconds: i.duration_seconds, summary: i.summary, created: i.created_at.toISOString(),
      }));
      return c.json({ content, totalElements } satisfies Page<Interaction>);
    },
  }),
  route({
    method: 'GET', path: '/interviews-api/dispositions', policy: OPPORTUNITY_READERS,
    handler: async (c) => {
      const q = query(c, v.object(pagingWith(1000)));
      const db = c.var.db;
      const [totalElements, content] = await Promise.all([
        countOf(db.selectFrom('dispositions').select((eb) => eb.fn.countAll<number>().as('n'))),
        db.selectFrom('dispositions').select(['id', 'category', 'name']).orderBy('category').orderBy('name')
          .offset(q.pageIndex * q.pageSize).limit(q.pageSize).execute(),
      ]);
      return c.json({ content, totalElements } satisfies Page<Disposition>);
    },
  }),
];
