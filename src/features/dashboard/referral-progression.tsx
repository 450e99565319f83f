import { useQuery } from '@tanstack/react-query';

import { stageStatsQueryOptions } from '../../api/dashboard.ts';
import { STAGE_LABELS } from '../../lib/referral-stages.ts';
import { BarChart } from '../../ui/bar-chart.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { LeadList } from './lead-list.tsx';
import { myReferrals } from './use-stats.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

/** Referral progression: the leads' referrals per stage, and the most recent leads (a row opens its details). */
export function ReferralProgressionWidget() {
  const { brokerageId, product } = useDashboard();
  const stages = useQuery(stageStatsQueryOptions(brokerageId, product));
  return (
    <WidgetCard id="referralProgression" span={8}>
      {stages.data ? (
        // Closed counts Leased too (the total of my-referrals?s=CLOSED, as the sales funnel's Closed), so Leased has no bar of its own.
        <BarChart
          label="Referrals by stage"
          rows={stages.data
            .filter((s) => s.stage !== 'LEASED')
            .map((s) => ({
              key: s.stage,
              label: STAGE_LABELS[s.stage],
              value: s.count,
              href: myReferrals({ s: s.stage }, product),
            }))}
        />
      ) : stages.isError ? (
        <CardState>No lead reports available</CardState>
      ) : (
        <Skeleton shape="chart" label="Loading referral progression" />
      )}
      <h3 className={styles.tileLabel}>Recent Leads</h3>
      <LeadList label="Recent leads" product={product} sort="created" />
    </WidgetCard>
  );
}
