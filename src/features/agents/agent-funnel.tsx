import { useQuery } from '@tanstack/react-query';

import { agentFunnelQueryOptions } from '../../api/staff-agents.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';

const TYPES = [
  ['seller', 'Seller'],
  ['buyer', 'Buyer'],
  ['rental', 'Rental'],
] as const;

/** The agent's funnel: referrals at each stage now, per referral type, with the overdue ones. */
export function AgentFunnelView({ id }: { id: number }) {
  const funnel = useQuery(agentFunnelQueryOptions(id));
  if (funnel.isError) return <QueryFailure thing="The funnel" />;
  if (!funnel.data) return <Skeleton label="Loading" shape="chart" />;
  const f = funnel.data;
  return (
    <div className={styles.stack}>
      {TYPES.map(([key, label]) => (
        <section key={key}>
          <h3 className={styles.subheading}>
            {label} ({f[key].total} total, {f[key].removed} removed)
          </h3>
          <DataTable
            label={`${label} funnel`}
            rowKey={(s) => s.stage}
            rows={f[key].stages}
            columns={[
              { key: 'stage', header: 'Stage', cell: (s) => stageLabel(s.stage) },
              { key: 'count', header: 'Referrals', cell: (s) => s.count },
              { key: 'overdue', header: 'Overdue', cell: (s) => s.overdue },
            ]}
          />
        </section>
      ))}
    </div>
  );
}
