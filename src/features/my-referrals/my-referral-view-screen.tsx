import { pathTo } from '../../access/route-table.ts';
import { recordId } from '../../lib/record-params.ts';
import { BrokerReferralView } from '../../widgets/broker-referral-view.tsx';

/** One referral of the brokerage (my-referrals view/:referralId): details, timeline, notes. */
export function MyReferralViewScreen({ params }: { params: Record<string, string> }) {
  return (
    <BrokerReferralView
      referralId={recordId(params['referralId'])}
      back={{ href: pathTo('my-referrals'), label: 'Back to My Referrals' }}
      agentHref={(id) => pathTo('view-my-agent', { id })}
    />
  );
}
