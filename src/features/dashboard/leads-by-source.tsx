import { useQuery } from '@tanstack/react-query';

import { leadSourcesQueryOptions } from '../../api/dashboard.ts';
import { formatCount, rateText } from '../../lib/format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

/** Leads by source: per supplier, leads supplied and the assigned and closed shares (server rates, % appended). */
export function LeadsBySourceWidget() {
  const { brokerageId, product } = useDashboard();
  const q = useQuery(leadSourcesQueryOptions(brokerageId, product));
  const rows = q.data;
  return (
    <WidgetCard id="leadsBySource" span={8}>
      {!rows ? (
        q.isError ? (
          <CardState>No lead reports available</CardState>
        ) : (
          <Skeleton shape="chart" label="Loading leads by source" />
        )
      ) : rows.length === 0 ? (
        <CardState>No lead reports available</CardState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.muted} style={{ textAlign: 'left' }}>
              Leads per lead supplier
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.th}>
                  Source
                </th>
                <th scope="col" className={`${styles.th} ${styles.num}`}>
                  Leads
                </th>
                <th scope="col" className={`${styles.th} ${styles.num}`}>
                  Assigned
                </th>
                <th scope="col" className={`${styles.th} ${styles.num}`}>
                  Assigned Rate
                </th>
                <th scope="col" className={`${styles.th} ${styles.num}`}>
                  Closed
                </th>
                <th scope="col" className={`${styles.th} ${styles.num}`}>
                  Closed Rate
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.supplierName}>
                  <th scope="row" className={styles.td} style={{ fontWeight: 600, textAlign: 'left' }}>
                    {r.supplierName}
                  </th>
                  <td className={`${styles.td} ${styles.num}`}>{formatCount(r.leadSuppliedCount)}</td>
                  <td className={`${styles.td} ${styles.num}`}>{formatCount(r.assignedReferralCount)}</td>
                  <td className={`${styles.td} ${styles.num}`}>{rateText(r.assignedReferralRate)}</td>
                  <td className={`${styles.td} ${styles.num}`}>{formatCount(r.closedReferralCount)}</td>
                  <td className={`${styles.td} ${styles.num}`}>{rateText(r.closedReferralRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </WidgetCard>
  );
}
