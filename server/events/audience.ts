import { STAFF_ROLES, type Role } from '../../src/access/roles.ts';
import type { AuthUser } from '../http/route.ts';
import type { Audience } from './outbox.ts';
import type { StoredEvent } from './bus.ts';

// Who hears which event (decision 0081): the same people who may read what changed, by
// the read routes' policies, each within their own tenant. One rule, read by GET /events for every
// event and every stream; the builders below are what the writing routes record.

/** The staff roles that read every brokerage's referrals (DASHBOARD_READERS beside the routes). */
const REFERRAL_STAFF: readonly Role[] = STAFF_ROLES;
/** GET /agents-api/notifications (NOTIFICATION_READERS in server/routes/agents-api/notifications.ts). */
const NOTIFICATION_STAFF: readonly Role[] = ['ADMIN', 'AGENT_ENGAGEMENT', 'MANAGER', 'CSR_SUPERVISOR'];
/** Lender referrals: LENDER_DETAIL_ROLES' staff (server/routes/lenders-api/lender-scope.ts). */
const LENDER_STAFF: readonly Role[] = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT'];

/** A referral's change: staff, its brokerage's admins, and its agent. */
export const referralAudience = (brokerageId: number, agentId: number): Audience =>
  ({ roles: [...REFERRAL_STAFF, 'BROKERAGE_ADMIN', 'AGENT'], brokerageId, agentId });

/** Only the agent a referral was taken from (its list loses a row); the others hear the reassignment itself. */
export const previousAgentAudience = (agentId: number): Audience => ({ roles: ['AGENT'], agentId });

/** An agent's notification: the agent, their brokerage's admins and the staff who read notifications. */
export const notificationAudience = (brokerageId: number, agentId: number): Audience =>
  ({ roles: [...NOTIFICATION_STAFF, 'BROKERAGE_ADMIN', 'AGENT'], brokerageId, agentId });

/**
 * A lead's (an opportunity's) change: staff, its brokerage's admins and lead suppliers (My Leads), and
 * its agent when it has one (the referral shows the client's name).
 */
export const opportunityAudience = (brokerageId: number, agentId: number | null): Audience =>
  ({ roles: [...REFERRAL_STAFF, 'BROKERAGE_ADMIN', 'LEAD_SUPPLIER', 'AGENT'], brokerageId, agentId });

/** A lender referral's change: the staff who read them and the loan office's admins. */
export const lenderAudience = (loanOfficeId: number): Audience => ({ roles: [...LENDER_STAFF, 'LOAN_OFFICE_ADMIN'], loanOfficeId });

/** An announcement: the staff who edit them, and a brokerage's admins when it is that brokerage's. */
export const announcementAudience = (brokerageId: number | null): Audience =>
  ({ roles: [...STAFF_ROLES, ...(brokerageId === null ? [] : ['BROKERAGE_ADMIN' as const])], brokerageId });

/**
 * Whether `user` may hear `event`: one of their roles is admitted, and that role's tenant is the
 * event's (staff roles have no tenant: they see every brokerage). A tenant column the event leaves
 * empty admits nobody of that kind.
 */
export function maySee(user: AuthUser, event: StoredEvent): boolean {
  return user.roles.some((role) => {
    if (!event.audienceRoles.includes(role)) return false;
    if (STAFF_ROLES.includes(role)) return true;
    switch (role) {
      case 'AGENT': return user.agentId !== null && event.agentId === user.agentId;
      case 'BROKERAGE_ADMIN':
      case 'LEAD_SUPPLIER': return user.brokerId !== null && event.brokerageId === user.brokerId;
      case 'LOAN_OFFICE_ADMIN': return user.loanOfficeId !== null && event.loanOfficeId === user.loanOfficeId;
      default: return false;
    }
  });
}
