import { pathTo } from '../../access/route-table.ts';
import { recordIds } from '../../lib/record-params.ts';
import { BrokerReferralView } from '../../widgets/broker-referral-view.tsx';

/** A referral opened from an agent (my-agents view/:id/referral/:referralId). */
export function MyAgentReferralScreen({ params }: { params: Record<string, string> }) {
  const ids = recordIds(params, 'id', 'referralId');
  const agentId = ids?.id;
  return (
    <BrokerReferralView
      referralId={ids?.referralId}
      agentId={agentId}
      back={{
        href: agentId ? pathTo('view-my-agent', { id: agentId }) : pathTo('my-agents'),
        label: agentId ? 'Back to agent' : 'Back to My Agents',
      }}
      agentHref={(id) => pathTo('view-my-agent', { id })}
    />
  );
}
