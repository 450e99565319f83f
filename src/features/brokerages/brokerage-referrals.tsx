import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { brokerageReferralsQueryOptions } from '../../api/brokerages.ts';
import type { Referral } from '../../contract/brokerages.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { Badge } from '../../ui/badge.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Pagination } from '../../ui/pagination.tsx';

/** The brokerage's referrals, most recently updated first; each opens inside its agent. */
export function BrokerageReferrals({ id }: { id: number }) {
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  const query = useQuery({
    ...brokerageReferralsQueryOptions(id, { pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<Referral>[] = [
    {
      key: 'prospect',
      header: 'Client',
      cell: (r) => (
        <Link href={pathTo('brokerage-agent-referral', { id, agentId: r.agentId, referralId: r.id })}>
          {personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}
        </Link>
      ),
    },
    { key: 'agent', header: 'Agent', cell: (r) => r.agentName ?? '-' },
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
        label="Brokerage referrals"
        columns={columns}
        rows={query.data?.content ?? []}
        rowKey={(r) => r.id}
        loading={query.isPending}
        empty="This brokerage has no referrals."
      />
      <Pagination
        rowsType="referrals"
        state={{ ...paging, totalItems: query.data?.totalElements ?? 0 }}
        onChange={setPaging}
      />
    </>
  );
}
