import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { brokerageAdminsQueryOptions } from '../../api/brokerage-admins.ts';
import type { BrokerageAdmin } from '../../contract/brokerage-admins.ts';
import { IMPERSONATE_FIRST, useBrokerageScope } from '../../session/brokerage-scope.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Card, mutedText, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useSearchState } from '../../ui/use-search-state.ts';
import { adminName, AdminStatus, inviteText, lastSignIn } from './admin-format.tsx';
import { InviteAdminDialog } from './invite-admin-dialog.tsx';
import { AdminActions } from './remove-admin.tsx';

const NO_FILTERS = {};

/** My Admins: the brokerage's administrators, pending invitations, invite, resend and remove. */
export function MyAdminsScreen() {
  const brokerageId = useBrokerageScope();
  const list = useSearchState(NO_FILTERS);
  const [inviting, setInviting] = useState(false);
  const query = useQuery({
    ...brokerageAdminsQueryOptions({ pageIndex: list.pageIndex, pageSize: list.rowsPerPage }),
    enabled: brokerageId !== null, placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => [
    { key: 'name', header: 'Name', cell: (a: BrokerageAdmin) => <Link href={pathTo('my-admin-view', { id: a.id })}>{adminName(a)}</Link> },
    { key: 'email', header: 'Email', cell: (a: BrokerageAdmin) => a.email ?? '-' },
    { key: 'status', header: 'Status', cell: (a: BrokerageAdmin) => <AdminStatus admin={a} /> },
    { key: 'last', header: 'Last Sign-in', cell: lastSignIn },
    { key: 'invite', header: 'Invitation', cell: inviteText },
    { key: 'actions', header: 'Actions', cell: (a: BrokerageAdmin) => <AdminActions admin={a} /> },
  ], []);
  if (brokerageId === null) return <Page><p className={mutedText}>{IMPERSONATE_FIRST}</p></Page>;
  return (
    <Page>
      <Card aria-labelledby="admins-heading">
        <div className={styles.headerRow}>
          <h2 id="admins-heading" className={styles.heading}>Administrators</h2>
          <Button onClick={() => setInviting(true)}>Invite Admin</Button>
        </div>
        {query.isError ? <p role="alert" className={styles.formError}>The administrators could not be loaded. Try again.</p> : (
          <DataTable label="Administrators" rows={query.data?.content ?? []} loading={query.isPending} rowKey={(a) => a.id}
            empty="No administrators yet." columns={columns} />
        )}
        <Pagination rowsType="admins" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
      <InviteAdminDialog open={inviting} onOpenChange={setInviting} />
    </Page>
  );
}
