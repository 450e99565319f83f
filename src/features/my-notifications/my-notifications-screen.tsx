import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lightFormat } from 'date-fns';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { agentNotificationsQueryOptions, brokerageAgentChoicesQueryOptions } from '../../api/agent-notifications.ts';
import { NO_NOTIFICATIONS, NOTIFICATION_TYPE_LABELS, NOTIFICATIONS_ERROR } from '../../contract/agent-notifications.ts';
import { NOTIFICATION_TYPES, type AgentNotification, type NotificationType } from '../../contract/notifications.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { useBrokerageScope } from '../../session/brokerage-scope.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen, type ListDefinition } from '../../widgets/list-screen.tsx';
import { SampleDialog } from './sample-dialog.tsx';

// The page opens on the spec's call (fromDate of yesterday), so its empty message is true as written;
// clearing "From" shows every notification (the address then carries an empty from=).
const yesterday = () => lightFormat(new Date(Date.now() - 86_400_000), 'yyyy-MM-dd');
const NO_MATCH = 'No notifications match these filters.';

const isType = (t: string): t is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(t);

// Newest first is the spec's call (sent,DESC); the table offers no other order.
const BASE = defineList({
  sort: { key: 'sent', desc: true },
  sortKeys: ['sent'],
  filters: [
    {
      key: 'type',
      label: 'Type',
      all: 'All types',
      options: NOTIFICATION_TYPES.map((t) => ({ value: t, label: NOTIFICATION_TYPE_LABELS[t] })),
    },
  ],
});
type NotificationFilter = { type: string; agent: string; from: string; to: string };
/** The definition with the filters the toolbar's own fields set: the agent (loaded choices) and the dates. */
const definitionFrom = (from: string): ListDefinition<NotificationFilter> => ({
  ...BASE,
  spec: { ...BASE.spec, filter: { ...BASE.spec.filter, agent: '', from, to: '' } },
});

const COLUMNS: readonly Column<AgentNotification>[] = [
  { key: 'sent', header: 'Sent', cell: (n) => formatDateTime(n.sent) },
  { key: 'type', header: 'Type', cell: (n) => NOTIFICATION_TYPE_LABELS[n.type] },
  { key: 'agent', header: 'Agent', cell: (n) => n.agentDisplayName ?? 'Not Available' },
  {
    key: 'referral',
    header: 'Referral',
    cell: (n) =>
      n.referralId ? (
        <Link href={pathTo('my-referral-view', { referralId: n.referralId })}>
          {n.referralName ?? `Referral ${n.referralId}`}
        </Link>
      ) : (
        (n.referralName ?? '-')
      ),
  },
  {
    key: 'text',
    header: 'Notification',
    cell: (n) => (
      <>
        <strong>{n.title}</strong>
        <br />
        {n.text}
      </>
    ),
  },
];

/** My Notifications: every notification sent to the brokerage's agents, newest first, filtered and paged. */
export function MyNotificationsScreen() {
  const brokerageId = useBrokerageScope();
  const definition = useMemo(() => definitionFrom(yesterday()), []);
  const list = useUrlListState(definition.spec);
  const { type, agent, from, to } = list.filter;
  const [sampleOpen, setSampleOpen] = useState(false);
  const agents = useQuery({ ...brokerageAgentChoicesQueryOptions(brokerageId ?? 0), enabled: brokerageId !== null });
  const choices = useMemo(
    () =>
      (agents.data?.content ?? []).map((a) => ({
        id: a.id,
        name: personName(a.name.first, a.name.last, `Agent ${a.id}`),
      })),
    [agents.data],
  );
  const agentId = /^\d+$/.test(agent) ? Number(agent) : undefined;
  const query = useQuery({
    ...agentNotificationsQueryOptions({
      pageIndex: list.params.pageIndex,
      pageSize: list.params.pageSize,
      type: isType(type) ? type : '',
      agentId,
      fromDate: from,
      toDate: to,
    }),
    placeholderData: keepPreviousData,
  });
  const isDefault = !type && !agent && from === definition.spec.filter.from && !to;

  return (
    <>
      <ListScreen
        title="My Notifications"
        definition={definition}
        list={list}
        query={query}
        columns={COLUMNS}
        rowKey={(n) => n.id}
        label="Agent notifications"
        rowsType="notifications"
        empty={isDefault ? NO_NOTIFICATIONS : NO_MATCH}
        error={NOTIFICATIONS_ERROR}
        fields={
          <>
            {brokerageId !== null && (
              <SelectField label="Agent" value={agent} onChange={(e) => list.setFilter({ agent: e.target.value })}>
                <option value="">All agents</option>
                {choices.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </SelectField>
            )}
            <TextField
              label="From"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => list.setFilter({ from: e.target.value })}
            />
            <TextField
              label="To"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => list.setFilter({ to: e.target.value })}
            />
            {!isDefault && (
              <Button
                variant="text"
                onClick={() => list.setFilter({ type: '', agent: '', from: definition.spec.filter.from, to: '' })}
              >
                Reset Filters
              </Button>
            )}
          </>
        }
        actions={brokerageId !== null && <Button onClick={() => setSampleOpen(true)}>Send Sample Notification</Button>}
      />
      <SampleDialog open={sampleOpen} onOpenChange={setSampleOpen} agents={choices} />
    </>
  );
}
