import { pathTo } from '../../access/route-table.ts';
import { BrokerReferralView } from '../../widgets/broker-referral-view.tsx';

/** A referral opened from an agent (my-agents view/:id/referral/:referralId). */
export function MyAgentReferralScreen({ params }: { params: Record<string, string> }) {
  const agentId = Number(params['id']);
  return (
    <BrokerReferralView referralId={Number(params['referralId'])} agentId={agentId}
      back={{ href: pathTo('view-my-agent', { id: agentId }), label: 'Back to agent' }} agentHref={(id) => pathTo('view-my-agent', { id })} />
  );
}
