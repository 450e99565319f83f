import { useQuery } from '@tanstack/react-query';

import { statusStatsQueryOptions } from '../../api/dashboard.ts';
import { statusRows } from '../../lib/opportunity-status.ts';
import { BarChart } from '../../ui/bar-chart.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDashboard } from './dashboard-context.ts';
import { myLeads } from './use-stats.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

export const NO_STATUSES = 'No statuses are available at this time';

/** Leads by status: every status with leads (one hidden), each leading to my-leads filtered by it. */
export function LeadsByStatusWidget() {
  const { brokerageId, product } = useDashboard();
  const q = useQuery(statusStatsQueryOptions(brokerageId, product, 'ALL'));
  const rows = q.data ? statusRows(q.data) : undefined;
  return (
    <WidgetCard id="leadsByStatus" span={4}>
      {!rows ? (
        q.isError ? (
          <CardState>{NO_STATUSES}</CardState>
        ) : (
          <Skeleton shape="chart" label="Loading leads by status" />
        )
      ) : rows.length === 0 ? (
        <CardState>{NO_STATUSES}</CardState>
      ) : (
        <BarChart
          label="Leads by status"
          rows={rows.map((r) => ({
            key: r.status,
            label: r.label,
            value: r.count,
            href: myLeads({ status: r.status }, product),
          }))}
        />
      )}
    </WidgetCard>
  );
}
