import { LeadList } from './lead-list.tsx';
import { WidgetCard } from './widget-card.tsx';

/** The five IRIS (LeadGenius) leads most recently assigned, whatever product the selector shows. */
export function RecentIrisReferralsWidget() {
  return (
    <WidgetCard id="recentIrisReferrals" span={4}>
      <LeadList label="Recently assigned IRIS referrals" product="LEAD_GENIUS" sort="assignedAt" />
    </WidgetCard>
  );
}
