import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { userAuditQueryOptions } from '../../api/user-management.ts';
import { codeLabel } from '../../contract/labels.ts';
import type { AuditRow } from '../../contract/users.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useListState } from '../../ui/use-list-state.ts';

const ACTIONS: Record<string, string> = {
  USER_CREATED: 'Created',
  ROLE_GRANTED: 'Role added',
  ROLE_REVOKED: 'Role removed',
  USER_REMOVED: 'Deactivated',
  INVITE_RESENT: 'Invitation sent again',
  FLEX_ATTRIBUTE_SET: 'Attribute set',
  FLEX_ATTRIBUTE_REMOVED: 'Attribute removed',
};

const by = (a: AuditRow) => {
  const actor = a.actor?.name ?? a.actor?.email ?? 'Unknown';
  return a.asUser && a.actor && a.asUser.id !== a.actor.id
    ? `${actor} as ${a.asUser.name ?? a.asUser.email ?? 'another user'}`
    : actor;
};

const COLUMNS: Column<AuditRow>[] = [
  { key: 'when', header: 'When', cell: (a) => formatDateTime(a.created) },
  { key: 'what', header: 'Change', cell: (a) => ACTIONS[a.action] ?? codeLabel(a.action) },
  { key: 'detail', header: 'Detail', cell: (a) => a.detail ?? '-' },
  { key: 'by', header: 'By', cell: by },
];

/** Every change made to the user (role changes, creation, invitations, attributes, deactivation), newest first. */
export function UserHistory({ userId }: { userId: number }) {
  const list = useListState({}, { key: 'created', desc: true });
  const query = useQuery({
    ...userAuditQueryOptions(userId, { pageIndex: list.params.pageIndex, pageSize: list.params.pageSize }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card aria-labelledby="history-heading">
      <h3 id="history-heading" className={styles.subheading}>
        History
      </h3>
      {query.isError && (
        <p role="alert" className={styles.formError}>
          Whoops, Something went wrong. Try again.
        </p>
      )}
      <DataTable
        label="History"
        columns={COLUMNS}
        rows={query.data?.content ?? []}
        rowKey={(a) => a.id}
        loading={query.isPending}
        empty="No changes recorded."
      />
      <Pagination rowsType="changes" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </Card>
  );
}
