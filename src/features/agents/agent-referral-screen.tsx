import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import {
  addAgentReferralNoteWrite,
  agentReferralQueryOptions,
  staffAgentQueryOptions,
} from '../../api/staff-agents.ts';
import { useWrite } from '../../api/write.ts';
import { codeLabel, enumLabel } from '../../contract/labels.ts';
import { NewNote } from '../../contract/referrals.ts';
import { formatDate, formatDateTime, personName } from '../../lib/format.ts';
import { recordId } from '../../lib/record-params.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { formatPhone } from '../../lib/validation.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { RecordFrame } from '../../ui/record-screen.tsx';
import { RecordSkeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { NotesPanel } from '../../widgets/notes-panel.tsx';
import { ReferralActions } from '../../widgets/referral-actions.tsx';
import { agentRouteOf } from './agent-paths.ts';

const eventText = (e: { type: string; fromStage: string | null; toStage: string | null; detail: string | null }) => {
  const move = e.toStage ? `${e.fromStage ? `${stageLabel(e.fromStage)} → ` : ''}${stageLabel(e.toStage)}` : '';
  return [codeLabel(e.type), move, e.detail].filter(Boolean).join(' · ');
};

/** One referral of an agent (nested referral/:referralId): the client, stage, actions, events and notes. */
export function AgentReferralScreen({ params }: { params: Record<string, string> }) {
  const route = agentRouteOf(params);
  const checked = recordId(params['referralId']);
  const referralId = checked ?? 0;
  const valid = route.valid && checked !== undefined;
  const [, navigate] = useLocation();
  const query = useQuery({ ...agentReferralQueryOptions(route.agentId, referralId), enabled: valid });
  const agent = useQuery({ ...staffAgentQueryOptions(route.agentId), enabled: valid });
  const note = useWrite(addAgentReferralNoteWrite(route.agentId, referralId));
  if (query.isError || !valid) {
    return (
      <Page>
        <QueryFailure thing="This referral" retry={valid ? query.refetch : undefined}>
          <Link href={route.agentPath}>Back to agent</Link>
        </QueryFailure>
      </Page>
    );
  }
  if (!query.data) return <RecordSkeleton label="Loading referral" />;
  const { referral: r, events, notes } = query.data;
  const name = personName(r.prospect.name.first, r.prospect.name.last, 'Not Available');
  const addNote = async (text: string) => {
    await note.mutateAsync(text);
  };
  // The referral now lives under its new agent: the same page there (inside the brokerage when opened there).
  const reassigned = (agentId: number) =>
    navigate(
      params['agentId'] !== undefined
        ? pathTo('brokerage-agent-referral', { id: route.brokerageId ?? 0, agentId, referralId })
        : pathTo('agent-referral', { id: agentId, referralId }),
    );
  return (
    <RecordFrame
      title={name}
      back={{ href: route.agentPath, label: 'Back to agent' }}
      more={
        <>
          <Card>
            <h2 className={styles.subheading}>Events</h2>
            <DataTable
              label="Referral events"
              rows={events}
              rowKey={(e) => e.id}
              empty="No events yet."
              columns={[
                { key: 'when', header: 'When', cell: (e) => formatDateTime(e.created) },
                { key: 'what', header: 'Event', cell: eventText },
                { key: 'who', header: 'By', cell: (e) => e.actorName ?? '-' },
              ]}
            />
          </Card>
          <Card>
            <h2 className={styles.subheading}>Notes</h2>
            <NotesPanel
              label="Referral notes"
              formatTime={formatDateTime}
              onAdd={addNote}
              rule={NewNote.entries.text}
              notes={notes.map((n) => ({ id: n.id, body: n.text, author: n.authorName, created: n.created }))}
            />
          </Card>
        </>
      }
    >
      <ReferralActions
        brokerageId={agent.data?.brokerageId ?? null}
        onReassigned={reassigned}
        referral={{
          id: r.id,
          agentId: r.agentId,
          agentName: agent.data?.name.display ?? null,
          overdue: r.overdue,
          name,
        }}
      />
      <DetailList
        items={[
          ['Type', enumLabel('referralType', r.type)],
          ['Stage', stageLabel(r.stage)],
          ['Follow-up', r.overdue ? `${r.daysOverdue} days overdue` : 'Up to date'],
          ['Phone', formatPhone(r.phone)],
          ['Email', r.email],
          ['Date of Sale', r.details.referralSale.dateOfSale],
          ['Removal Reason', r.removalReason],
          ['Received', formatDate(r.created)],
          ['Updated', formatDateTime(r.updated)],
        ]}
      />
    </RecordFrame>
  );
}
