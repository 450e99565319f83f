import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { brokerageAdminQueryOptions } from '../../api/brokerage-admins.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import * as styles from '../../ui/staff.css.ts';
import { adminName, AdminStatus, inviteText, lastSignIn } from './admin-format.tsx';
import { AdminActions } from './remove-admin.tsx';
import { RecordSkeleton } from '../../ui/skeleton.tsx';

/** One administrator (my-admins/view/:id): status, last sign-in, invitation, and the same actions as the list. */
export function MyAdminViewScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params['id']);
  const [, navigate] = useLocation();
  const query = useQuery({ ...brokerageAdminQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const back = <Link href={pathTo('my-admins')}>Back to My Admins</Link>;
  if (query.isError) return <Page><p role="alert">This administrator could not be loaded.</p>{back}</Page>;
  const a = query.data;
  if (!a) return <RecordSkeleton label="Loading administrator" />;
  return (
    <Page>
      <Card aria-labelledby="admin-heading">
        <div className={styles.headerRow}>
          <h2 id="admin-heading" className={styles.heading}>{adminName(a)}</h2>
          {back}
        </div>
        <DetailList items={[
          ['Email', a.email ?? '-'], ['Status', <AdminStatus key="s" admin={a} />], ['Last Sign-in', lastSignIn(a)],
          ['Invitation', inviteText(a)], ['Added', formatDateTime(a.created)],
        ]} />
        <AdminActions admin={a} onRemoved={() => navigate(pathTo('my-admins'))} />
      </Card>
    </Page>
  );
}
