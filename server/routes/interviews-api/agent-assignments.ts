import type { ExpressionBuilder } from 'kysely';
import * as v from 'valibot';

import { DIAGNOSTICS_ROLES } from '../../../src/access/roles.ts';
import {
  AssignmentExplainQuery,
  AssignmentListFilters,
  AssignOpportunityBody,
  type AgentAssignment,
  type AgentAssignmentDetail,
  type AgentAssignmentPage,
  type AssignmentCheck,
  type AssignmentExplanation,
  type AssignmentVerdict,
} from '../../../src/contract/agent-assignments.ts';
import { decideAssignment } from '../../../src/lib/assignment-rule.ts';
import { personName } from '../../../src/lib/format.ts';
import { assignOpportunity, candidatesFor, leadFor, opportunityLead } from '../../db/assignment.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { countOf, Sort } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';

// Agent assignments: the recorded decisions, the rule's explanation for an
// opportunity or a ZIP code, and automatic assignment (the ZIP geography is geography.ts).
// Roles: spec 1 section 6, "agent-assignments ... list pages: ADMIN, MANAGER, CSR_SUPERVISOR,
// AGENT_ENGAGEMENT" (DIAGNOSTICS_ROLES).

// The filters, the explanation's query and the body are the contract's (the console's lookup checks the same).
const ListQuery = v.object({
  ...Paging,
  ...AssignmentListFilters.entries,
  sort: Sort(['created', 'zip', 'mode'], 'created,DESC'),
});
const SORT_COLUMN = { created: 'x.created_at', zip: 'x.zip', mode: 'x.mode' } as const;
/** A page of a decision's candidates (the explanation's and a recorded decision's): every list's paging. */
const CandidatePageQuery = v.object(Paging);
const ExplainQuery = v.object({ ...AssignmentExplainQuery.entries, ...Paging });
type CandidatePage = v.InferOutput<typeof CandidatePageQuery>;
// The rule weighs every candidate; only the page's verdicts are written out.
const windowOf = (p: CandidatePage) => ({ offset: p.pageIndex * p.pageSize, limit: p.pageSize });

const listQuery = (db: Db) =>
  db
    .selectFrom('agent_assignments as x')
    .innerJoin('opportunities as o', 'o.id', 'x.opportunity_id')
    .innerJoin('brokerages as b', 'b.id', 'x.brokerage_id')
    .leftJoin('agents as a', 'a.id', 'x.agent_id')
    .leftJoin('users as u', 'u.id', 'x.forced_by')
    .select([
      'x.id',
      'x.opportunity_id',
      'x.brokerage_id',
      'x.zip',
      'x.mode',
      'x.agent_id',
      'x.referral_id',
      'x.forced_by',
      'x.summary',
      'x.created_at',
      'o.contact_first',
      'o.contact_last',
      'b.name as brokerage_name',
      'a.first_name as agent_first',
      'a.last_name as agent_last',
      'u.first_name as forced_first',
      'u.last_name as forced_last',
      'u.email as forced_email',
    ])
    .select((eb) =>
      eb
        .selectFrom('agent_assignment_candidates as k')
        .whereRef('k.assignment_id', '=', 'x.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('candidate_count'),
    );
type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

const toAssignment = (r: ListRow): AgentAssignment => ({
  id: r.id,
  opportunityId: r.opportunity_id,
  opportunityName: personName(r.contact_first, r.contact_last, null),
  brokerageId: r.brokerage_id,
  brokerageName: r.brokerage_name,
  zip: r.zip,
  mode: r.mode,
  agent:
    r.agent_id === null
      ? null
      : { id: r.agent_id, name: personName(r.agent_first, r.agent_last, `Agent ${r.agent_id}`) },
  forcedBy:
    r.forced_by === null
      ? null
      : { id: r.forced_by, name: personName(r.forced_first, r.forced_last, r.forced_email ?? `User ${r.forced_by}`) },
  referralId: r.referral_id,
  summary: r.summary,
  candidateCount: Number(r.candidate_count ?? 0),
  created: r.created_at.toISOString(),
});

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

async function loadDetail(db: Db, id: number, page: CandidatePage): Promise<AgentAssignmentDetail> {
  const row = await listQuery(db).where('x.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such assignment');
  const candidates = await db
    .selectFrom('agent_assignment_candidates as k')
    .innerJoin('agents as a', 'a.id', 'k.agent_id')
    .select(['k.agent_id', 'k.outcome', 'k.position', 'k.reasons', 'k.checks', 'a.first_name', 'a.last_name'])
    .where('k.assignment_id', '=', id)
    .orderBy('k.position')
    .offset(page.pageIndex * page.pageSize)
    .limit(page.pageSize)
    .execute();
  return {
    ...toAssignment(row),
    candidates: candidates.map((k): AssignmentVerdict => {
      const checks = parseJson<AssignmentCheck[]>(k.checks, []);
      return {
        agentId: k.agent_id,
        name: personName(k.first_name, k.last_name, `Agent ${k.agent_id}`),
        outcome: k.outcome,
        position: k.position,
        eligible: checks.filter((c) => c.check !== 'RANK').every((c) => c.passed),
        checks,
        reasons: parseJson<string[]>(k.reasons, []),
      };
    }),
  };
}

export const agentAssignmentRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/agentAssignments',
    policy: DIAGNOSTICS_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const db = c.get('db');
      const filters = (eb: ExpressionBuilder<Database & { x: Database['agent_assignments'] }, 'x'>) =>
        eb.and([
          ...(q.mode ? [eb('x.mode', '=', q.mode)] : []),
          ...(q.zip ? [eb('x.zip', '=', q.zip)] : []),
          ...(q.opportunityId !== undefined ? [eb('x.opportunity_id', '=', q.opportunityId)] : []),
        ]);
      const [totalElements, rows] = await Promise.all([
        countOf(
          db
            .selectFrom('agent_assignments as x')
            .where(filters)
            .select((eb) => eb.fn.countAll<number>().as('n')),
        ),
        listQuery(db)
          .where(filters)
          .orderBy(SORT_COLUMN[q.sort.key], q.sort.desc ? 'desc' : 'asc')
          .orderBy('x.id', q.sort.desc ? 'desc' : 'asc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({ content: rows.map(toAssignment), totalElements } satisfies AgentAssignmentPage);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/agentAssignments/explain',
    policy: DIAGNOSTICS_ROLES,
    handler: async (c) => {
      const q = query(c, ExplainQuery);
      const db = c.get('db');
      const now = c.get('now')();
      if (q.opportunityId === undefined && q.zip === undefined)
        throw badRequest('Give an opportunityId or a zip', { zip: 'an opportunityId or a zip is required' });
      let body: AssignmentExplanation;
      if (q.opportunityId !== undefined) {
        const opportunityId = q.opportunityId;
        // The lead and its recorded decisions side by side: the history does not wait for the rule.
        const [lead, history] = await Promise.all([
          opportunityLead(db, opportunityId),
          listQuery(db)
            .where('x.opportunity_id', '=', opportunityId)
            .orderBy('x.created_at', 'desc')
            .orderBy('x.id', 'desc')
            .limit(20)
            .execute(),
        ]);
        // An id nobody has is the lookup's field's fault: answered at that field, in words.
        if (!lead) throw new HttpError(404, 'No such opportunity', { opportunityId: 'No opportunity has this ID' });
        const decision = decideAssignment(
          lead,
          await candidatesFor(db, lead, opportunityId, now),
          undefined,
          windowOf(q),
        );
        body = {
          opportunityId: q.opportunityId,
          zip: lead.zip,
          city: lead.city,
          state: lead.state,
          brokerageId: lead.brokerageId,
          chosenAgentId: decision.chosenAgentId,
          summary: decision.summary,
          candidates: decision.candidates,
          candidateCount: decision.candidateCount,
          history: history.map(toAssignment),
        };
      } else {
        const zip = q.zip ?? '';
        const [lead, history] = await Promise.all([
          leadFor(db, { opportunityId: null, brokerageId: q.brokerageId ?? null, zip }),
          listQuery(db)
            .where('x.zip', '=', zip)
            .orderBy('x.created_at', 'desc')
            .orderBy('x.id', 'desc')
            .limit(20)
            .execute(),
        ]);
        const decision = decideAssignment(lead, await candidatesFor(db, lead, null, now), undefined, windowOf(q));
        body = {
          opportunityId: null,
          zip,
          city: lead.city,
          state: lead.state,
          brokerageId: lead.brokerageId,
          chosenAgentId: decision.chosenAgentId,
          summary: decision.summary,
          candidates: decision.candidates,
          candidateCount: decision.candidateCount,
          history: history.map(toAssignment),
        };
      }
      return c.json(body satisfies AssignmentExplanation);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/agentAssignments/:id{[0-9]+}',
    policy: DIAGNOSTICS_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const page = query(c, CandidatePageQuery);
      return c.json((await loadDetail(c.get('db'), id, page)) satisfies AgentAssignmentDetail);
    },
  }),
  route({
    // Automatic assignment: the rule chooses (409 with the rule's summary when nobody is eligible).
    method: 'POST',
    path: '/interviews-api/agentAssignments',
    policy: DIAGNOSTICS_ROLES,
    handler: async (c) => {
      const { opportunityId } = await jsonBody(c, AssignOpportunityBody);
      const user = c.get('auth').user;
      const { assignmentId } = await c
        .get('db')
        .transaction()
        .execute((trx) =>
          assignOpportunity(trx, {
            opportunityId,
            now: c.get('now')(),
            actor: { id: user.id, name: personName(user.firstName, user.lastName, user.email ?? `User ${user.id}`) },
          }),
        );
      // The answer carries the first page of candidates, as the detail does when asked for no page.
      const firstPage = v.parse(CandidatePageQuery, {});
      return c.json((await loadDetail(c.get('db'), assignmentId, firstPage)) satisfies AgentAssignmentDetail, 201);
    },
  }),
];
