import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { agentNotificationsQueryOptions, brokerageAgentChoicesQueryOptions } from '../../api/agent-notifications.ts';
import { NOTIFICATION_TYPES, type AgentNotification, type NotificationType } from '../../contract/notifications.ts';
import { formatDateTime } from '../../lib/format.ts';
import { NO_NOTIFICATIONS, NOTIFICATION_TYPE_LABELS, NOTIFICATIONS_ERROR } from '../../contract/agent-notifications.ts';
import { personName } from '../../lib/format.ts';
import { useBrokerageScope } from '../../session/brokerage-scope.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useSearchState } from '../../ui/use-search-state.ts';
import { SampleDialog } from './sample-dialog.tsx';

// The page opens on the spec's call (fromDate of yesterday), so its empty message is true as written;
// clearing "From" shows every notification.
const yesterday = () => format(new Date(Date.now() - 86_400_000), 'yyyy-MM-dd');
const NO_MATCH = 'No notifications match these filters.';

const isType = (t: string): t is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(t);

/** My Notifications: every notification sent to the brokerage's agents, newest first, filtered and paged. */
export function MyNotificationsScreen() {
  const brokerageId = useBrokerageScope();
  const defaults = useMemo(() => ({ type: '', agent: '', from: yesterday(), to: '' }), []);
  const list = useSearchState(defaults);
  const { type, agent, from, to } = list.filter;
  const [sampleOpen, setSampleOpen] = useState(false);
  const agents = useQuery({ ...brokerageAgentChoicesQueryOptions(brokerageId ?? 0), enabled: brokerageId !== null });
  const choices = useMemo(() => (agents.data?.content ?? [])
    .map((a) => ({ id: a.id, name: personName(a.name.first, a.name.last, `Agent ${a.id}`) })), [agents.data]);
  const agentId = /^\d+$/.test(agent) ? Number(agent) : undefined;
  const query = useQuery({
    ...agentNotificationsQueryOptions({
      pageIndex: list.pageIndex, pageSize: list.rowsPerPage, type: isType(type) ? type : '', agentId, fromDate: from, toDate: to,
    }),
    placeholderData: keepPreviousData,
  });
  const isDefault = !type && !agent && from === defaults.from && !to;

  return (
    <Page>
      <Card aria-labelledby="notifications-heading">
        <div className={styles.headerRow}>
          <h2 id="notifications-heading" className={styles.heading}>Agent notifications</h2>
          {brokerageId !== null && <Button onClick={() => setSampleOpen(true)}>Send Sample Notification</Button>}
        </div>
        <div className={styles.toolbar} role="group" aria-label="Filters">
          <SelectField label="Type" value={type} onChange={(e) => list.setFilter({ type: e.target.value })}>
            <option value="">All types</option>
            {NOTIFICATION_TYPES.map((t) => <option key={t} value={t}>{NOTIFICATION_TYPE_LABELS[t]}</option>)}
          </SelectField>
          {brokerageId !== null && (
            <SelectField label="Agent" value={agent} onChange={(e) => list.setFilter({ agent: e.target.value })}>
              <option value="">All agents</option>
              {choices.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
            </SelectField>
          )}
          <TextField label="From" type="date" value={from} max={to || undefined} onChange={(e) => list.setFilter({ from: e.target.value })} />
          <TextField label="To" type="date" value={to} min={from || undefined} onChange={(e) => list.setFilter({ to: e.target.value })} />
          {!isDefault && <Button variant="text" onClick={() => list.setFilter({ type: '', agent: '', from: defaults.from, to: '' })}>Reset Filters</Button>}
        </div>
        {query.isError ? <p role="alert" className={styles.formError}>{NOTIFICATIONS_ERROR}</p> : (
          <DataTable<AgentNotification> label="Agent notifications" rows={query.data?.content ?? []} loading={query.isPending}
            rowKey={(n) => n.id} empty={isDefault ? NO_NOTIFICATIONS : NO_MATCH} columns={[
              { key: 'sent', header: 'Sent', cell: (n) => formatDateTime(n.sent) },
              { key: 'type', header: 'Type', cell: (n) => NOTIFICATION_TYPE_LABELS[n.type] },
              { key: 'agent', header: 'Agent', cell: (n) => n.agentDisplayName ?? 'Not Available' },
              {
                key: 'referral', header: 'Referral', cell: (n) => n.referralId
                  ? <Link href={pathTo('my-referral-view', { referralId: n.referralId })}>{n.referralName ?? `Referral ${n.referralId}`}</Link>
                  : n.referralName ?? '-',
              },
              { key: 'text', header: 'Notification', cell: (n) => <><strong>{n.title}</strong><br />{n.text}</> },
            ]} />
        )}
        <Pagination rowsType="notifications" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
      </Card>
      <SampleDialog open={sampleOpen} onOpenChange={setSampleOpen} agents={choices} />
    </Page>
  );
}
