import { useQuery } from '@tanstack/react-query';

import { leadStatsQueryOptions } from '../../api/dashboard.ts';
import { capView } from '../../lib/cap.ts';
import { formatCount } from '../../lib/format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { CapBar } from './cap-bar.tsx';
import { useDashboard } from './dashboard-context.ts';
import { Tiles } from './tiles.tsx';
import { CardState, WidgetCard } from './widget-card.tsx';

export const NO_CAP_DATA = 'No sent versus quarterly cap data available at this time';

/** The lead stats row of the current month (content[0]), shared with the leads limit widget. */
export function useLeadStats() {
  const { brokerageId } = useDashboard();
  const q = useQuery(leadStatsQueryOptions(brokerageId));
  return { row: q.data?.content[0], loading: !q.data && !q.isError };
}

/** New leads sent this month against the quarterly cap. */
export function LeadsCapWidget() {
  const { row, loading } = useLeadStats();
  return (
    <WidgetCard id="leadsCap" span={4}>
      {loading ? (
        <Skeleton shape="figures" label="Loading lead stats" />
      ) : !row ? (
        <CardState>{NO_CAP_DATA}</CardState>
      ) : (
        <>
          <Tiles
            label="Sent versus cap"
            items={[
              { key: 'sent', label: 'Sent This Month', value: formatCount(row.ingestedCount) },
              {
                key: 'cap',
                label: 'Quarterly Cap',
                value: capView(row.ingestedCount, row.quarterlyCap).noCap ? 'No cap' : formatCount(row.quarterlyCap),
              },
            ]}
          />
          <CapBar label="New leads sent this month" sent={row.ingestedCount} cap={row.quarterlyCap} />
        </>
      )}
    </WidgetCard>
  );
}
