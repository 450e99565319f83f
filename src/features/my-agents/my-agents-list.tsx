import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { AGENT_STATUSES, NOT_JOINED_STATUSES } from '../../contract/agents.ts';
import { enumLabel } from '../../contract/labels.ts';
import type { MyAgent } from '../../contract/my-agents.ts';
import { daysText, formatFraction, formatResponseTime } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { defineList } from '../../widgets/list-screen.tsx';

/** Figures of an agent who has not joined yet. */
const NOT_JOINED = 'Not joined yet';
const SORT_KEYS = ['name', 'score', 'overdue', 'closings', 'status'] as const;
export const MY_AGENT_SORT_CHOICES = [
  { key: 'name', desc: false, label: 'Name (A–Z)' },
  { key: 'overdue', desc: true, label: 'Most overdue first' },
  { key: 'score', desc: true, label: 'Highest score first' },
  { key: 'closings', desc: true, label: 'Most closings first' },
];

export const MY_AGENT_COLUMNS: Column<MyAgent>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (a) => <Link href={pathTo('view-my-agent', { id: a.id })}>{a.name.display ?? 'Not Available'}</Link>,
  },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (a) => enumLabel('agentStatus', a.status) },
  // An agent who has not joined has no figures of their own yet: they are said so rather than shown as 0.
  {
    key: 'score',
    header: 'Score',
    sortKey: 'score',
    cell: (a) =>
      NOT_JOINED_STATUSES.includes(a.status)
        ? NOT_JOINED
        : a.agentDisplayScore === null
          ? '-'
          : formatFraction(a.agentDisplayScore),
  },
  {
    key: 'overdue',
    header: 'Overdue',
    sortKey: 'overdue',
    cell: (a) => {
      const n = a.funnelStatus.stages.overdueForFollowup.count;
      return n > 0 ? (
        <Badge tone="danger">
          {n} · up to {daysText(a.funnelStatus.stages.maxDaysOverdue.count)}
        </Badge>
      ) : (
        '0'
      );
    },
  },
  {
    key: 'closings',
    header: 'Closings',
    sortKey: 'closings',
    cell: (a) => (NOT_JOINED_STATUSES.includes(a.status) ? NOT_JOINED : a.closings),
  },
  {
    key: 'response',
    header: '7/30 Day Response',
    cell: (a) =>
      NOT_JOINED_STATUSES.includes(a.status)
        ? NOT_JOINED
        : `${formatResponseTime(a.last7ResponseTime)} / ${formatResponseTime(a.last30ResponseTime)}`,
  },
];

/** The brokerage's agents: search by name, filter by status, sort (the overview's View All opens it by overdue). */
export const MY_AGENTS_LIST = defineList({
  sort: { key: 'name', desc: false },
  sortKeys: SORT_KEYS,
  search: { key: 'name', label: 'Search agents', placeholder: 'Agent name' },
  // Deleted too: the roster leaves them out only while no status is chosen (a name search finds them as well).
  filters: [
    {
      key: 'status',
      label: 'Status',
      all: 'All statuses',
      options: AGENT_STATUSES.map((s) => ({ value: s, label: enumLabel('agentStatus', s) })),
    },
  ],
});
