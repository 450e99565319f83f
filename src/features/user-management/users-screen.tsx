import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { ROLE_FILTER, roleDisplayName } from '../../access/roles.ts';
import { pathTo } from '../../access/route-table.ts';
import { usersQueryOptions } from '../../api/user-management.ts';
import type { UserSummary } from '../../contract/users.ts';
import { formatPhone } from '../../lib/validation.ts';
import { buttonClass } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen } from '../../widgets/list-screen.tsx';
import { lastSignIn, rolesText, statusLabel, USER_STATUSES, userName, UserStatus } from './user-format.tsx';

const COLUMNS: Column<UserSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'lastName',
    cell: (u) => <Link href={pathTo('user-edit', { id: u.id })}>{userName(u)}</Link>,
  },
  { key: 'email', header: 'Email', sortKey: 'email', cell: (u) => u.email ?? '-' },
  { key: 'phone', header: 'Phone', cell: (u) => formatPhone(u.phone) || '-' },
  { key: 'roles', header: 'Roles', cell: (u) => rolesText(u.roles) },
  { key: 'status', header: 'Status', cell: (u) => <UserStatus status={u.status} /> },
  { key: 'last', header: 'Last Sign-in', cell: (u) => lastSignIn(u.psiLastLogin) },
];

const LIST = defineList({
  sort: { key: 'lastName', desc: false },
  sortKeys: ['lastName', 'email', 'created'],
  search: { key: 'q', placeholder: 'Name or email' },
  filters: [
    // Exactly the spec's role filter (spec 1 section 6), with its display names.
    {
      key: 'role',
      label: 'Role',
      all: 'All roles',
      options: ROLE_FILTER.map((r) => ({ value: r, label: roleDisplayName(r) })),
    },
    {
      key: 'status',
      label: 'Status',
      all: 'All statuses',
      options: USER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
    },
  ],
});

/** User Management: every user, searched by name or email and filtered by role and status on the server. */
export function UserManagementScreen() {
  const list = useUrlListState(LIST.spec);
  const query = useQuery({ ...usersQueryOptions(list.params), placeholderData: keepPreviousData });
  return (
    <ListScreen
      title="User Management"
      definition={LIST}
      list={list}
      query={query}
      columns={COLUMNS}
      rowKey={(u) => u.id}
      label="Users"
      rowsType="users"
      empty="No users found."
      actions={
        <Link className={buttonClass('primary')} href={pathTo('user-create')}>
          Create User
        </Link>
      }
    />
  );
}
