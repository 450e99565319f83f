import { formatCount } from '../../lib/format.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDashboard } from './dashboard-context.ts';
import { Tiles } from './tiles.tsx';
import { myReferrals, useBrokerageStats } from './use-stats.ts';
import { WidgetCard } from './widget-card.tsx';

/** Overall totals: every referral by where it stands, each leading to the matching my-referrals list. */
export function OverallTotalsWidget() {
  const stats = useBrokerageStats();
  const { product } = useDashboard();
  const s = stats.data;
  return (
    <WidgetCard id="overallTotals" span={4}>
      {s ? (
        <Tiles
          label="Referral totals"
          items={[
            {
              key: 'all',
              label: 'Total Referrals',
              value: formatCount(s.activeReferrals + s.totalClosed + s.removed),
              href: myReferrals({ category: 'all' }, product),
            },
            {
              key: 'active',
              label: 'Active',
              value: formatCount(s.activeReferrals),
              href: myReferrals({ category: 'active' }, product),
            },
            {
              key: 'closed',
              label: 'Closed',
              value: formatCount(s.totalClosed),
              href: myReferrals({ category: 'closed' }, product),
            },
            {
              key: 'removed',
              label: 'Removed',
              value: formatCount(s.removed),
              href: myReferrals({ category: 'removed' }, product),
            },
            {
              key: 'overdue',
              label: 'Overdue for Follow-Up',
              value: formatCount(s.overdueForFollowUp),
              href: myReferrals({ followupType: 'OVERDUE' }, product),
            },
          ]}
        />
      ) : stats.isError ? (
        <QueryFailure thing="The totals" retry={stats.refetch} />
      ) : (
        <Skeleton shape="figures" label="Loading totals" />
      )}
    </WidgetCard>
  );
}
