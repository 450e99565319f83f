import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import {
  addBrokerageNote, brokerageNotesQueryOptions, myAgentDetailKeys, myAgentFunnelQueryOptions, myAgentQueryOptions,
  myAgentReferralsQueryOptions, responseTimeQueryOptions,
} from '../../api/my-agents.ts';
import type { AgentReferral } from '../../contract/referrals.ts';
import { NOT_JOINED_STATUSES } from '../../contract/agents.ts';
import { daysText, formatFraction, formatResponseTime } from '../../lib/format.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { formatDate, formatDateTime, personName } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { ActionBar } from '../../ui/action-bar.tsx';
import { Badge } from '../../ui/badge.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { AgentAreasReadOnly } from '../../widgets/agent-areas.tsx';
import { AgentLifecycle } from '../../widgets/agent-lifecycle.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { RecordSkeleton, Skeleton } from '../../ui/skeleton.tsx';
import { useIsMobile } from '../../ui/media.ts';
import { MlsBoards } from '../../widgets/mls-boards.tsx';
import { NotesPanel } from '../../widgets/notes-panel.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import * as styles from '../../ui/staff.css.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { AgentFunnelTabs } from './agent-funnel-tabs.tsx';
import { enumLabel } from '../../contract/labels.ts';

function Referrals({ id }: { id: number }) {
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  const query = useQuery({ ...myAgentReferralsQueryOptions(id, { pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage }), placeholderData: keepPreviousData });
  const columns: Column<AgentReferral>[] = [
    { key: 'prospect', header: 'Prospect', cell: (r) => (
      <Link href={pathTo('my-agent-referral', { id, referralId: r.id })}>{personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}</Link>
    ) },
    { key: 'type', header: 'Type', cell: (r) => enumLabel('referralType', r.type) },
    { key: 'stage', header: 'Stage', cell: (r) => stageLabel(r.stage) },
    { key: 'overdue', header: 'Follow-up', cell: (r) => (r.overdue ? <Badge tone="danger">{daysText(r.daysOverdue)} overdue</Badge> : 'Up to date') },
    { key: 'updated', header: 'Updated', cell: (r) => formatDateTime(r.updated) },
  ];
  return (
    <>
      <DataTable label="Agent referrals" columns={columns} rows={query.data?.content ?? []} rowKey={(r) => r.id}
        loading={query.isPending} empty="This agent has no referrals." />
      <Pagination rowsType="referrals" state={{ ...paging, totalItems: query.data?.totalElements ?? 0 }} onChange={setPaging} />
    </>
  );
}

function Notes({ id }: { id: number }) {
  const client = useQueryClient();
  const notes = useQuery(brokerageNotesQueryOptions(id));
  if (!notes.data) return notes.isError ? <p role="alert">Notes could not be loaded.</p> : <Skeleton label="Loading notes" shape="list" />;
  const add = async (body: string) => {
    await addBrokerageNote(id, body);
    await client.invalidateQueries({ queryKey: myAgentDetailKeys.notes(id) });
  };
  return (
    <NotesPanel label="Agent notes" formatTime={formatDateTime} onAdd={add}
      notes={notes.data.content.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))} />
  );
}

function ResponseTimes({ id }: { id: number }) {
  const rt = useQuery(responseTimeQueryOptions(id));
  if (!rt.data) return rt.isError ? <p role="alert">Response times could not be loaded.</p> : <Skeleton label="Loading response times" shape="figures" />;
  const r = rt.data;
  return (
    <DetailList items={[
      ['Last 7 days', `${formatResponseTime(r.last7ResponseTime)} (${r.last7Responded} of ${r.last7Received} referrals answered)`],
      ['Last 30 days', `${formatResponseTime(r.last30ResponseTime)} (${r.last30Responded} of ${r.last30Received} referrals answered)`],
    ]} />
  );
}

/** One of the brokerage's agents (my-agents view/:id): profile, funnel, referrals, notes, response times, MLS boards, areas. */
export function MyAgentViewScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params['id']);
  const valid = Number.isInteger(id) && id > 0;
  const agent = useQuery({ ...myAgentQueryOptions(id), enabled: valid });
  const funnel = useQuery({ ...myAgentFunnelQueryOptions(id), enabled: valid });
  const mobile = useIsMobile();
  const a = agent.data;
  const name = a ? a.name.display ?? 'Not Available' : undefined;
  useAddRecentlyViewed('myAgents', a && name ? { id: a.id, label: name } : undefined);
  if (!valid || agent.isError) {
    return <Page><p role="alert">This agent could not be loaded.</p><Link href={pathTo('my-agents')}>Back to My Agents</Link></Page>;
  }
  if (!a || !name) return <RecordSkeleton label="Loading agent" />;
  const overdue = a.funnelStatus.stages.overdueForFollowup.count;
  return (
    <Page title={name}>
      <div className={styles.stack}>
        <Card>
          <div className={styles.headerRow}>
            <h2 className={styles.heading}>{name}</h2>
            {!mobile && <Link className={buttonClass('secondary')} href={pathTo('my-agent-questionnaire', { id })}>Questionnaire</Link>}
            <Link href={pathTo('my-agents')}>Back to My Agents</Link>
          </div>
          <AgentLifecycle agent={a} name={name} />
          <DetailList items={[
            ['Score', NOT_JOINED_STATUSES.includes(a.status) ? 'Not joined yet' : a.agentDisplayScore === null ? '-' : formatFraction(a.agentDisplayScore)],
            ['Overdue', overdue > 0 ? `${overdue} referrals, up to ${daysText(a.funnelStatus.stages.maxDaysOverdue.count)}` : 'None'],
            ['Email', a.email ?? '-'],
            ['Phone', formatPhone(a.phone) || '-'],
            ['Joined', formatDate(a.created)],
            ['Desktop Last Accessed', formatDateTime(a.agentDesktopLastAccessed)],
          ]} />
        </Card>
        <Card>
          <h2 className={styles.subheading}>Funnel</h2>
          {funnel.data ? <AgentFunnelTabs funnel={funnel.data} />
            : funnel.isError ? <p role="alert">The funnel could not be loaded.</p> : <Skeleton label="Loading funnel" shape="chart" />}
        </Card>
        <Card>
          <Tabs label="Agent details" items={[
            { value: 'referrals', label: 'Referrals', content: <Referrals id={id} /> },
            { value: 'notes', label: 'Notes', content: <Notes id={id} /> },
            { value: 'response', label: 'Response Times', content: <ResponseTimes id={id} /> },
            // The server lets the agent's brokerage admins change the MLS boards but only read the areas.
            { value: 'mls', label: 'MLS Boards', content: <MlsBoards id={id} /> },
            { value: 'areas', label: 'Coverage Areas', content: <AgentAreasReadOnly id={id} /> },
          ]} />
        </Card>
        {/* A phone keeps the agent's actions at hand, stuck to the bottom of the screen (action-bar.tsx). */}
        {mobile && (
          <ActionBar label="Agent actions">
            {a.phone && <a className={buttonClass('primary')} href={`tel:${a.phone}`}>Call</a>}
            {a.email && <a className={buttonClass('secondary')} href={`mailto:${a.email}`}>Email</a>}
            <Link className={buttonClass('secondary')} href={pathTo('my-agent-questionnaire', { id })}>Questionnaire</Link>
          </ActionBar>
        )}
      </div>
    </Page>
  );
}
