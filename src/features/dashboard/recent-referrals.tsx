import { useDashboard } from './dashboard-context.ts';
import { LeadList } from './lead-list.tsx';
import { WidgetCard } from './widget-card.tsx';

/** The five referrals most recently assigned to the brokerage's agents (the chosen product); a row opens the lead. */
export function RecentReferralsWidget() {
  const { product } = useDashboard();
  return (
    <WidgetCard id="recentReferrals" span={4}>
      <LeadList label="Recently assigned referrals" product={product} sort="assignedAt" />
    </WidgetCard>
  );
}
