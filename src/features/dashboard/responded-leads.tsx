import { useQuery } from '@tanstack/react-query';

import { statusStatsQueryOptions, type LeadType } from '../../api/dashboard.ts';
import { formatCount, formatPercent } from '../../lib/format.ts';
import { respondedGroups } from '../../lib/opportunity-status.ts';
import { BarChart } from '../../ui/bar-chart.tsx';
import { PieChart, seriesColor } from '../../ui/pie-chart.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useDashboard } from './dashboard-context.ts';
import { LEAD_TYPE_TABS } from './lead-types.ts';
import { myLeads } from './use-stats.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

function Charts({ leadType, label }: { leadType: LeadType; label: string }) {
  const { brokerageId, product } = useDashboard();
  const q = useQuery(statusStatsQueryOptions(brokerageId, product, leadType));
  if (!q.data)
    return q.isError ? (
      <CardState>No lead reports available</CardState>
    ) : (
      <Skeleton shape="chart" label={`Loading ${label}`} />
    );
  const groups = respondedGroups(q.data);
  const href = (statuses: readonly string[]) => myLeads({ status: statuses.join(','), leadType }, product);
  return (
    <>
      {/* The pie's shares use 1 decimal (spec 2 section 9). */}
      <PieChart
        label={`${label}: share by status`}
        rows={groups.map((g, i) => ({
          key: g.label,
          label: g.label,
          value: g.count,
          color: seriesColor(i),
          href: href(g.statuses),
          valueText: `${formatCount(g.count)} · ${formatPercent(g.percent, 1)}`,
        }))}
      />
      <BarChart
        label={`${label}: leads by status`}
        rows={groups.map((g, i) => ({ key: g.label, label: g.label, value: g.count, color: seriesColor(i) }))}
      />
    </>
  );
}

/** Responded leads status: the grouped statuses as a pie and as bars, per lead type. */
export function RespondedLeadsWidget() {
  return (
    <WidgetCard id="respondedLeads" span={8}>
      <Tabs
        label="Responded leads lead type"
        items={LEAD_TYPE_TABS.map((t) => ({
          value: t.value,
          label: t.label,
          content: <Charts leadType={t.value} label={t.label} />,
        }))}
      />
    </WidgetCard>
  );
}
