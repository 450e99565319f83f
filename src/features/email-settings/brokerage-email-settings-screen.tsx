import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { brokerageQueryOptions } from '../../api/brokerages.ts';
import { recordId } from '../../lib/record-params.ts';
import { Card, Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as staff from '../../ui/staff.css.ts';
import { EmailSettingsEditor } from './email-settings-editor.tsx';

/** brokerages/email/:id (staff): the same settings, for any brokerage. */
export function BrokerageEmailSettingsScreen({ params }: { params: Record<string, string> }) {
  const id = recordId(params['id']) ?? 0;
  const valid = Number.isInteger(id) && id > 0;
  const brokerage = useQuery({ ...brokerageQueryOptions(id), enabled: valid });
  if (!valid || brokerage.isError)
    return (
      <Page>
        <QueryFailure thing="This brokerage" />
      </Page>
    );
  if (!brokerage.data) return <Skeleton label="Loading" shape="record" />;
  return (
    <Page>
      <Card aria-labelledby="email-settings-heading">
        <div className={staff.headerRow}>
          <h2 id="email-settings-heading" className={staff.heading}>
            {brokerage.data.name}
          </h2>
          <Link href={pathTo('brokerage-view', { id })}>Back to brokerage</Link>
        </div>
        <EmailSettingsEditor brokerageId={id} />
      </Card>
    </Page>
  );
}
