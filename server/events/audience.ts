import {
  AGENT_RECORD_ROLES,
  AGENT_ROLES,
  BROKERAGE_READER_ROLES,
  LEAD_READER_ROLES,
  LENDER_DETAIL_ROLES,
  NOTIFICATION_ROLES,
  STAFF_ROLES,
} from '../../src/access/roles.ts';
import type { AuthUser } from '../http/route.ts';
import type { StoredEvent } from './bus.ts';
import type { Audience } from './outbox.ts';

// Who hears which event (decision 0081): the same people who may read what changed, by
// the read routes' policies, each within their own tenant. One rule, read by GET /events for every
// event and every stream; the builders below are what the writing routes record.

// Each audience is the role set of the routes that read the change (src/access/roles.ts).

/** A referral's change: staff, its brokerage's admins, and its agent (the referral routes' AGENT_RECORD_ROLES). */
export const referralAudience = (brokerageId: number, agentId: number): Audience => ({
  roles: AGENT_RECORD_ROLES,
  brokerageId,
  agentId,
});

/** Only the agent a referral was taken from (its list loses a row); the others hear the reassignment itself. */
export const previousAgentAudience = (agentId: number): Audience => ({ roles: AGENT_ROLES, agentId });

/** An agent's notification: the agent, and the my-notifications page's roles (GET /agents-api/notifications). */
export const notificationAudience = (brokerageId: number, agentId: number): Audience => ({
  roles: [...NOTIFICATION_ROLES, ...AGENT_ROLES],
  brokerageId,
  agentId,
});

/**
 * A lead's (an opportunity's) change: staff, its brokerage's admins and lead suppliers (My Leads), and
 * its agent when it has one (the referral shows the client's name).
 */
export const opportunityAudience = (brokerageId: number, agentId: number | null): Audience => ({
  roles: [...LEAD_READER_ROLES, ...AGENT_ROLES],
  brokerageId,
  agentId,
});

/** A lender referral's change: the staff who read them and the loan office's admins (lender-referrals detail). */
export const lenderAudience = (loanOfficeId: number): Audience => ({ roles: LENDER_DETAIL_ROLES, loanOfficeId });

/** An announcement: the staff who edit them, and a brokerage's admins when it is that brokerage's. */
export const announcementAudience = (brokerageId: number | null): Audience => ({
  roles: [...(brokerageId === null ? STAFF_ROLES : BROKERAGE_READER_ROLES)],
  brokerageId,
});

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
      case 'AGENT':
        return user.agentId !== null && event.agentId === user.agentId;
      case 'BROKERAGE_ADMIN':
      case 'LEAD_SUPPLIER':
        return user.brokerId !== null && event.brokerageId === user.brokerId;
      case 'LOAN_OFFICE_ADMIN':
        return user.loanOfficeId !== null && event.loanOfficeId === user.loanOfficeId;
      default:
        return false;
    }
  });
}
