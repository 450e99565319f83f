import { useQuery } from '@tanstack/react-query';
import { brokerageStatsQueryOptions } from '../../api/dashboard.ts';
import { useDashboard } from './dashboard-context.ts';

/** The brokerage stats for the chosen product; four widgets share the one call. */
export function useBrokerageStats() {
  const { brokerageId, product } = useDashboard();
  return useQuery(brokerageStatsQueryOptions(brokerageId, product));
}

/** /console/my-referrals with a query string. */
export const myReferrals = (query: Record<string, string>) => `/console/my-referrals?${new URLSearchParams(query).toString()}`;
/** /console/my-leads with a query string. */
export const myLeads = (query: Record<string, string>) => `/console/my-leads?${new URLSearchParams(query).toString()}`;
