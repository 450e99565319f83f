import { isNoCap } from '../../lib/cap.ts';
import { formatCount } from '../../lib/format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { CapBar } from './cap-bar.tsx';
import { NO_CAP_DATA, useLeadStats } from './leads-cap.tsx';
import { Tiles } from './tiles.tsx';
import { CardState, WidgetCard } from './widget-card.tsx';

/** Leads limit: this quarter's leads against the quarterly cap and what remains of it. */
export function LeadsLimitWidget() {
  const { row, loading } = useLeadStats();
  return (
    <WidgetCard id="leadsLimit" span={4}>
      {loading ? (
        <Skeleton shape="figures" label="Loading leads limit" />
      ) : !row ? (
        <CardState>{NO_CAP_DATA}</CardState>
      ) : (
        <>
          <Tiles
            label="Quarter figures"
            items={[
              { key: 'quarter', label: 'Leads This Quarter', value: formatCount(row.quarterIngestedCount) },
              {
                key: 'cap',
                label: 'Quarterly Cap',
                value: isNoCap(row.quarterlyCap) ? 'No cap' : formatCount(row.quarterlyCap),
              },
              {
                key: 'left',
                label: 'Remaining',
                value: isNoCap(row.quarterlyCap)
                  ? 'No cap'
                  : formatCount(Math.max(0, row.quarterlyCap - row.quarterIngestedCount)),
              },
            ]}
          />
          <CapBar label="Leads this quarter" sent={row.quarterIngestedCount} cap={row.quarterlyCap} />
        </>
      )}
    </WidgetCard>
  );
}
