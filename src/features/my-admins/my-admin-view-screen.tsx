import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { brokerageAdminQueryOptions } from '../../api/brokerage-admins.ts';
import { formatDateTime } from '../../lib/format.ts';
import { recordId } from '../../lib/record-params.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { adminName, AdminStatus, inviteText, lastSignIn } from './admin-format.tsx';
import { AdminActions } from './remove-admin.tsx';

/** One administrator (my-admins/view/:id): status, last sign-in, invitation, and the same actions as the list. */
export function MyAdminViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const [, navigate] = useLocation();
  const query = useQuery({ ...brokerageAdminQueryOptions(found ?? 0), enabled: found !== undefined });
  return (
    <RecordScreen
      found={found !== undefined}
      query={query}
      noun="administrator"
      title={adminName}
      back={{ href: pathTo('my-admins'), label: 'Back to My Admins' }}
    >
      {(a) => (
        <>
          <DetailList
            items={[
              ['Email', a.email ?? '-'],
              ['Status', <AdminStatus key="s" admin={a} />],
              ['Last Sign-in', lastSignIn(a)],
              ['Invitation', inviteText(a)],
              ['Added', formatDateTime(a.created)],
            ]}
          />
          <AdminActions admin={a} onRemoved={() => navigate(pathTo('my-admins'))} />
        </>
      )}
    </RecordScreen>
  );
}
