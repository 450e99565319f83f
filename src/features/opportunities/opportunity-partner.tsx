import { useQuery } from '@tanstack/react-query';

import { partnerQueryOptions } from '../../api/opportunity-timeline.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatPhone } from '../../lib/validation.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';

/** The referral partner who sent the opportunity in; nothing when it came in without one. */
export function OpportunityPartner({ partnerId }: { partnerId: number | null }) {
  const query = useQuery({ ...partnerQueryOptions(partnerId ?? 0), enabled: partnerId !== null });
  if (partnerId === null) return null;
  const p = query.data;
  return (
    <Card aria-labelledby="opportunity-partner">
      <h2 id="opportunity-partner" className={styles.subheading}>
        Referral Partner
      </h2>
      {query.isError ? (
        <QueryFailure thing="The referral partner" />
      ) : !p ? (
        <Skeleton label="Loading" shape="record" />
      ) : (
        <DetailList
          items={[
            ['Name', p.name],
            ['Type', enumLabel('partnerType', p.type)],
            ['Contact', p.contactName ?? '-'],
            ['Email', p.email ?? '-'],
            ['Phone', formatPhone(p.phone) || '-'],
            ['Website', p.website ?? '-'],
            ['Opportunities Sent', `${p.opportunities.total} (${p.opportunities.open} open)`],
          ]}
        />
      )}
    </Card>
  );
}
