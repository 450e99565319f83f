import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import {
  addBrokerageNoteWrite,
  brokerageNotesQueryOptions,
  myAgentFunnelQueryOptions,
  myAgentQueryOptions,
  myAgentReferralsQueryOptions,
  responseTimeQueryOptions,
} from '../../api/my-agents.ts';
import { useWrite } from '../../api/write.ts';
import { NOT_JOINED_STATUSES } from '../../contract/agents.ts';
import { enumLabel } from '../../contract/labels.ts';
import type { AgentReferral } from '../../contract/referrals.ts';
import {
  daysText,
  formatDate,
  formatDateTime,
  formatFraction,
  formatResponseTime,
  personName,
} from '../../lib/format.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { recordId } from '../../lib/record-params.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { Badge } from '../../ui/badge.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { AgentAreasReadOnly } from '../../widgets/agent-areas.tsx';
import { AgentLifecycle } from '../../widgets/agent-lifecycle.tsx';
import { MlsBoards } from '../../widgets/mls-boards.tsx';
import { NotesPanel } from '../../widgets/notes-panel.tsx';
import { AgentFunnelTabs } from './agent-funnel-tabs.tsx';

function Referrals({ id }: { id: number }) {
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  const query = useQuery({
    ...myAgentReferralsQueryOptions(id, { pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<AgentReferral>[] = [
    {
      key: 'prospect',
      header: 'Prospect',
      cell: (r) => (
        <Link href={pathTo('my-agent-referral', { id, referralId: r.id })}>
          {personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', cell: (r) => enumLabel('referralType', r.type) },
    { key: 'stage', header: 'Stage', cell: (r) => stageLabel(r.stage) },
    {
      key: 'overdue',
      header: 'Follow-up',
      cell: (r) => (r.overdue ? <Badge tone="danger">{daysText(r.daysOverdue)} overdue</Badge> : 'Up to date'),
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

function Notes({ id }: { id: number }) {
  const note = useWrite(addBrokerageNoteWrite(id));
  const notes = useQuery(brokerageNotesQueryOptions(id));
  if (!notes.data)
    return notes.isError ? (
      <QueryFailure thing="Notes" retry={notes.refetch} />
    ) : (
      <Skeleton label="Loading notes" shape="list" />
    );
  const add = async (body: string) => {
    await note.mutateAsync(body);
  };
  return (
    <NotesPanel
      label="Agent notes"
      formatTime={formatDateTime}
      onAdd={add}
      notes={notes.data.content.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))}
    />
  );
}

function ResponseTimes({ id }: { id: number }) {
  const rt = useQuery(responseTimeQueryOptions(id));
  if (!rt.data)
    return rt.isError ? (
      <QueryFailure thing="Response times" retry={rt.refetch} />
    ) : (
      <Skeleton label="Loading response times" shape="figures" />
    );
  const r = rt.data;
  return (
    <DetailList
      items={[
        [
          'Last 7 days',
          `${formatResponseTime(r.last7ResponseTime)} (${r.last7Responded} of ${r.last7Received} referrals answered)`,
        ],
        [
          'Last 30 days',
          `${formatResponseTime(r.last30ResponseTime)} (${r.last30Responded} of ${r.last30Received} referrals answered)`,
        ],
      ]}
    />
  );
}

/** One of the brokerage's agents (my-agents view/:id): profile, funnel, referrals, notes, response times, MLS boards, areas. */
export function MyAgentViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const id = found ?? 0;
  const agent = useQuery({ ...myAgentQueryOptions(id), enabled: found !== undefined });
  const funnel = useQuery({ ...myAgentFunnelQueryOptions(id), enabled: found !== undefined });
  const a = agent.data;
  const nameOf = (x: NonNullable<typeof a>) => x.name.display ?? 'Not Available';
  useAddRecentlyViewed('myAgents', a ? { id: a.id, label: nameOf(a) } : undefined);
  const questionnaire = (
    <Link className={buttonClass('secondary')} href={pathTo('my-agent-questionnaire', { id })}>
      Questionnaire
    </Link>
  );
  return (
    <RecordScreen
      found={found !== undefined}
      query={agent}
      noun="agent"
      title={nameOf}
      back={{ href: pathTo('my-agents'), label: 'Back to My Agents' }}
      actions={() => questionnaire}
      // A phone keeps the agent's actions at hand, stuck to the bottom of the screen (action-bar.tsx).
      phoneActions={(x) => (
        <>
          {x.phone && (
            <a className={buttonClass('primary')} href={`tel:${x.phone}`}>
              Call
            </a>
          )}
          {x.email && (
            <a className={buttonClass('secondary')} href={`mailto:${x.email}`}>
              Email
            </a>
          )}
          {questionnaire}
        </>
      )}
      more={() => (
        <>
          <Card>
            <h2 className={styles.subheading}>Funnel</h2>
            {funnel.data ? (
              <AgentFunnelTabs funnel={funnel.data} />
            ) : funnel.isError ? (
              <QueryFailure thing="The funnel" retry={funnel.refetch} />
            ) : (
              <Skeleton label="Loading funnel" shape="chart" />
            )}
          </Card>
          <Card>
            <Tabs
              label="Agent details"
              items={[
                { value: 'referrals', label: 'Referrals', content: <Referrals id={id} /> },
                { value: 'notes', label: 'Notes', content: <Notes id={id} /> },
                { value: 'response', label: 'Response Times', content: <ResponseTimes id={id} /> },
                // The server lets the agent's brokerage admins change the MLS boards but only read the areas.
                { value: 'mls', label: 'MLS Boards', content: <MlsBoards id={id} /> },
                { value: 'areas', label: 'Coverage Areas', content: <AgentAreasReadOnly id={id} /> },
              ]}
            />
          </Card>
        </>
      )}
    >
      {(x) => {
        const overdue = x.funnelStatus.stages.overdueForFollowup.count;
        return (
          <>
            <AgentLifecycle agent={x} name={nameOf(x)} />
            <DetailList
              items={[
                [
                  'Score',
                  NOT_JOINED_STATUSES.includes(x.status)
                    ? 'Not joined yet'
                    : x.agentDisplayScore === null
                      ? '-'
                      : formatFraction(x.agentDisplayScore),
                ],
                [
                  'Overdue',
                  overdue > 0
                    ? `${overdue} referrals, up to ${daysText(x.funnelStatus.stages.maxDaysOverdue.count)}`
                    : 'None',
                ],
                ['Email', x.email ?? '-'],
                ['Phone', formatPhone(x.phone) || '-'],
                ['Joined', formatDate(x.created)],
                ['Desktop Last Accessed', formatDateTime(x.agentDesktopLastAccessed)],
              ]}
            />
          </>
        );
      }}
    </RecordScreen>
  );
}
