import { BrokerScoreWidget } from './broker-score.tsx';
import { CallToActionWidget } from './call-to-action.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { LeadProgressionWidget } from './lead-progression.tsx';
import { LeaderboardWidget } from './leaderboard.tsx';
import { LeadsBySourceWidget } from './leads-by-source.tsx';
import { LeadsByStatusWidget } from './leads-by-status.tsx';
import { LeadsCapWidget } from './leads-cap.tsx';
import { LeadsLimitWidget } from './leads-limit.tsx';
import { OverallTotalsWidget } from './overall-totals.tsx';
import { OverdueAgentsWidget } from './overdue-agents.tsx';
import { PerformanceWidget } from './performance.tsx';
import { RecentIrisReferralsWidget } from './recent-iris-referrals.tsx';
import { RecentReferralsWidget } from './recent-referrals.tsx';
import { ReferralProgressionWidget } from './referral-progression.tsx';
import { ReferralSummaryWidget } from './referral-summary.tsx';
import { RespondedLeadsWidget } from './responded-leads.tsx';
import { SalesFunnelWidget } from './sales-funnel.tsx';
import { IrisWidget } from './teaser.tsx';

/** Every widget in a 12-column grid; the IRIS ones hidden (Porchlight chosen) or teasers (no LeadGenius). */
export function DashboardGrid({ hideIris }: { hideIris: boolean }) {
  const { leadGenius } = useDashboard();
  const iris = { hidden: hideIris, leadGenius };
  return (
    <div className={styles.grid}>
      <BrokerScoreWidget />
      <OverallTotalsWidget />
      <SalesFunnelWidget />
      <ReferralSummaryWidget />
      <PerformanceWidget />
      <IrisWidget id="leadProgression" span={8} {...iris}>
        <LeadProgressionWidget />
      </IrisWidget>
      <IrisWidget id="respondedLeads" span={8} kind="pie" {...iris}>
        <RespondedLeadsWidget />
      </IrisWidget>
      <IrisWidget id="leadsCap" span={4} {...iris}>
        <LeadsCapWidget />
      </IrisWidget>
      <IrisWidget id="leadsLimit" span={4} {...iris}>
        <LeadsLimitWidget />
      </IrisWidget>
      <IrisWidget id="leadsBySource" span={8} {...iris}>
        <LeadsBySourceWidget />
      </IrisWidget>
      <LeaderboardWidget />
      <IrisWidget id="leadsByStatus" span={4} {...iris}>
        <LeadsByStatusWidget />
      </IrisWidget>
      <OverdueAgentsWidget />
      <IrisWidget id="referralProgression" span={8} {...iris}>
        <ReferralProgressionWidget />
      </IrisWidget>
      <RecentReferralsWidget />
      <IrisWidget id="recentIrisReferrals" span={4} {...iris}>
        <RecentIrisReferralsWidget />
      </IrisWidget>
      <CallToActionWidget />
    </div>
  );
}
