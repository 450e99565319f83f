import { queryOptions } from '@tanstack/react-query';
import { lightFormat } from 'date-fns';

import { AgentPage, EmailSent, LeaderboardPage, type EmailInquiry } from '../contract/agents.ts';
import { BrokerageStats, BrokerScore, type Product } from '../contract/brokerages.ts';
import {
  BrokerLeadPage,
  LeadDetail,
  LeadProgressionStats,
  LeadSourceCount,
  OpportunityStatusStats,
  ReferralStageStats,
} from '../contract/interviews.ts';
import { LeadStats } from '../contract/leads.ts';
import { AgentNotificationPage } from '../contract/notifications.ts';
import { request } from './client.ts';

// The overview dashboard's data calls (spec 2 section 7). Every key starts with
// ['dashboard', brokerageId] so the page can tell when its figures were last fetched.

export type LeadType = 'ALL' | 'NEW' | 'AGED';
export type LeaderboardSortKey = 'agentDisplayScore' | 'name' | 'closings' | 'revenue';
export interface LeaderboardQuery {
  pageIndex: number;
  pageSize: number;
  sort: LeaderboardSortKey;
  descending: boolean;
}
export interface BrokerLeadsQuery {
  product: Product;
  sort: 'assignedAt' | 'created';
  pageSize: number;
}

/** Spec 2 section 9: recent leads and overdue agents show 5 rows. */
export const DASHBOARD_PAGE_SIZE = 5;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  scope: (brokerageId: number) => [...dashboardKeys.all, brokerageId] as const,
  stats: (b: number, product: Product) => [...dashboardKeys.scope(b), 'stats', product] as const,
  score: (b: number) => [...dashboardKeys.scope(b), 'score'] as const,
  leads: (b: number, q: BrokerLeadsQuery) => [...dashboardKeys.scope(b), 'leads', q] as const,
  statusStats: (b: number, product: Product, leadType: LeadType) =>
    [...dashboardKeys.scope(b), 'status-stats', product, leadType] as const,
  sources: (b: number, product: Product) => [...dashboardKeys.scope(b), 'sources', product] as const,
  stages: (b: number, product: Product) => [...dashboardKeys.scope(b), 'stages', product] as const,
  progression: (b: number, product: Product) => [...dashboardKeys.scope(b), 'progression', product] as const,
  leadStats: (b: number, month: string) => [...dashboardKeys.scope(b), 'lead-stats', month] as const,
  leaderboard: (b: number, q: LeaderboardQuery) => [...dashboardKeys.scope(b), 'leaderboard', q] as const,
  overdueAgents: (b: number, pageIndex: number) => [...dashboardKeys.scope(b), 'overdue-agents', pageIndex] as const,
  agentsTotal: (b: number) => [...dashboardKeys.scope(b), 'agents-total'] as const,
  lead: (opportunityId: string) => [...dashboardKeys.all, 'lead', opportunityId] as const,
  notifications: (b: number) => [...dashboardKeys.scope(b), 'notifications'] as const,
};

const brokerages = (b: number) => `/agents-api/brokerages/${b}`;
const brokerLeads = '/interviews-api/broker-leads';

export const brokerageStatsQueryOptions = (b: number, product: Product) =>
  queryOptions({
    queryKey: dashboardKeys.stats(b, product),
    queryFn: () => request(`${brokerages(b)}/stats`, { query: { product }, schema: BrokerageStats }),
  });

export const brokerScoreQueryOptions = (b: number) =>
  queryOptions({
    queryKey: dashboardKeys.score(b),
    queryFn: () => request(`${brokerages(b)}/score`, { schema: BrokerScore }),
  });

export const brokerLeadsQueryOptions = (b: number, q: BrokerLeadsQuery) =>
  queryOptions({
    queryKey: dashboardKeys.leads(b, q),
    queryFn: () =>
      request(brokerLeads, {
        query: { brokerageId: b, pageIndex: 0, pageSize: q.pageSize, sort: `${q.sort},DESC`, product: q.product },
        schema: BrokerLeadPage,
      }),
  });

export const statusStatsQueryOptions = (b: number, product: Product, leadType: LeadType) =>
  queryOptions({
    queryKey: dashboardKeys.statusStats(b, product, leadType),
    queryFn: () =>
      request(`${brokerLeads}/${b}/opportunityStatusStats`, {
        query: { product, leadType },
        schema: OpportunityStatusStats,
      }),
  });

export const leadSourcesQueryOptions = (b: number, product: Product) =>
  queryOptions({
    queryKey: dashboardKeys.sources(b, product),
    queryFn: () => request(`${brokerLeads}/leadSourceCount/${b}`, { query: { product }, schema: LeadSourceCount }),
  });

export const stageStatsQueryOptions = (b: number, product: Product) =>
  queryOptions({
    queryKey: dashboardKeys.stages(b, product),
    queryFn: () =>
      request(`${brokerLeads}/${b}/referralStageStats`, { query: { product }, schema: ReferralStageStats }),
  });

export const leadProgressionQueryOptions = (b: number, product: Product) =>
  queryOptions({
    queryKey: dashboardKeys.progression(b, product),
    queryFn: () =>
      request(`${brokerLeads}/${b}/lead-progression-stats`, { query: { product }, schema: LeadProgressionStats }),
  });

/** The current month as the lead stats call takes it (YYYY-MM). */
export const currentMonth = (now = new Date()) => lightFormat(now, 'yyyy-MM');

export const leadStatsQueryOptions = (b: number, month = currentMonth()) =>
  queryOptions({
    queryKey: dashboardKeys.leadStats(b, month),
    queryFn: () => request(`/leads-api/leadstats/${b}`, { query: { ingestedDate: month }, schema: LeadStats }),
  });

export const leaderboardQueryOptions = (b: number, q: LeaderboardQuery) =>
  queryOptions({
    queryKey: dashboardKeys.leaderboard(b, q),
    queryFn: () =>
      request('/agents-api/agents/leaderboard', {
        query: {
          brokerageId: b,
          pageIndex: q.pageIndex,
          pageSize: q.pageSize,
          sort: `${q.sort},${q.descending ? 'DESC' : 'ASC'}`,
        },
        schema: LeaderboardPage,
      }),
  });

/** Agents with the most overdue referrals first (the widget keeps those with any). */
export const overdueAgentsQueryOptions = (b: number, pageIndex: number) =>
  queryOptions({
    queryKey: dashboardKeys.overdueAgents(b, pageIndex),
    queryFn: () =>
      request('/agents-api/agents', {
        query: {
          brokerageId: b,
          pageIndex,
          pageSize: DASHBOARD_PAGE_SIZE,
          sort: 'funnelStatus.overdueForFollowupCount,DESC',
        },
        schema: AgentPage,
      }),
  });

/**
 * The overdue widget's View All figure (spec 2: page 0, size 1, totalElements read): every agent but
 * the deleted ones, as the overdue list above it and the My Agents list its link opens count them.
 */
export const agentsTotalQueryOptions = (b: number) =>
  queryOptions({
    queryKey: dashboardKeys.agentsTotal(b),
    queryFn: () =>
      request('/agents-api/agents', { query: { brokerageId: b, pageIndex: 0, pageSize: 1 }, schema: AgentPage }),
  });

export const leadDetailQueryOptions = (opportunityId: string) =>
  queryOptions({
    queryKey: dashboardKeys.lead(opportunityId),
    queryFn: () => request(`${brokerLeads}/lead/${encodeURIComponent(opportunityId)}`, { schema: LeadDetail }),
    retry: false,
  });

/** Spec 1 section 7: page 0, 24 items, newest first, sent since yesterday (YYYY-MM-DD). */
export const NOTIFICATIONS_PAGE_SIZE = 24;
export const notificationsQueryOptions = (b: number) =>
  queryOptions({
    queryKey: dashboardKeys.notifications(b),
    queryFn: () =>
      request('/agents-api/notifications', {
        // notMine: what the reader did themselves (their own reassignment, reminder) is no news to them.
        query: {
          pageIndex: 0,
          pageSize: NOTIFICATIONS_PAGE_SIZE,
          sort: 'sent,DESC',
          fromDate: lightFormat(new Date(Date.now() - 86_400_000), 'yyyy-MM-dd'),
          notMine: 'true',
        },
        schema: AgentNotificationPage,
      }),
  });

/** The contact-sales inquiry (POST /agents-api/email); the outbox receives it. */
export const sendInquiry = (inquiry: EmailInquiry) =>
  request('/agents-api/email', { method: 'POST', json: inquiry, schema: EmailSent });
