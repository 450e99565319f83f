import { sql } from 'kysely';

import {
  decideAssignment,
  forceRefusal,
  type AssignmentCandidate,
  type AssignmentLead,
  type Decision,
  type Forcing,
  type VerdictWindow,
} from '../../src/lib/assignment-rule.ts';
import { personName } from '../../src/lib/format.ts';
import { referralAudience } from '../events/audience.ts';
import { recordEvent } from '../events/outbox.ts';
import { conflict, notFound } from '../http/errors.ts';
import { noticeAgent } from '../messages/agent-notices.ts';
import type { Db } from './database.ts';
import { intArray } from './int-array.ts';
import { overduePredicate } from './overdue.ts';

// Assigning an opportunity to an agent. The rule is the pure decideAssignment of
// src/lib/assignment-rule.ts; this module gathers its inputs from the database, applies its
// decision (automatic or forced) and records it with every candidate's verdict. The force route,
// the automatic assignment route, the explanation route and the seed all come through here.

const OPEN_STAGES_EXCLUDED = ['REMOVED', 'CLOSED', 'LEASED'];
/** Agents sharing the ZIP's market whose areas do not hold it are shown too (as skipped on coverage), at most this many. */
const NEIGHBOURS = 12;

export interface LeadInput {
  opportunityId: number | null;
  brokerageId: number | null;
  zip: string | null;
}

export async function leadFor(db: Db, input: LeadInput): Promise<AssignmentLead> {
  const geo = input.zip
    ? await db.selectFrom('zip_codes').select(['city', 'state']).where('zip', '=', input.zip).executeTakeFirst()
    : undefined;
  return { brokerageId: input.brokerageId, zip: input.zip, city: geo?.city ?? null, state: geo?.state ?? null };
}

/** An opportunity as the rule sees it (its brokerage, ZIP and the ZIP's city), in one read; undefined when there is none. */
export async function opportunityLead(db: Db, opportunityId: number): Promise<AssignmentLead | undefined> {
  const row = await db
    .selectFrom('opportunities as o')
    .leftJoin('zip_codes as z', 'z.zip', 'o.zip')
    .select(['o.brokerage_id', 'o.zip', 'z.city', 'z.state'])
    .where('o.id', '=', opportunityId)
    .executeTakeFirst();
  return row && { brokerageId: row.brokerage_id, zip: row.zip, city: row.city, state: row.state };
}

/**
 * The candidates of a lead: agents whose coverage holds the ZIP (by ZIP or by its city), who exclude
 * it, who declined the opportunity, the forced agent, and a few of the market's other agents.
 * Limited to the opportunity's brokerage when there is one. Each candidate carries the coverage areas
 * and exclusions that concern the lead's ZIP only: all the rule reads of them.
 *
 * Two rounds of reads, each side by side (decision 0131). First the areas that hold the ZIP (by ZIP,
 * or by its city), the exclusions of the ZIP, the declines and the market's nearest other agents:
 * the areas and exclusions read are the candidates' own, so they are not read again by agent. Then
 * the candidates (in the lead's brokerage), their holds and their referral counts.
 */
export async function candidatesFor(
  db: Db,
  lead: AssignmentLead,
  opportunityId: number | null,
  now: Date,
  forcedAgentId?: number,
): Promise<AssignmentCandidate[]> {
  const zip = lead.zip ?? '';
  const inBrokerage = lead.brokerageId;
  const [coverage, exclusions, declines, neighbours] = await Promise.all([
    // Only the areas the rule can match (src/lib/assignment-rule.ts, coverageOf): those of the lead's
    // ZIP, and the city areas of its city.
    sql<{ agent_id: number; zip: string | null; city: string | null; state: string | null }>`
      select agent_id, zip, city, state from agent_coverage_areas
      where zip = ${zip} or (zip is null and state = ${lead.state} and lower(city) = lower(${lead.city}))
      order by id`.execute(db),
    db.selectFrom('agent_excluded_areas').select(['agent_id', 'zip']).where('zip', '=', zip).orderBy('id').execute(),
    db
      .selectFrom('opportunity_declines')
      .select('agent_id')
      .where('opportunity_id', '=', opportunityId ?? 0)
      .execute(),
    // Per ZIP of the market, its first agents in id order: the nearest ones overall are among them.
    sql<{ agent_id: number }>`
      select n.agent_id from (
        select z.zip, abs(cast(z.zip as int) - cast(${zip || '0'} as int)) as distance from zip_codes z
        join zip_codes me on me.zip = ${zip} and me.market_id = z.market_id where z.zip <> ${zip}
      ) near
      cross join lateral (select c.agent_id from agent_coverage_areas c
        ${inBrokerage !== null ? sql`join agents a on a.id = c.agent_id and a.brokerage_id = ${inBrokerage}` : sql``}
        where c.zip = near.zip order by c.agent_id limit ${NEIGHBOURS}) n
      order by near.distance, n.agent_id limit ${NEIGHBOURS}`.execute(db),
  ]);
  const agentIds = [
    ...new Set([
      ...coverage.rows.map((r) => r.agent_id),
      ...exclusions.map((r) => r.agent_id),
      ...declines.map((r) => r.agent_id),
      ...(forcedAgentId !== undefined ? [forcedAgentId] : []),
      ...neighbours.rows.map((r) => r.agent_id),
    ]),
  ];
  if (agentIds.length === 0) return [];
  // One array parameter, not one per agent: a market's ZIP can have a thousand candidates at scale, and
  // the planner reads each table's agent index for an array where a list that long tipped it into
  // sequential scans.
  const idArray = intArray(agentIds);
  const [agents, holds, counts] = await Promise.all([
    db
      .selectFrom('agents')
      .select(['id', 'first_name', 'last_name', 'brokerage_id', 'status', 'display_score'])
      .where(sql<boolean>`id = any(${idArray})`)
      .$if(inBrokerage !== null, (q) => q.where('brokerage_id', '=', inBrokerage ?? 0))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('agent_admin_holds as h')
      .innerJoin('admin_hold_reasons as r', 'r.id', 'h.reason_id')
      .select(['h.agent_id', 'r.name'])
      .where(sql<boolean>`h.agent_id = any(${idArray})`)
      .orderBy('r.name')
      .execute(),
    db
      .selectFrom('referrals as r')
      .select((eb) => [
        'r.agent_id',
        eb.fn.countAll<number>().filterWhere('r.stage', 'not in', OPEN_STAGES_EXCLUDED).as('open'),
        sql<number>`count(*) filter (where ${overduePredicate('r', now)})`.as('overdue'),
      ])
      .where(sql<boolean>`r.agent_id = any(${idArray})`)
      .groupBy('r.agent_id')
      .execute(),
  ]);
  const declined = new Set(declines.map((d) => d.agent_id));
  // Each agent's rows, grouped once (in the order read), not filtered per agent.
  const byAgent = <T extends { agent_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) {
      const list = map.get(r.agent_id);
      if (list) list.push(r);
      else map.set(r.agent_id, [r]);
    }
    return (id: number) => map.get(id) ?? [];
  };
  const holdsOf = byAgent(holds);
  const coverageOf = byAgent(coverage.rows);
  const exclusionsOf = byAgent(exclusions);
  const countOf = new Map(counts.map((c) => [c.agent_id, c]));
  return agents.map((a): AssignmentCandidate => ({
    agentId: a.id,
    name: personName(a.first_name, a.last_name, `Agent ${a.id}`),
    brokerageId: a.brokerage_id,
    status: a.status,
    holds: holdsOf(a.id).map((h) => h.name),
    coverage: coverageOf(a.id).map((c) => ({ zip: c.zip, city: c.city, state: c.state })),
    exclusions: exclusionsOf(a.id).map((x) => x.zip),
    overdueCount: Number(countOf.get(a.id)?.overdue ?? 0),
    openReferrals: Number(countOf.get(a.id)?.open ?? 0),
    score: a.display_score === null ? null : Number(a.display_score),
    declined: declined.has(a.id),
  }));
}

/** The rule's decision for an opportunity as things stand (read-only). */
export async function decideFor(db: Db, opportunityId: number, now: Date, forced?: Forcing, window?: VerdictWindow) {
  const lead = await opportunityLead(db, opportunityId);
  if (!lead) throw notFound('No such opportunity');
  const candidates = await candidatesFor(db, lead, opportunityId, now, forced?.agentId);
  return { lead, candidates, decision: decideAssignment(lead, candidates, forced, window) };
}

/** Ends the opportunity's open referrals (moved to REMOVED with an event), inside the caller's transaction. */
export async function endOpenReferrals(
  trx: Db,
  opportunityId: number,
  actorId: number | null,
  now: Date,
  why: string,
  tell = true,
) {
  const open = await trx
    .selectFrom('referrals')
    .select(['id', 'stage', 'agent_id', 'brokerage_id'])
    .where('opportunity_id', '=', opportunityId)
    .where('stage', 'not in', OPEN_STAGES_EXCLUDED)
    .forUpdate()
    .execute();
  if (open.length === 0) return;
  await trx
    .updateTable('referrals')
    .set({ stage: 'REMOVED', updated_at: now })
    .where(
      'id',
      'in',
      open.map((r) => r.id),
    )
    .execute();
  await trx
    .insertInto('referral_events')
    .values(
      open.map((r) => ({
        referral_id: r.id,
        type: 'STAGE_CHANGED',
        from_stage: r.stage,
        to_stage: 'REMOVED',
        detail: why,
        actor_user_id: actorId,
        created_at: now,
      })),
    )
    .execute();
  if (!tell) return;
  for (const r of open) {
    await recordEvent(trx, {
      type: 'REFERRAL_STAGE_CHANGED',
      payload: {
        referralId: r.id,
        agentId: r.agent_id,
        brokerageId: r.brokerage_id,
        fromStage: r.stage,
        toStage: 'REMOVED',
      },
      audience: referralAudience(r.brokerage_id, r.agent_id),
    });
  }
}

export interface AssignInput {
  opportunityId: number;
  /** the staff member (forcing or asking for the automatic assignment); null for the system */
  actor: { id: number; name: string } | null;
  /** a forced assignment's agent; absent: the rule chooses */
  forceAgentId?: number;
  now: Date;
  /** Record events for the people concerned (server/events); false for the seed's history, which tells nobody. */
  tell?: boolean;
}

/**
 * Assigns the opportunity inside `trx` (call it in a transaction): locks it, decides with the rule
 * (or checks the forced agent against the rule's refusals), ends open referrals, creates the
 * referral, updates the opportunity, texts the agent and records the decision with its candidates.
 */
export async function assignOpportunity(
  trx: Db,
  input: AssignInput,
): Promise<{ referralId: number; assignmentId: number; decision: Decision }> {
  const { opportunityId, now, actor } = input;
  const opp = await trx
    .selectFrom('opportunities')
    .selectAll()
    .where('id', '=', opportunityId)
    .forUpdate()
    .executeTakeFirst();
  if (!opp) throw notFound('No such opportunity');
  let forced: Forcing | undefined;
  if (input.forceAgentId !== undefined) {
    const agent = await trx
      .selectFrom('agents')
      .select(['id', 'brokerage_id', 'status'])
      .where('id', '=', input.forceAgentId)
      .executeTakeFirst();
    if (!agent) throw notFound('No such agent');
    const refusal = forceRefusal(
      { status: agent.status, brokerageId: agent.brokerage_id },
      { brokerageId: opp.brokerage_id },
    );
    // Beside the agent chosen in the console's Force Assignment form (the agent changed after the list loaded).
    if (refusal) throw conflict(refusal, { agentId: refusal });
    forced = { agentId: agent.id, byName: actor?.name ?? 'the system' };
  }
  const lead = await leadFor(trx, { opportunityId, brokerageId: opp.brokerage_id, zip: opp.zip });
  const candidates = await candidatesFor(trx, lead, opportunityId, now, forced?.agentId);
  const decision = decideAssignment(lead, candidates, forced);
  const agentId = decision.chosenAgentId;
  if (agentId === null) throw conflict(`No eligible agent: ${decision.summary}`);
  await trx.selectFrom('agents').select('id').where('id', '=', agentId).executeTakeFirstOrThrow();

  const actorId = actor?.id ?? null;
  const tell = input.tell ?? true;
  await endOpenReferrals(
    trx,
    opportunityId,
    actorId,
    now,
    forced ? 'Reassigned by force assignment' : 'Reassigned by automatic assignment',
    tell,
  );
  const { id: referralId } = await trx
    .insertInto('referrals')
    .values({
      agent_id: agentId,
      brokerage_id: opp.brokerage_id,
      opportunity_id: opportunityId,
      product: opp.product,
      type: opp.type,
      stage: 'AWAITING_FOLLOWUP',
      prospect_first: opp.contact_first,
      prospect_last: opp.contact_last,
      prospect_phone: opp.contact_phone,
      prospect_email: opp.contact_email,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('referral_events')
    .values({
      referral_id: referralId,
      type: 'CREATED',
      to_stage: 'AWAITING_FOLLOWUP',
      detail: forced ? 'FORCE_ASSIGNED' : 'AUTO_ASSIGNED',
      actor_user_id: actorId,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('opportunities')
    .set({ agent_id: agentId, assigned_at: now, status: 'ASSIGNED_TO_AGENT', updated_at: now })
    .where('id', '=', opportunityId)
    .execute();
  // By text and email as the agent chose (default: a text); the push comes from the notification.
  const prospect = personName(opp.contact_first, opp.contact_last, null) ?? 'A new client';
  await noticeAgent(trx, {
    agentId,
    kind: 'NEW_REFERRAL',
    title: 'New referral',
    text: `${prospect} was assigned to you.`,
    now,
  });
  const assignmentId = await recordDecision(
    trx,
    { opportunityId, brokerageId: opp.brokerage_id, zip: opp.zip, referralId, forcedBy: forced ? actorId : null, now },
    decision,
  );
  if (tell) {
    await recordEvent(trx, {
      type: 'REFERRAL_ASSIGNED',
      payload: {
        referralId,
        agentId,
        brokerageId: opp.brokerage_id,
        opportunityId,
        referralName: personName(opp.contact_first, opp.contact_last, null) ?? 'A new client',
        forced: forced !== undefined,
      },
      audience: referralAudience(opp.brokerage_id, agentId),
    });
  }
  return { referralId, assignmentId, decision };
}

export async function recordDecision(
  trx: Db,
  at: {
    opportunityId: number;
    brokerageId: number;
    zip: string | null;
    referralId: number | null;
    forcedBy: number | null;
    now: Date;
  },
  decision: Decision,
): Promise<number> {
  const { id } = await trx
    .insertInto('agent_assignments')
    .values({
      opportunity_id: at.opportunityId,
      brokerage_id: at.brokerageId,
      zip: at.zip,
      mode: decision.mode,
      agent_id: decision.chosenAgentId,
      referral_id: at.referralId,
      forced_by: at.forcedBy,
      summary: decision.summary,
      created_at: at.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (decision.candidates.length > 0) {
    await trx
      .insertInto('agent_assignment_candidates')
      .values(
        decision.candidates.map((c) => ({
          assignment_id: id,
          agent_id: c.agentId,
          outcome: c.outcome,
          position: c.position,
          reasons: JSON.stringify(c.reasons),
          checks: JSON.stringify(c.checks),
        })),
      )
      .execute();
  }
  return id;
}
