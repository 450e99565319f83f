import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { auditRequestsQueryOptions, auditSessionsQueryOptions } from '../../api/staff.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { Tabs } from '../../ui/tabs.tsx';

type AuditUser = { id: number; name: string | null; email: string | null } | null;
const who = (u: AuditUser) =>
  u ? [u.name, u.email && `(${u.email})`].filter(Boolean).join(' ') || `User ${u.id}` : '-';
/** `who` with the email's own break points (after @, before each dot), so a phone card never breaks inside a part. */
const whoShown = (u: AuditUser) =>
  u?.email ? (
    <>
      {u.name ? `${u.name} ` : ''}({withBreakPoints(u.email)})
    </>
  ) : (
    who(u)
  );

function usePaging() {
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  return { paging, setPaging, params: { pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage } };
}

function Sessions() {
  const { paging, setPaging, params } = usePaging();
  const query = useQuery({ ...auditSessionsQueryOptions(params), placeholderData: keepPreviousData });
  return (
    <>
      {query.isError && <p role="alert">Whoops, Something went wrong. Try again.</p>}
      <DataTable
        label="Impersonation sessions"
        rows={query.data?.content ?? []}
        loading={query.isPending}
        rowKey={(s) => `${s.actor?.id}-${s.asUser?.id}-${s.started}`}
        empty="No impersonation sessions yet."
        columns={[
          { key: 'actor', header: 'Staff User', cell: (s) => whoShown(s.actor) },
          { key: 'as', header: 'Impersonated User', cell: (s) => whoShown(s.asUser) },
          { key: 'started', header: 'Started', cell: (s) => formatDateTime(s.started) },
          { key: 'ended', header: 'Last Request', cell: (s) => formatDateTime(s.ended) },
          { key: 'requests', header: 'Requests', cell: (s) => s.requests },
        ]}
      />
      <Pagination
        rowsType="sessions"
        state={{ ...paging, totalItems: query.data?.totalElements ?? 0 }}
        onChange={setPaging}
      />
    </>
  );
}

function Requests() {
  const { paging, setPaging, params } = usePaging();
  const query = useQuery({ ...auditRequestsQueryOptions(params), placeholderData: keepPreviousData });
  return (
    <>
      {query.isError && <p role="alert">Whoops, Something went wrong. Try again.</p>}
      <DataTable
        label="Impersonated requests"
        rows={query.data?.content ?? []}
        loading={query.isPending}
        rowKey={(r) => r.id}
        empty="No impersonated requests yet."
        columns={[
          { key: 'when', header: 'When', cell: (r) => formatDateTime(r.created) },
          { key: 'actor', header: 'Staff User', cell: (r) => whoShown(r.actor) },
          { key: 'as', header: 'Impersonated User', cell: (r) => whoShown(r.asUser) },
          { key: 'detail', header: 'Request', cell: (r) => r.detail ?? '-' },
        ]}
      />
      <Pagination
        rowsType="requests"
        state={{ ...paging, totalItems: query.data?.totalElements ?? 0 }}
        onChange={setPaging}
      />
    </>
  );
}

/** Impersonation audit (ADMIN): who acted as whom, grouped into sessions, and every impersonated request. */
export function ImpersonationAuditScreen() {
  return (
    <Page title="Impersonation Audit">
      <Card>
        <Tabs
          label="Impersonation audit"
          items={[
            { value: 'sessions', label: 'Sessions', content: <Sessions /> },
            { value: 'requests', label: 'Requests', content: <Requests /> },
          ]}
        />
      </Card>
    </Page>
  );
}
