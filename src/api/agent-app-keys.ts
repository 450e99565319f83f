import type { ReferralType } from '../lib/referral-stages.ts';

// Query and mutation keys of the agent app, apart from the fetchers and schemas: the offline write
// defaults are registered at start-up and must not pull the agent screens' code into the login page.

export const FOLLOWUP_SORTS = ['overdue', 'updated,DESC', 'updated,ASC', 'name,ASC', 'name,DESC'] as const;
export type FollowupSort = (typeof FOLLOWUP_SORTS)[number];
export type FollowupType = 'OVERDUE' | 'UP_TO_DATE';

export interface ReferralListParams {
  followupType?: FollowupType | undefined;
  q?: string | undefined;
  sort: FollowupSort;
  /** One stage or a comma list. */
  stage?: string | undefined;
  type?: ReferralType | undefined;
  pageSize: number;
}

export const agentAppKeys = {
  all: ['agent-app'] as const,
  agent: (agentId: number) => [...agentAppKeys.all, agentId] as const,
  lists: (agentId: number) => [...agentAppKeys.agent(agentId), 'referrals'] as const,
  list: (agentId: number, params: ReferralListParams) => [...agentAppKeys.lists(agentId), params] as const,
  /** The referral, and below it its events and notes (one invalidation refreshes all three). */
  detail: (agentId: number, refId: number) => [...agentAppKeys.agent(agentId), 'referral', refId] as const,
  events: (agentId: number, refId: number) => [...agentAppKeys.detail(agentId, refId), 'events'] as const,
  notes: (agentId: number, refId: number) => [...agentAppKeys.detail(agentId, refId), 'notes'] as const,
  funnel: (agentId: number) => [...agentAppKeys.agent(agentId), 'funnel'] as const,
  coverage: (agentId: number) => [...agentAppKeys.agent(agentId), 'coverage'] as const,
  notifications: () => [...agentAppKeys.all, 'notifications'] as const,
};

/**
 * Opening an announcement in the agent app marks it read (POST /users-api/announcements/status).
 * Made offline, the read waits like the referral writes (its own key and scope: it is no change to
 * a referral, so it is not listed among the unsynced changes).
 */
export const announcementReadKey = ['agent-announcement-read'] as const;
export const ANNOUNCEMENT_READ_SCOPE = { id: 'agent-announcement-reads' };
export interface AnnouncementRead {
  announcementId: number;
  at: string;
}
