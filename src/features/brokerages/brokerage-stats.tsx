import { useQuery } from '@tanstack/react-query';

import { brokerageStatsQueryOptions } from '../../api/brokerages.ts';
import { formatDollars } from '../../lib/format.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';

/** A summary of the brokerage's referral stats (GET /agents-api/brokerages/{id}/stats, all products). */
export function BrokerageStats({ id }: { id: number }) {
  const stats = useQuery(brokerageStatsQueryOptions(id));
  if (stats.isError) return <p className={styles.meta}>Stats are not available for this brokerage.</p>;
  const s = stats.data;
  if (!s) return <Skeleton label="Loading" shape="figures" />;
  return (
    <DetailList
      items={[
        ['Active Referrals', s.activeReferrals],
        ['Overdue for Follow-up', s.overdueForFollowUp],
        ['Received', s.received],
        ['Under Contract', s.underContract],
        ['Total Closed', s.totalClosed],
        ['Total Closed Value', formatDollars(s.totalClosedValue)],
        ['Removed', s.removed],
        ['Projected New Closings', s.projectedNewClosings],
      ]}
    />
  );
}
