import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { funnelQueryOptions } from '../../api/agent-app.ts';
import type { AgentFunnel } from '../../contract/referrals.ts';
import { stageLabel, type ReferralType } from '../../lib/referral-stages.ts';
import { Badge } from '../../ui/badge.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import * as styles from './agent-app.css.ts';
import { AgentNotices } from './agent-notices.tsx';
import { useAgentId } from './use-agent.ts';

const TABS: { type: ReferralType; key: 'seller' | 'buyer' | 'rental'; label: string }[] = [
  { type: 'SELLER', key: 'seller', label: 'Seller' },
  { type: 'BUYER', key: 'buyer', label: 'Buyer' },
  { type: 'RENTAL', key: 'rental', label: 'Rental' },
];

const stageHref = (stage: string, type: ReferralType) => `/console/agent-followups?s=${stage}&t=${type}`;

function FunnelList({ funnel, type }: { funnel: AgentFunnel['seller']; type: ReferralType }) {
  const rows = [...funnel.stages, { stage: 'REMOVED' as const, count: funnel.removed, overdue: 0 }];
  return (
    <>
      <ul className={styles.list} aria-label={`${type.charAt(0)}${type.slice(1).toLowerCase()} funnel`}>
        {rows.map((s) => (
          <li key={s.stage} className={styles.item}>
            <Link href={stageHref(s.stage, type)} className={styles.rowLink}>
              <span className={styles.rowName}>{stageLabel(s.stage)}</span>
              <span className={styles.count}>{s.count}</span>
              {s.overdue > 0 && (
                <span className={styles.fullRow}>
                  <Badge tone="danger">{s.overdue} overdue</Badge>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{funnel.total} referrals in all</p>
    </>
  );
}

/** My Funnel: the agent's referrals at each funnel stage; a stage opens its follow-ups. */
export function FunnelScreen() {
  const agentId = useAgentId();
  const funnel = useQuery({ ...funnelQueryOptions(agentId ?? 0), enabled: agentId !== null });
  return (
    <div className={styles.page}>
      <AgentNotices />
      <section className={styles.section} aria-label="Funnel">
        {funnel.data ? (
          <Tabs
            label="Funnel type"
            items={TABS.map((t) => ({
              value: t.key,
              label: t.label,
              content: <FunnelList funnel={funnel.data[t.key]} type={t.type} />,
            }))}
          />
        ) : funnel.isError ? (
          <QueryFailure text={`The funnel could not be loaded. ${funnel.error.message}`} retry={funnel.refetch} />
        ) : (
          <Skeleton label="Loading funnel" shape="chart" />
        )}
      </section>
    </div>
  );
}
