import { useQuery } from '@tanstack/react-query';

import { leadProgressionQueryOptions, type LeadType } from '../../api/dashboard.ts';
import type { Product } from '../../contract/brokerages.ts';
import type { LeadProgressionStats } from '../../contract/interviews.ts';
import { PROGRESSION_STEP_STATUSES } from '../../lib/opportunity-status.ts';
import { BarChart } from '../../ui/bar-chart.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useDashboard } from './dashboard-context.ts';
import { LEAD_TYPE_TABS } from './lead-types.ts';
import { myLeads } from './use-stats.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

type Progression = LeadProgressionStats['data']['allLeads'];

export function progressionRows(p: Progression, leadType: LeadType, product: Product) {
  return [
    { key: 'total', label: 'Total Leads', value: p.totalLeads },
    { key: 'responded', label: 'Responded', value: p.respondedLeads },
    { key: 'qualified', label: 'Qualified', value: p.qualifiedLeads },
    // A linked step's figure counts the statuses its link filters by (cumulative: closed leads were assigned).
    {
      key: 'assigned',
      label: 'Assigned',
      value: p.assignedLeads,
      href: myLeads({ status: PROGRESSION_STEP_STATUSES.assigned.join(','), leadType }, product),
    },
    {
      key: 'closed',
      label: 'Closed',
      value: p.closedLeads,
      href: myLeads({ status: PROGRESSION_STEP_STATUSES.closed.join(','), leadType }, product),
    },
  ];
}

/** Lead progression: how far the leads of each type got (cumulative steps). */
export function LeadProgressionWidget() {
  const { brokerageId, product } = useDashboard();
  const q = useQuery(leadProgressionQueryOptions(brokerageId, product));
  const data = q.data?.data;
  return (
    <WidgetCard id="leadProgression" span={8}>
      {data ? (
        <Tabs
          label="Lead progression lead type"
          items={LEAD_TYPE_TABS.map((t) => ({
            value: t.value,
            label: t.label,
            content: (
              <BarChart label={`${t.label} progression`} rows={progressionRows(data[t.key], t.value, product)} />
            ),
          }))}
        />
      ) : q.isError ? (
        <CardState>No lead reports available</CardState>
      ) : (
        <Skeleton shape="chart" label="Loading lead progression" />
      )}
    </WidgetCard>
  );
}
