import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { agentReferralsQueryOptions } from '../../api/staff-agents.ts';
import { enumLabel } from '../../contract/labels.ts';
import type { AgentReferral } from '../../contract/referrals.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { Badge } from '../../ui/badge.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Pagination } from '../../ui/pagination.tsx';

/** The agent's referrals, most recently updated first; each opens the nested referral view. */
export function AgentReferrals({ id, referralPath }: { id: number; referralPath: (referralId: number) => string }) {
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  const query = useQuery({
    ...agentReferralsQueryOptions(id, { pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<AgentReferral>[] = [
    {
      key: 'client',
      header: 'Client',
      cell: (r) => (
        <Link href={referralPath(r.id)}>
          {personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', cell: (r) => enumLabel('referralType', r.type) },
    { key: 'stage', header: 'Stage', cell: (r) => stageLabel(r.stage) },
    {
      key: 'overdue',
      header: 'Follow-up',
      cell: (r) => (r.overdue ? <Badge tone="danger">{r.daysOverdue} days overdue</Badge> : 'Up to date'),
    },
    { key: 'updated', header: 'Updated', cell: (r) => formatDateTime(r.updated) },
  ];
  return (
    <>
      <DataTable
        label="Agent referrals"
        columns={columns}
        rows={query.data?.content ?? []}
        rowKey={(r) => r.id}
        loading={query.isPending}
        empty="This agent has no referrals."
      />
      <Pagination
        rowsType="referrals"
        state={{ ...paging, totalItems: query.data?.totalElements ?? 0 }}
        onChange={setPaging}
      />
    </>
  );
}
