import { useQuery } from '@tanstack/react-query';

import { pathTo } from '../../access/route-table.ts';
import { brokerageQueryOptions } from '../../api/brokerages.ts';
import { recordId } from '../../lib/record-params.ts';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { EmailSettingsEditor } from './email-settings-editor.tsx';

/** brokerages/email/:id (staff): the same settings, for any brokerage. */
export function BrokerageEmailSettingsScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const brokerage = useQuery({ ...brokerageQueryOptions(found ?? 0), enabled: found !== undefined });
  return (
    <RecordScreen
      found={found !== undefined}
      query={brokerage}
      noun="brokerage"
      title={(b) => b.name}
      back={
        found === undefined ? undefined : { href: pathTo('brokerage-view', { id: found }), label: 'Back to brokerage' }
      }
    >
      {(b) => <EmailSettingsEditor brokerageId={b.id} />}
    </RecordScreen>
  );
}
