import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';
import {
  AgentFunnel, AgentNotificationPage, AgentReferralDetail, AgentReferralPage, ReferralEventPage, ReferralNotePage,
} from './schemas/agent-app.ts';
import { CoverageArea } from './schemas/staff.ts';
import type { ReferralType } from '../lib/referral-stages.ts';
import * as v from 'valibot';

// The agent's phone app (issue 6): reads of referrals, events, notes, funnel, notifications and
// coverage areas. Writes (stage changes, notes) are in agent-app-writes.ts.

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

const referralsPath = (agentId: number) => `/agents-api/agents/${agentId}/referrals`;

export const fetchReferrals = (agentId: number, p: ReferralListParams) => request(referralsPath(agentId), {
  query: { pageIndex: 0, pageSize: p.pageSize, sort: p.sort, followupType: p.followupType, q: p.q || undefined, stage: p.stage, type: p.type },
  schema: AgentReferralPage,
});
export const referralsQueryOptions = (agentId: number, params: ReferralListParams) => queryOptions({
  queryKey: agentAppKeys.list(agentId, params), queryFn: () => fetchReferrals(agentId, params),
});

export const fetchReferral = (agentId: number, refId: number) =>
  request(`${referralsPath(agentId)}/${refId}`, { schema: AgentReferralDetail });
export const referralQueryOptions = (agentId: number, refId: number) => queryOptions({
  queryKey: agentAppKeys.detail(agentId, refId), queryFn: () => fetchReferral(agentId, refId),
});

const TIMELINE_PAGE = 100; // a referral's whole history fits on a phone screen's scroll

export const referralEventsQueryOptions = (agentId: number, refId: number) => queryOptions({
  queryKey: agentAppKeys.events(agentId, refId),
  queryFn: () => request(`${referralsPath(agentId)}/${refId}/events`, { query: { pageSize: TIMELINE_PAGE }, schema: ReferralEventPage }),
});

export const referralNotesQueryOptions = (agentId: number, refId: number) => queryOptions({
  queryKey: agentAppKeys.notes(agentId, refId),
  queryFn: () => request(`${referralsPath(agentId)}/${refId}/notes`, { query: { pageSize: TIMELINE_PAGE }, schema: ReferralNotePage }),
});

export const funnelQueryOptions = (agentId: number) => queryOptions({
  queryKey: agentAppKeys.funnel(agentId),
  queryFn: () => request(`/agents-api/agents/${agentId}/funnel`, { schema: AgentFunnel }),
});

export const coverageAreasQueryOptions = (agentId: number) => queryOptions({
  queryKey: agentAppKeys.coverage(agentId),
  queryFn: () => request(`/agents-api/agents/${agentId}/coverageAreas`, { schema: v.array(CoverageArea) }),
  staleTime: 3600_000,
});

/** Spec 1 section 7: page 0, 24 items, newest first, from yesterday (YYYY-MM-DD). */
export const NOTIFICATIONS_PAGE_SIZE = 24;
const yesterday = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

export const fetchMobileNotifications = (now = new Date()) => request('/agents-api/notifications/mobile', {
  query: { pageIndex: 0, pageSize: NOTIFICATIONS_PAGE_SIZE, sort: 'sent,DESC', fromDate: yesterday(now) },
  schema: AgentNotificationPage,
});
export const mobileNotificationsQueryOptions = () => queryOptions({
  queryKey: agentAppKeys.notifications(), queryFn: () => fetchMobileNotifications(),
});
