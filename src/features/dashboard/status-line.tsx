import { dashboardKeys } from '../../api/dashboard.ts';
import { StatusLine as SharedStatusLine } from '../../widgets/status-line.tsx';

/** "Last updated 3:05 PM", a refresh button, and the offline notice, for the brokerage's dashboard. */
export function StatusLine({ brokerageId }: { brokerageId: number }) {
  return <SharedStatusLine scope={dashboardKeys.scope(brokerageId)} />;
}
