import { sql } from 'kysely';
import * as v from 'valibot';

import type {
  AgentReferral,
  AgentReferralDetail,
  ReferralEvent,
  ReferralNote,
} from '../../../src/contract/referrals.ts';
import { personName as joinName } from '../../../src/lib/format.ts';
import { allowedMoves, type ReferralStage, type ReferralType } from '../../../src/lib/referral-stages.ts';
import type { Db } from '../../db/database.ts';
import { daysSinceSql, overduePredicate } from '../../db/overdue.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { assertAgent, notYoursError } from '../../http/ownership.ts';
import type { AppContext } from '../../http/route.ts';
import { check, Id } from '../../http/validate.ts';

export const AGENT_REFERRALS = '/agents-api/agents/:id{[0-9]+}/referrals';
export const RefParams = v.object({ id: Id, refId: Id });

/** A referral row with the overdue rule applied at `now`. */
export function selectReferrals(db: Db, now: Date) {
  return db
    .selectFrom('referrals as r')
    .select([
      'r.id',
      'r.agent_id',
      'r.type',
      'r.stage',
      'r.updated_at',
      'r.created_at',
      'r.prospect_first',
      'r.prospect_last',
      'r.prospect_phone',
      'r.prospect_email',
      'r.date_of_sale',
      'r.removal_reason',
      sql<boolean>`${overduePredicate('r', now)}`.as('overdue'),
      sql<number>`case when ${overduePredicate('r', now)} then ${daysSinceSql('r', now)} else 0 end`.as('days_overdue'),
    ]);
}
type ReferralRow = Awaited<ReturnType<ReturnType<typeof selectReferrals>['executeTakeFirstOrThrow']>>;

export function toAgentReferral(r: ReferralRow): AgentReferral {
  return {
    id: r.id,
    type: r.type as ReferralType,
    stage: r.stage as ReferralStage,
    updated: r.updated_at.toISOString(),
    created: r.created_at.toISOString(),
    prospect: { name: { first: r.prospect_first, last: r.prospect_last } },
    phone: r.prospect_phone,
    email: r.prospect_email,
    details: { referralSale: { dateOfSale: r.date_of_sale } },
    daysOverdue: r.days_overdue,
    overdue: r.overdue,
  };
}

export async function referralDetail(db: Db, refId: number, now: Date): Promise<AgentReferralDetail> {
  const r = await selectReferrals(db, now).where('r.id', '=', refId).executeTakeFirst();
  if (!r) throw notFound('No such referral');
  return toAgentReferralDetail(r);
}

/** A referral row as the agent app's detail: the list's fields, its agent, removal reason and allowed moves. */
export function toAgentReferralDetail(r: ReferralRow): AgentReferralDetail {
  const base = toAgentReferral(r);
  return {
    ...base,
    agentId: r.agent_id,
    removalReason: r.removal_reason,
    allowedMoves: allowedMoves(base.type, base.stage),
  };
}

/**
 * The referral `refId` of agent `agentId`, locked for update when about to be written. Another agent's referral is
 * 404 (its existence is not the caller's business), unless it was taken from this agent by a
 * reassignment: then 403 says so, so a write queued offline is refused with a reason.
 */
export async function ownReferral(db: Db, agentId: number, refId: number, forUpdate = false) {
  let q = db
    .selectFrom('referrals')
    .select(['id', 'agent_id', 'brokerage_id', 'type', 'stage', 'date_of_sale', 'prospect_first', 'prospect_last'])
    .where('id', '=', refId);
  if (forUpdate) q = q.forUpdate();
  const ref = await q.executeTakeFirst();
  if (ref?.agent_id === agentId) return { ...ref, type: ref.type as ReferralType, stage: ref.stage as ReferralStage };
  const taken =
    ref &&
    (await db
      .selectFrom('referral_reassignments')
      .select('id')
      .where('referral_id', '=', refId)
      .where('from_agent_id', '=', agentId)
      .executeTakeFirst());
  if (taken) {
    throw forbidden(
      `This referral was reassigned to another agent and is no longer yours.${forUpdate ? ' Your change was not saved.' : ''}`,
    );
  }
  throw notFound('No such referral');
}

/**
 * Who may use /agents-api/agents/:id/referrals...: the agent themself; for reads also staff and the
 * admins of the agent's brokerage. Another agent gets 403 without learning whether :id exists.
 */
export async function assertAgentScope(c: AppContext, agentId: number, mode: 'read' | 'write'): Promise<void> {
  const user = c.get('auth').user;
  if (user.agentId === agentId && user.roles.includes('AGENT')) return;
  if (mode === 'read' && !(user.roles.length === 1 && user.roles[0] === 'AGENT')) {
    await assertAgent(c.get('db'), user, agentId);
    return;
  }
  throw notYoursError();
}

/** A person's name on the agent app's answers; null when both parts are missing. */
export const personName = (first: string | null, last: string | null): string | null => joinName(first, last, null);

/** The query parameters without empty ones: `?q=&stage=&type=` means no filter, not a bad value. */
export function filledQuery<S extends v.GenericSchema>(c: AppContext, schema: S): v.InferOutput<S> {
  return check(schema, Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== '')), 'query');
}

/** An event row (with its actor's name parts) as the agent app reads it. */
export const toReferralEvent = (e: {
  id: number;
  type: string;
  from_stage: string | null;
  to_stage: string | null;
  detail: string | null;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
}): ReferralEvent => ({
  id: e.id,
  type: e.type,
  fromStage: e.from_stage,
  toStage: e.to_stage,
  detail: e.detail,
  created: e.created_at.toISOString(),
  actorName: personName(e.first_name, e.last_name),
});

/** A note row (with its author's name parts) as the agent app reads it. */
export const toReferralNote = (n: {
  id: number;
  body: string;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
}): ReferralNote => ({
  id: n.id,
  text: n.body,
  created: n.created_at.toISOString(),
  authorName: personName(n.first_name, n.last_name),
});
