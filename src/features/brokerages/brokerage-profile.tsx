import type { Brokerage } from '../../contract/brokerages.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDate, productFamilyLabel, rateText } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Badge } from '../../ui/badge.tsx';
import { DetailList } from '../../ui/detail-list.tsx';

const NO_CAP = [0, 99999]; // spec 2 section 9: a quarterly cap of 0 or 99999 means no cap

const statusTone = (status: string) => (status === 'ACTIVE' ? 'success' : status === 'PAUSED' ? 'warning' : 'neutral');

/** The brokerage's profile: status, products, contact details, quarterly cap and Broker Boost. */
export function BrokerageProfile({ brokerage: b }: { brokerage: Brokerage }) {
  return (
    <DetailList
      items={[
        [
          'Status',
          <Badge key="s" tone={statusTone(b.status)}>
            {enumLabel('brokerageStatus', b.status)}
          </Badge>,
        ],
        ['Products', b.product.map((p) => productFamilyLabel(p.productFamily)).join(', ')],
        ['Email', b.email],
        ['Phone', formatPhone(b.phone)],
        ['Address', [b.street, [b.city, b.state].filter(Boolean).join(', '), b.zip].filter(Boolean).join(', ')],
        ['Quarterly Cap', NO_CAP.includes(b.quarterlyCap) ? 'No cap' : b.quarterlyCap],
        ['Broker Boost', b.boost.enabled ? `On (${rateText(b.boost.boostPercentage)})` : 'Off'],
        ['Created', formatDate(b.created)],
      ]}
    />
  );
}
