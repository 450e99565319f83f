import { useQuery } from '@tanstack/react-query';

import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import type { Agent } from '../../contract/agents.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDate, formatDateTime, formatScore } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Badge } from '../../ui/badge.tsx';
import { DetailList } from '../../ui/detail-list.tsx';

const statusTone = (s: string) =>
  s === 'ACTIVE'
    ? 'success'
    : s === 'ADMIN_HOLD' || s === 'DEACTIVATED'
      ? 'danger'
      : s === 'PAUSED'
        ? 'warning'
        : 'neutral';

/** The agent's profile and status. */
export function AgentProfile({ agent: a }: { agent: Agent }) {
  const names = useQuery(brokerageNamesQueryOptions());
  const overdue = a.funnelStatus.stages.overdueForFollowup.count;
  return (
    <DetailList
      items={[
        [
          'Status',
          <Badge key="s" tone={statusTone(a.status)}>
            {enumLabel('agentStatus', a.status)}
          </Badge>,
        ],
        ['Brokerage', names.data?.find((b) => b.id === a.brokerageId)?.name],
        ['Email', a.email],
        ['Phone', formatPhone(a.phone)],
        ['Score', formatScore(a.agentDisplayScore)],
        [
          'Overdue Referrals',
          overdue > 0 ? `${overdue} (up to ${a.funnelStatus.stages.maxDaysOverdue.count} days)` : '0',
        ],
        ['Desktop Last Accessed', formatDateTime(a.agentDesktopLastAccessed)],
        ['Joined', formatDate(a.created)],
      ]}
    />
  );
}
