import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { brokerageAdminsQueryOptions } from '../../api/brokerage-admins.ts';
import type { BrokerageAdmin } from '../../contract/brokerage-admins.ts';
import { IMPERSONATE_FIRST, useBrokerageScope } from '../../session/brokerage-scope.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { mutedText, Page } from '../../ui/layout.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { adminName, AdminStatus, inviteText, lastSignIn } from './admin-format.tsx';
import { InviteAdminDialog } from './invite-admin-dialog.tsx';
import { AdminActions } from './remove-admin.tsx';

// The API answers active admins first, then invitations, by name: one order, nothing to filter.
const LIST = defineList({ sort: { key: 'name', desc: false }, sortKeys: ['name'] });

const COLUMNS: readonly Column<BrokerageAdmin>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (a) => <Link href={pathTo('my-admin-view', { id: a.id })}>{adminName(a)}</Link>,
  },
  { key: 'email', header: 'Email', cell: (a) => a.email ?? '-' },
  { key: 'status', header: 'Status', cell: (a) => <AdminStatus admin={a} /> },
  { key: 'last', header: 'Last Sign-in', cell: lastSignIn },
  { key: 'invite', header: 'Invitation', cell: inviteText },
  { key: 'actions', header: 'Actions', cell: (a) => <AdminActions admin={a} /> },
];

/** My Admins: the brokerage's administrators, pending invitations, invite, resend and remove. */
export function MyAdminsScreen() {
  const brokerageId = useBrokerageScope();
  const list = useUrlListState(LIST.spec);
  const [inviting, setInviting] = useState(false);
  const query = useQuery({
    ...brokerageAdminsQueryOptions({ pageIndex: list.params.pageIndex, pageSize: list.params.pageSize }),
    enabled: brokerageId !== null,
    placeholderData: keepPreviousData,
  });
  if (brokerageId === null)
    return (
      <Page>
        <p className={mutedText}>{IMPERSONATE_FIRST}</p>
      </Page>
    );
  return (
    <>
      <ListScreen
        title="My Admins"
        definition={LIST}
        list={list}
        query={query}
        columns={COLUMNS}
        rowKey={(a) => a.id}
        label="Administrators"
        rowsType="admins"
        empty="No administrators yet."
        error="The administrators could not be loaded. Try again."
        actions={<Button onClick={() => setInviting(true)}>Invite Admin</Button>}
      />
      <InviteAdminDialog open={inviting} onOpenChange={setInviting} />
    </>
  );
}
