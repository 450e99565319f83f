import { hasProviderRole } from '../../src/access/roles.ts';
import type { Db } from '../db/database.ts';
import { forbidden, notFound, type HttpError } from './errors.ts';
import type { AuthUser } from './route.ts';

/** A user with a provider role (any role of the provider's role type) is not tied to one brokerage. */
export const isProviderUser = (user: AuthUser) => hasProviderRole(user.roles);

/**
 * The one answer, to anyone who is not staff, for an object that is not theirs and for one that does
 * not exist: the same status and the same body, so ids cannot be probed.
 */
export const NOT_YOURS = 'That does not exist or is not yours';
export const notYoursError = (): HttpError => forbidden(NOT_YOURS);

/**
 * The answer for an id that does not exist. Staff see every object, so to them it is 404; anyone
 * else gets the same 403 as for another organisation's object, so ids cannot be probed for
 * existence (what GET /agents-api/brokerages/:id does by checking ownership first).
 */
export function missing(user: AuthUser, what: string, owner = what): HttpError {
  void owner;
  return isProviderUser(user) ? notFound(`No such ${what}`) : notYoursError();
}

export function assertBrokerage(user: AuthUser, brokerageId: number): void {
  if (isProviderUser(user)) return;
  if (user.brokerId !== null && user.brokerId === brokerageId) return;
  throw notYoursError();
}

export function assertLoanOffice(user: AuthUser, loanOfficeId: number): void {
  if (isProviderUser(user)) return;
  if (user.loanOfficeId !== null && user.loanOfficeId === loanOfficeId) return;
  throw notYoursError();
}

/** Staff see every agent, a brokerage admin the agents of their brokerage, an agent only themself. */
export async function assertAgent(db: Db, user: AuthUser, agentId: number): Promise<{ brokerageId: number }> {
  const agent = await db
    .selectFrom('agents')
    .select(['id', 'brokerage_id'])
    .where('id', '=', agentId)
    .executeTakeFirst();
  assertAgentRow(user, agentId, agent && { brokerageId: agent.brokerage_id });
  return { brokerageId: agent!.brokerage_id };
}

/** assertAgent's rule on an agent row already read (undefined: no such agent), without a query. */
export function assertAgentRow(user: AuthUser, agentId: number, agent: { brokerageId: number } | undefined): void {
  if (!agent) throw missing(user, 'agent');
  if (isProviderUser(user)) return;
  if (user.roles.includes('BROKERAGE_ADMIN') && user.brokerId === agent.brokerageId) return;
  if (user.agentId === agentId) return;
  throw notYoursError();
}

/** The brokerage a brokerage-side user works for (agents through their agent record). */
export async function brokerageOf(db: Db, user: AuthUser): Promise<number | null> {
  if (user.brokerId !== null) return user.brokerId;
  if (user.agentId === null) return null;
  const agent = await db.selectFrom('agents').select('brokerage_id').where('id', '=', user.agentId).executeTakeFirst();
  return agent?.brokerage_id ?? null;
}
