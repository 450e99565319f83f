import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';

import { CoverageArea } from '../contract/agents.ts';
import { AgentNotificationPage } from '../contract/notifications.ts';
import {
  AgentFunnel,
  AgentReferralDetail,
  AgentReferralPage,
  ReferralEventPage,
  ReferralNotePage,
} from '../contract/referrals.ts';
import { agentAppKeys, type ReferralListParams } from './agent-app-keys.ts';
import { request } from './client.ts';

// The agent's phone app: reads of referrals, events, notes, funnel, notifications and
// coverage areas. Writes (stage changes, notes) are in agent-app-writes.ts.

const referralsPath = (agentId: number) => `/agents-api/agents/${agentId}/referrals`;

export const fetchReferrals = (agentId: number, p: ReferralListParams) =>
  request(referralsPath(agentId), {
    query: {
      pageIndex: 0,
      pageSize: p.pageSize,
      sort: p.sort,
      followupType: p.followupType,
      q: p.q || undefined,
      stage: p.stage,
      type: p.type,
    },
    schema: AgentReferralPage,
  });
export const referralsQueryOptions = (agentId: number, params: ReferralListParams) =>
  queryOptions({
    queryKey: agentAppKeys.list(agentId, params),
    queryFn: () => fetchReferrals(agentId, params),
  });

export const fetchReferral = (agentId: number, refId: number) =>
  request(`${referralsPath(agentId)}/${refId}`, { schema: AgentReferralDetail });
export const referralQueryOptions = (agentId: number, refId: number) =>
  queryOptions({
    queryKey: agentAppKeys.detail(agentId, refId),
    queryFn: () => fetchReferral(agentId, refId),
  });

const TIMELINE_PAGE = 100; // a referral's whole history fits on a phone screen's scroll

export const referralEventsQueryOptions = (agentId: number, refId: number) =>
  queryOptions({
    queryKey: agentAppKeys.events(agentId, refId),
    queryFn: () =>
      request(`${referralsPath(agentId)}/${refId}/events`, {
        query: { pageSize: TIMELINE_PAGE },
        schema: ReferralEventPage,
      }),
  });

export const referralNotesQueryOptions = (agentId: number, refId: number) =>
  queryOptions({
    queryKey: agentAppKeys.notes(agentId, refId),
    queryFn: () =>
      request(`${referralsPath(agentId)}/${refId}/notes`, {
        query: { pageSize: TIMELINE_PAGE },
        schema: ReferralNotePage,
      }),
  });

export const funnelQueryOptions = (agentId: number) =>
  queryOptions({
    queryKey: agentAppKeys.funnel(agentId),
    queryFn: () => request(`/agents-api/agents/${agentId}/funnel`, { schema: AgentFunnel }),
  });

export const coverageAreasQueryOptions = (agentId: number) =>
  queryOptions({
    queryKey: agentAppKeys.coverage(agentId),
    queryFn: () => request(`/agents-api/agents/${agentId}/coverageAreas`, { schema: v.array(CoverageArea) }),
    staleTime: 3600_000,
  });

/** Spec 1 section 7: page 0, 24 items, newest first, from yesterday (YYYY-MM-DD). */
export const NOTIFICATIONS_PAGE_SIZE = 24;
const yesterday = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

export const fetchMobileNotifications = (now = new Date()) =>
  request('/agents-api/notifications/mobile', {
    query: { pageIndex: 0, pageSize: NOTIFICATIONS_PAGE_SIZE, sort: 'sent,DESC', fromDate: yesterday(now) },
    schema: AgentNotificationPage,
  });
export const mobileNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: agentAppKeys.notifications(),
    queryFn: () => fetchMobileNotifications(),
  });
