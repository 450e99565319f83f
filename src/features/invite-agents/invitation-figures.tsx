import { useQuery } from '@tanstack/react-query';

import { invitationStatsQueryOptions } from '../../api/invitation-details.ts';
import { enumLabel } from '../../contract/labels.ts';
import { POTENTIAL_AGENT_LIST_STATUSES } from '../../contract/potential-agents.ts';
import { formatCount, NO_INVITATIONS } from '../../lib/format.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';

/**
 * The brokerage's invitations in figures (GET .../brokerages/{id}/agentInvitations/stats): how many
 * are in each state, and of those sent in the last 30 days how many were accepted.
 */
export function InvitationFigures({ brokerageId }: { brokerageId: number }) {
  const stats = useQuery(invitationStatsQueryOptions(brokerageId));
  if (stats.isError) return <QueryFailure thing="The invitation figures" retry={stats.refetch} />;
  const s = stats.data;
  if (!s) return null;
  const last30 =
    s.sentLast30 === 0 ? NO_INVITATIONS : `${formatCount(s.acceptedLast30)} of ${formatCount(s.sentLast30)} accepted`;
  return (
    <section aria-label="Invitation figures">
      <DetailList
        items={[
          ...POTENTIAL_AGENT_LIST_STATUSES.map(
            (st) => [enumLabel('potentialAgentListStatus', st), formatCount(s.counts[st] ?? 0)] as const,
          ),
          ['Sent in the last 30 days', last30],
        ]}
      />
    </section>
  );
}
