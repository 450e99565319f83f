import { useQuery } from '@tanstack/react-query';

import { brokerageStatsQueryOptions } from '../../api/dashboard.ts';
import type { Product } from '../../contract/brokerages.ts';
import { useDashboard } from './dashboard-context.ts';

/** The brokerage stats for the chosen product; four widgets share the one call. */
export function useBrokerageStats() {
  const { brokerageId, product } = useDashboard();
  return useQuery(brokerageStatsQueryOptions(brokerageId, product));
}

/**
 * A list link carries every filter its widget counted with: the widget's own and the overview's product
 * (left out for both products, the lists' default). The brokerage is the one the overview shows: the
 * caller's own or the impersonated one, which is also the one the lists read.
 */
function listLink(path: string, query: Record<string, string>, product: Product): string {
  const q = new URLSearchParams(query);
  if (product !== 'COMBINED') q.set('product', product);
  return `${path}?${q.toString()}`;
}
/** /console/my-referrals with a query string and the overview's product. */
export const myReferrals = (query: Record<string, string>, product: Product) =>
  listLink('/console/my-referrals', query, product);
/** /console/my-leads with a query string and the overview's product. */
export const myLeads = (query: Record<string, string>, product: Product) =>
  listLink('/console/my-leads', query, product);
