import { formatCount, formatPriceShort } from '../../lib/format.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from './dashboard.css.ts';
import { Tiles } from './tiles.tsx';
import { useBrokerageStats } from './use-stats.ts';
import { WidgetCard } from './widget-card.tsx';

export const PROJECTED_DISCLAIMER = 'Projected only; not a guarantee.';

/** Performance: closings and their value, and the projected closings with the spec's disclaimer. */
export function PerformanceWidget() {
  const stats = useBrokerageStats();
  const s = stats.data;
  return (
    <WidgetCard id="performance" span={4}>
      {s ? (
        <>
          <Tiles
            label="Performance figures"
            items={[
              { key: 'closed', label: 'Closings', value: formatCount(s.totalClosed) },
              { key: 'value', label: 'Closed Value', value: formatPriceShort(s.totalClosedValue) },
              { key: 'projected', label: 'Projected New Closings', value: formatCount(s.projectedNewClosings) },
              { key: 'projected-value', label: 'Projected to Close', value: formatPriceShort(s.projectedToClose) },
            ]}
          />
          <p className={styles.disclaimer}>{PROJECTED_DISCLAIMER}</p>
        </>
      ) : stats.isError ? (
        <QueryFailure thing="The performance figures" retry={stats.refetch} />
      ) : (
        <Skeleton shape="figures" label="Loading performance" />
      )}
    </WidgetCard>
  );
}
